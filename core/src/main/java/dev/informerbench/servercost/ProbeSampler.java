package dev.informerbench.servercost;

import dev.informerbench.client.ClientConnection;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Everyone else's view of the server while the controllers run: a probe client GETs one ConfigMap
 * every {@link #PERIOD} during a window and records each GET's latency. A GET that comes late
 * starts the next one late (fixed delay): the probe never piles up on a slow server.
 */
public final class ProbeSampler implements AutoCloseable {
    static final Duration PERIOD = Duration.ofMillis(100);

    /** A window's probe latencies. */
    public record Latency(long count, double p50Micros, double p99Micros) {}

    private final ClientConnection probe;
    private final String namespace;
    private final String name;
    private final Recorder recorder = new Recorder(3);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "server-probe");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;
    private volatile Exception failure;

    public ProbeSampler(ClientConnection probe, String namespace, String name) {
        this.probe = probe;
        this.namespace = namespace;
        this.name = name;
    }

    void start() {
        recorder.getIntervalHistogram(); // drop what came before
        task = timer.scheduleWithFixedDelay(this::getOnce, 0, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void getOnce() {
        long start = System.nanoTime();
        try {
            probe.get(namespace, name);
            recorder.recordValue(Math.max(1, (System.nanoTime() - start) / 1000));
        } catch (Exception e) {
            failure = e;
        }
    }

    Latency stop() {
        task.cancel(false);
        try {
            timer.submit(() -> { }).get(); // the GET under way, if any, ends first
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
        if (failure != null) {
            throw new IllegalStateException("the probe's GET failed: " + failure.getMessage(), failure);
        }
        Histogram h = recorder.getIntervalHistogram();
        return new Latency(h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99));
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
