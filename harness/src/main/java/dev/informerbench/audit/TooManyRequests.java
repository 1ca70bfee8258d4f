package dev.informerbench.audit;

import dev.informerbench.accounting.RequestCounter;
import io.kubernetes.client.openapi.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * 429 Too Many Requests, which API Priority and Fairness answers when a priority level has no
 * free seat: not an error for the suite. {@link RequestCounter} counts every one; writes the
 * suite needs done (seeding) wait and try again with {@link #retrying}, honoring the server's
 * {@code Retry-After}, a bounded number of times.
 */
public final class TooManyRequests {
    public static final int CODE = 429;
    /** Attempts in all, the first included: with APF's Retry-After of 1 s, about half a minute of waiting. */
    static final int MAX_ATTEMPTS = 30;
    /** No single wait is longer, whatever Retry-After says. */
    static final Duration MAX_WAIT = Duration.ofSeconds(10);

    private TooManyRequests() {}

    /** A call to the API server. */
    @FunctionalInterface
    public interface Call<T> {
        T execute() throws ApiException;
    }

    public static boolean is429(ApiException e) {
        return e.getCode() == CODE;
    }

    /** Runs {@code call}, and again after the wait the server asked for while it answers 429. */
    public static <T> T retrying(Call<T> call) throws ApiException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.execute();
            } catch (ApiException e) {
                if (!is429(e) || attempt >= MAX_ATTEMPTS) {
                    throw e;
                }
                Thread.sleep(wait(e.getResponseHeaders(), attempt).toMillis());
            }
        }
    }

    /**
     * How long to wait before attempt {@code attempt + 1}: the {@code Retry-After} seconds if the
     * answer had them (APF sends 1), else an exponential backoff from 50 ms; at most {@link #MAX_WAIT}.
     */
    static Duration wait(Map<String, List<String>> headers, int attempt) {
        Duration backoff = Duration.ofMillis(50L << Math.min(Math.max(attempt - 1, 0), 6));
        // Retry-After: 0 would spin; take the backoff then.
        Duration wait = retryAfter(headers).filter(d -> !d.isZero()).orElse(backoff);
        return wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
    }

    /** Retry-After as delay-seconds (the HTTP-date form is not used by the API server). */
    static Optional<Duration> retryAfter(Map<String, List<String>> headers) {
        if (headers == null) {
            return Optional.empty();
        }
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            if (h.getKey() != null && h.getKey().equalsIgnoreCase("Retry-After") && h.getValue() != null
                    && !h.getValue().isEmpty()) {
                try {
                    long seconds = Long.parseLong(h.getValue().get(0).strip());
                    return seconds >= 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
                } catch (NumberFormatException notSeconds) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }
}
