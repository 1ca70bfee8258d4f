package dev.informerbench.limit;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;

/**
 * The client-side rate limit client-go puts in front of every request by default: a token
 * bucket that starts full with {@code burst} tokens and refills continuously at {@code qps}
 * tokens per second (client-go: QPS 5, burst 10). Bucket4j does the bookkeeping; this class
 * only fixes the shape so the suite and its tests agree on it.
 */
public final class ClientRateLimiter {
    /** client-go's rest.Config defaults. */
    public static final double CLIENT_GO_QPS = 5;
    public static final int CLIENT_GO_BURST = 10;

    private final Bucket bucket;
    private final double qps;
    private final int burst;

    private ClientRateLimiter(Bucket bucket, double qps, int burst) {
        this.bucket = bucket;
        this.qps = qps;
        this.burst = burst;
    }

    public static ClientRateLimiter of(double qps, int burst) {
        return of(qps, burst, TimeMeter.SYSTEM_NANOTIME);
    }

    /** With a clock of the caller's, for tests in simulated time. */
    public static ClientRateLimiter of(double qps, int burst, TimeMeter clock) {
        if (!(qps > 0) || Double.isInfinite(qps)) {
            throw new IllegalArgumentException("qps must be a number above 0, not " + qps);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1, not " + burst);
        }
        // One token every 1/qps seconds, greedily: a smooth refill like golang.org/x/time/rate.
        Bandwidth limit = Bandwidth.builder()
                .capacity(burst)
                .refillGreedy(1, Duration.ofNanos(Math.round(1e9 / qps)))
                .initialTokens(burst)
                .build();
        return new ClientRateLimiter(Bucket.builder().addLimit(limit).withCustomTimePrecision(clock).build(), qps,
                burst);
    }

    /** Blocks until a token is free, then takes it. */
    public void acquire() throws InterruptedException {
        bucket.asBlocking().consume(1);
    }

    /** Takes a token if one is free now. */
    public boolean tryAcquire() {
        return bucket.tryConsume(1);
    }

    public double qps() {
        return qps;
    }

    public int burst() {
        return burst;
    }
}
