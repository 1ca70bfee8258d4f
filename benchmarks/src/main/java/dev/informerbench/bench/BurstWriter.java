package dev.informerbench.bench;

import dev.informerbench.client.ClientConnection;
import dev.informerbench.fixtures.FixtureNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * HandlerFanout's writes: a burst's objects updated or created by 8 writer threads, the moment
 * each write was sent and acknowledged noted by object index. Apart from the benchmark, which
 * times the bursts and reads their delivery to the handlers.
 */
final class BurstWriter implements AutoCloseable {
    private static final int WRITERS = 8;
    private static final String BURST_LABEL = "informer-bench/burst";

    private final ClientConnection writer;
    private final String namespace;
    private final String runId;
    private final int objects;
    private final boolean create;
    private final ExecutorService writers;
    /** When each write of the current burst was acknowledged, by object index. */
    final long[] ackNanos;
    /** When each write of the current burst was sent (its request built, execute() called). */
    final long[] sendNanos;

    /** Writes {@code objects} objects a burst into {@code namespace}: new ones with {@code create}. */
    BurstWriter(ClientConnection writer, String namespace, String runId, int objects, boolean create) {
        this.writer = writer;
        this.namespace = namespace;
        this.runId = runId;
        this.objects = objects;
        this.create = create;
        writers = Executors.newFixedThreadPool(WRITERS, r -> {
            Thread t = new Thread(r, "fanout-writer");
            t.setDaemon(true);
            return t;
        });
        ackNanos = new long[objects];
        sendNanos = new long[objects];
    }

    /** Burst {@code n}: every object written once, tagged {@code burst}; returns when all are acknowledged. */
    void write(String burst, long n) throws Exception {
        List<Future<?>> writes = new ArrayList<>(objects);
        for (int i = 0; i < objects; i++) {
            int index = i;
            writes.add(writers.submit(() -> {
                write(burst, n, index);
                ackNanos[index] = System.nanoTime();
                return null;
            }));
        }
        for (Future<?> f : writes) {
            f.get();
        }
    }

    private void write(String burst, long n, int index) throws Exception {
        Map<String, String> data = Map.of("index", Integer.toString(index), "burst", burst);
        if (create) {
            Map<String, String> labels = Map.of(FixtureNames.MANAGED_BY_LABEL, FixtureNames.MANAGED_BY,
                    BURST_LABEL, "true");
            sendNanos[index] = System.nanoTime();
            writer.create(namespace, "burst-" + n + "-" + index, labels, data);
            return;
        }
        // Unconditional (no resourceVersion): one request, and every write is a real change.
        sendNanos[index] = System.nanoTime();
        writer.replace(namespace, FixtureNames.name(index), FixtureNames.configMapLabels(runId, index), data);
    }

    /** One request removes the ConfigMaps the bursts created. */
    void deleteCreated() throws Exception {
        writer.deleteCollection(namespace, BURST_LABEL + "=true");
    }

    /** Stops the writer threads; the connection is the caller's. */
    @Override
    public void close() {
        writers.shutdownNow();
    }
}
