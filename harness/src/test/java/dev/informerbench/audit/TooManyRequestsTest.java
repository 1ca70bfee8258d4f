package dev.informerbench.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kubernetes.client.openapi.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TooManyRequestsTest {
    @Test
    void waitsWhatRetryAfterSaysInAnyCase() {
        assertThat(TooManyRequests.wait(Map.of("retry-after", List.of("1")), 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(TooManyRequests.wait(Map.of("Retry-After", List.of(" 3 ")), 7)).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void retryAfterIsBounded() {
        assertThat(TooManyRequests.wait(Map.of("Retry-After", List.of("3600")), 1)).isEqualTo(TooManyRequests.MAX_WAIT);
    }

    @Test
    void withoutUsableRetryAfterBacksOffExponentiallyFrom50Ms() {
        assertThat(TooManyRequests.wait(null, 1)).isEqualTo(Duration.ofMillis(50));
        assertThat(TooManyRequests.wait(Map.of(), 2)).isEqualTo(Duration.ofMillis(100));
        assertThat(TooManyRequests.wait(Map.of("Retry-After", List.of("Wed, 21 Oct 2015 07:28:00 GMT")), 3))
                .isEqualTo(Duration.ofMillis(200));
        assertThat(TooManyRequests.wait(Map.of("Retry-After", List.of("0")), 1)).isEqualTo(Duration.ofMillis(50));
        assertThat(TooManyRequests.wait(Map.of(), 100)).isEqualTo(Duration.ofMillis(3200));
    }

    @Test
    void retriesOnlyA429() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        String result = TooManyRequests.retrying(() -> {
            if (calls.incrementAndGet() < 3) {
                throw new ApiException(429, Map.of("Retry-After", List.of("0")), "too many");
            }
            return "ok";
        });
        assertThat(result).isEqualTo("ok");
        assertThat(calls).hasValue(3);

        calls.set(0);
        assertThatThrownBy(() -> TooManyRequests.retrying(() -> {
            calls.incrementAndGet();
            throw new ApiException(409, Map.of(), "exists");
        })).isInstanceOf(ApiException.class);
        assertThat(calls).hasValue(1);
    }
}
