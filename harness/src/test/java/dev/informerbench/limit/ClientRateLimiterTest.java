package dev.informerbench.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.bucket4j.TimeMeter;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/** The limiter in simulated time: no sleeping, no timing flakiness. */
class ClientRateLimiterTest {
    static final class FakeClock implements TimeMeter {
        long nanos;

        @Override
        public long currentTimeNanos() {
            return nanos;
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    }

    @Test
    void burstThenTheConfiguredRate() {
        FakeClock clock = new FakeClock();
        ClientRateLimiter limiter = ClientRateLimiter.of(5, 10, clock);
        int burst = 0;
        while (limiter.tryAcquire()) {
            burst++;
        }
        assertThat(burst).isEqualTo(10);

        // Five simulated seconds, asking every millisecond as a greedy caller would.
        int granted = 0;
        for (int ms = 1; ms <= 5_000; ms++) {
            clock.nanos = ms * 1_000_000L;
            while (limiter.tryAcquire()) {
                granted++;
            }
        }
        assertThat((double) granted / 5).isCloseTo(5.0, Percentage.withPercentage(2));
    }

    @Test
    void fractionalRatesWork() {
        FakeClock clock = new FakeClock();
        ClientRateLimiter limiter = ClientRateLimiter.of(0.5, 1, clock);
        assertThat(limiter.tryAcquire()).isTrue();
        clock.nanos = 1_999_000_000L;
        assertThat(limiter.tryAcquire()).isFalse();
        clock.nanos = 2_000_000_000L;
        assertThat(limiter.tryAcquire()).isTrue();
    }

    @Test
    void idleTimeRefillsNoMoreThanTheBurst() {
        FakeClock clock = new FakeClock();
        ClientRateLimiter limiter = ClientRateLimiter.of(5, 10, clock);
        clock.nanos = 60_000_000_000L;
        int available = 0;
        while (limiter.tryAcquire()) {
            available++;
        }
        assertThat(available).isEqualTo(10);
    }

    @Test
    void badShapesAreRefused() {
        assertThatThrownBy(() -> ClientRateLimiter.of(0, 10)).hasMessage("qps must be a number above 0, not 0.0");
        assertThatThrownBy(() -> ClientRateLimiter.of(-1, 10)).hasMessage("qps must be a number above 0, not -1.0");
        assertThatThrownBy(() -> ClientRateLimiter.of(Double.NaN, 10))
                .hasMessage("qps must be a number above 0, not NaN");
        assertThatThrownBy(() -> ClientRateLimiter.of(5, 0)).hasMessage("burst must be at least 1, not 0");
    }
}
