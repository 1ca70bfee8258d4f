package dev.informerbench.support;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one way this project waits for something to become true: poll a condition until a
 * timeout, then fail loudly with what was awaited. No caller writes its own deadline loop, and
 * no wait gives up silently — a wait that may end either way says so by catching
 * {@link TimedOut}.
 */
public final class Await {
    /** What most waits poll at: short next to what they wait for, long next to a wake-up. */
    public static final Duration DEFAULT_POLL = Duration.ofMillis(5);

    private Await() {}

    /** The awaited condition did not hold within the timeout; the message says what it was. */
    public static final class TimedOut extends RuntimeException {
        public TimedOut(String message) {
            super(message);
        }
    }

    /** Polls {@code condition} every {@link #DEFAULT_POLL} until it holds or {@code timeout} passes. */
    public static void until(Duration timeout, String what, BooleanSupplier condition) throws InterruptedException {
        until(timeout, DEFAULT_POLL, () -> what, condition);
    }

    /** The same, with {@code what} computed when the wait fails (e.g. "4 of 10 events"). */
    public static void until(Duration timeout, Supplier<String> what, BooleanSupplier condition)
            throws InterruptedException {
        until(timeout, DEFAULT_POLL, what, condition);
    }

    /**
     * The same, polling every {@code poll}; a poll under a millisecond parks instead of sleeping
     * (a wait inside a timed region, whose wake-up is part of the number).
     */
    public static void until(Duration timeout, Duration poll, Supplier<String> what, BooleanSupplier condition)
            throws InterruptedException {
        value(timeout, poll, what, () -> condition.getAsBoolean() ? Optional.of(Boolean.TRUE) : Optional.empty());
    }

    /**
     * Polls {@code probe} until it gives a value, and returns it. A probe may throw to end the
     * wait early (a process that exited while awaited).
     */
    public static <T> T value(Duration timeout, Duration poll, Supplier<String> what, Supplier<Optional<T>> probe)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> value = probe.get();
            if (value.isPresent()) {
                return value.get();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new TimedOut("waited " + Durations.words(timeout) + " for " + what.get());
            }
            if (poll.toMillis() > 0) {
                Thread.sleep(Math.max(1, Math.min(poll.toMillis(), left / 1_000_000)));
            } else {
                LockSupport.parkNanos(Math.min(poll.toNanos(), left));
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        }
    }
}
