package dev.informerbench.servercost;

import dev.informerbench.client.ClientConnection;
import dev.informerbench.fixtures.FixtureNames;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A steady stream of changes for the watch fan-out to carry: {@code perSecond} writes a second,
 * each an unconditional replace of the next fixture ConfigMap with its own data and a counter
 * (one request, always a change; the objects keep their labels and data, plus a {@code churn} key).
 */
public final class ChurnWriter implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "churn-writer");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong writes = new AtomicLong();
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    private ChurnWriter() {}

    /** Starts writing through {@code writer} to {@code namespace}'s {@code objects} ConfigMaps; 0 a second: none. */
    public static ChurnWriter start(ClientConnection writer, String namespace, int objects, String runId,
            int perSecond) {
        ChurnWriter churn = new ChurnWriter();
        // Values of their own: a write equal to what an earlier writer left (same namespace, same
        // k) would be a no-op the server drops without an event.
        String token = Long.toString(System.nanoTime(), 36);
        if (perSecond > 0) {
            churn.timer.scheduleAtFixedRate(() -> {
                long k = churn.writes.get();
                int index = (int) (k % objects);
                try {
                    writer.replace(namespace, FixtureNames.name(index), FixtureNames.configMapLabels(runId, index),
                            Map.of("index", Integer.toString(index), "payload", FixtureNames.PAYLOAD,
                                    "churn", token + "-" + k));
                    churn.writes.incrementAndGet();
                } catch (Exception e) {
                    churn.failure.compareAndSet(null, e);
                }
            }, 0, 1_000_000 / perSecond, TimeUnit.MICROSECONDS);
        }
        return churn;
    }

    /** Throws what a write met, if one failed. */
    public void check() {
        Exception e = failure.get();
        if (e != null) {
            throw new IllegalStateException("a churn write failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdown(); // no new turn; a request under way completes, so the server counts it
        timer.awaitTermination(30, TimeUnit.SECONDS);
    }
}
