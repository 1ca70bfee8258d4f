package dev.informerbench.servercost;

import dev.informerbench.accounting.ProcessUsage;
import dev.informerbench.accounting.ServerProcesses;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.MetricsHidden;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.servercost.ServerCounters.Counter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One window of what the server spent, measured on the server: kube-apiserver's and etcd's CPU and
 * peak memory from {@code /proc} (when the processes are this machine's, {@link ServerProcesses}),
 * kube-apiserver's own counters from {@code /metrics} ({@link ServerCounters}), a probe client's GET
 * latency, and this JVM's CPU (the controllers' side, apart). {@link #begin} before the window,
 * {@link #end} after it publishes its metrics.
 *
 * <p>Why the order: one {@code /metrics} answer costs kube-apiserver about 0.1 s of CPU, so the
 * window's CPU is read between the scrapes, not across them; the cross-check of /proc against
 * {@code process_cpu_seconds_total} reads /proc right after each scrape, where the two agree.
 * The peak is reset after the first scrape, whose answer would otherwise set it.
 */
public final class ServerWindow {
    private static final double MIB = 1024.0 * 1024.0;

    private final ClientConnection scraper;
    private final ProbeSampler probe;
    private final LongSupplier pollerGets;
    private final Consumer<String> say;
    private final Set<String> said = new HashSet<>();
    private final Map<SuiteMetric, Double> published = new EnumMap<>(SuiteMetric.class);

    private Supplier<Optional<ServerProcesses>> processSource = ServerProcesses::fromProperty;
    private String processSourceName = ServerProcesses.PROPERTY + " names no file of them";
    private Optional<ServerProcesses> processes = Optional.empty();
    private ServerCounters beforeControllers;
    private ServerCounters atStart;
    private ProcessUsage apiServerAtStart;
    private ProcessUsage etcdAtStart;
    private long clientCpuAtStart;
    private long getsAtStart;
    private long startNanos;

    /**
     * @param scraper a client that reads {@code /metrics}
     * @param probe the probe client's GETs, run during the window
     * @param pollerGets GETs the pollers have made so far (null: no pollers)
     * @param say where a missing measure is told, once ({@code # } lines)
     */
    public ServerWindow(ClientConnection scraper, ProbeSampler probe, LongSupplier pollerGets, Consumer<String> say) {
        this.scraper = scraper;
        this.probe = probe;
        this.pollerGets = pollerGets;
        this.say = say;
    }

    /**
     * Reads the processes from {@code file} (a private control plane's) instead of
     * {@value ServerProcesses#PROPERTY}.
     */
    public ServerWindow readingProcessesFrom(Path file) {
        processSource = () -> ServerProcesses.fromFile(file);
        processSourceName = "no live processes in " + file;
        return this;
    }

    /**
     * Reads what is there before the controllers start (the server's own watches), so that a window
     * can tell the controllers' open watches from them. Without it none are published.
     */
    public void baseline() {
        beforeControllers = scrape();
    }

    public void begin() {
        atStart = scrape();
        processes = processSource.get();
        if (processes.isEmpty()) {
            once("kube-apiserver's and etcd's processes are not this machine's (" + processSourceName
                    + "): their CPU and peak memory are not measured");
        }
        processes.ifPresent(p -> {
            apiServerAtStart = p.usage(ServerProcesses.API_SERVER); // right after the scrape
            etcdAtStart = p.usage(ServerProcesses.ETCD);
            p.resetPeak(ServerProcesses.API_SERVER);
            p.resetPeak(ServerProcesses.ETCD);
        });
        clientCpuAtStart = clientCpuNanos();
        getsAtStart = pollerGets == null ? 0 : pollerGets.getAsLong();
        startNanos = System.nanoTime();
        probe.start();
    }

    /** Ends the window and publishes what it measured; returns that. */
    public Map<SuiteMetric, Double> end() {
        published.clear();
        ProbeSampler.Latency latency = probe.stop();
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        processes.ifPresent(p -> {
            ProcessUsage api = p.usage(ServerProcesses.API_SERVER);
            ProcessUsage etcd = p.usage(ServerProcesses.ETCD);
            publish(SuiteMetric.SERVER_APISERVER_CORES,
                    (api.cpuSeconds() - apiServerAtStart.cpuSeconds()) / seconds);
            publish(SuiteMetric.SERVER_ETCD_CORES, (etcd.cpuSeconds() - etcdAtStart.cpuSeconds()) / seconds);
            publish(SuiteMetric.SERVER_APISERVER_PEAK_MIB, api.peakResidentBytes() / MIB);
            publish(SuiteMetric.SERVER_ETCD_PEAK_MIB, etcd.peakResidentBytes() / MIB);
        });
        publish(SuiteMetric.CLIENT_CORES, (clientCpuNanos() - clientCpuAtStart) / 1e9 / seconds);
        if (pollerGets != null) {
            publish(SuiteMetric.POLL_GETS_PER_SECOND, (pollerGets.getAsLong() - getsAtStart) / seconds);
        }
        if (latency.count() > 0) {
            publish(SuiteMetric.PROBE_GET_P50_US, latency.p50Micros());
            publish(SuiteMetric.PROBE_GET_P99_US, latency.p99Micros());
        }
        ServerCounters atEnd = scrape();
        if (atStart != null && atEnd != null) {
            ServerCounters d = atEnd.since(atStart);
            double byMetric = d.get(Counter.PROCESS_CPU_SECONDS);
            processes.ifPresent(p -> {
                double byProc = p.usage(ServerProcesses.API_SERVER).cpuSeconds() - apiServerAtStart.cpuSeconds();
                if (!Double.isNaN(byMetric)) { // a pair, or their sums over a run would not compare
                    publish(SuiteMetric.SERVER_CPU_CHECK_METRIC_SEC, byMetric);
                    publish(SuiteMetric.SERVER_CPU_CHECK_PROC_SEC, byProc);
                }
            });
            publish(SuiteMetric.SERVER_APISERVER_HEAP_MIB, d.get(Counter.HEAP_INUSE_BYTES) / MIB);
            publish(SuiteMetric.SERVER_WATCH_EVENTS_SENT, d.get(Counter.WATCH_EVENTS_SENT));
            publish(SuiteMetric.SERVER_WATCH_EVENTS_RECEIVED, d.get(Counter.WATCH_EVENTS_RECEIVED));
            publish(SuiteMetric.SERVER_WATCH_EVENTS_DISPATCHED, d.get(Counter.WATCH_EVENTS_DISPATCHED));
            publish(SuiteMetric.SERVER_LISTS_FROM_CACHE, d.get(Counter.LISTS_FROM_CACHE));
            publish(SuiteMetric.SERVER_LISTS_FROM_ETCD, d.get(Counter.LISTS_FROM_STORAGE));
            publish(SuiteMetric.SERVER_ETCD_REQUESTS, d.get(Counter.ETCD_REQUESTS));
            publish(SuiteMetric.SERVER_RESPONSE_KIB, d.get(Counter.RESPONSE_BYTES) / 1024);
            publish(SuiteMetric.SERVER_WATCH_EVENT_KIB, d.get(Counter.WATCH_EVENT_BYTES) / 1024);
            if (beforeControllers != null) {
                publish(SuiteMetric.SERVER_CONTROLLER_WATCHES,
                        d.get(Counter.OPEN_WATCHES) - beforeControllers.get(Counter.OPEN_WATCHES));
            }
        }
        return Map.copyOf(published);
    }

    /** A value the server did not give (NaN) is missing: not published, and said once. */
    private void publish(SuiteMetric metric, double value) {
        if (Double.isNaN(value)) {
            once("kube-apiserver's /metrics has no counter for " + metric.metricName() + ": not measured");
        } else {
            BenchMetrics.publish(metric, value);
            published.put(metric, value);
        }
    }

    /** The counters now; null when the server hides {@code /metrics}. Any other failure fails the window. */
    private ServerCounters scrape() {
        try {
            return ServerCounters.parse(scraper.metricsText());
        } catch (MetricsHidden e) {
            once("kube-apiserver's /metrics could not be read (" + e.getMessage()
                    + "): its counters, heap and the CPU cross-check are not measured");
            return null;
        } catch (Exception e) {
            throw new IllegalStateException("GET /metrics failed: " + e.getMessage(), e);
        }
    }

    private void once(String line) {
        if (said.add(line)) {
            say.accept(line);
        }
    }

    private static long clientCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
