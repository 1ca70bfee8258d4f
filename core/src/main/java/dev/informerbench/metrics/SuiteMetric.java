package dev.informerbench.metrics;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The catalogue: every secondary metric the suite's forks put into a result (the Java benchmarks,
 * {@code ApiRequestProfiler} and {@code clientgo/}), with what a reader and a tool need to know of
 * it: unit, how iterations and forks merge ({@link Merge}), which way is better ({@link Better}),
 * and what kind of figure it is ({@link Kind}).
 * The profiler, the benchmarks, {@code JmhMerge}, {@code compare}, {@code export} and docs/metrics.md
 * take these from here; {@code SuiteMetricTest} fails on a metric emitted anywhere that is not
 * listed, and on a docs/metrics.md table that says otherwise ({@code MetricsDocTest}: on a name either
 * side lacks).
 */
public enum SuiteMetric {
    // Requests the suite's clients sent during the measurement iterations, all forks: totals that
    // grow with forks × iterations, read per operation (ops.all).
    API_LIST("api.list", "requests", Merge.SUM, Better.LOWER, Kind.REQUESTS,
            "LIST requests sent in the measured iterations"),
    API_WATCH("api.watch", "requests", Merge.SUM, Better.LOWER, Kind.REQUESTS,
            "WATCH requests sent in the measured iterations"),
    API_GET("api.get", "requests", Merge.SUM, Better.LOWER, Kind.REQUESTS,
            "GET requests sent in the measured iterations"),
    API_WRITE("api.write", "requests", Merge.SUM, Better.LOWER, Kind.REQUESTS,
            "writes (create, update, delete) sent in the measured iterations"),
    API_OTHER("api.other", "requests", Merge.SUM, Better.LOWER, Kind.REQUESTS,
            "any other request sent in the measured iterations"),
    API_429("api.429", "requests", Merge.SUM, Better.LOWER, Kind.REQUESTS,
            "answers of 429 Too Many Requests in the measured iterations"),
    OPS_ALL("ops.all", "ops", Merge.SUM, Better.NONE, Kind.COUNT,
            "operations the benchmark threads ran in the measured iterations, JMH's ramp-up and ramp-down included: "
                    + "what api.* is per"),
    OPS_MEASURED("ops.measured", "ops", Merge.SUM, Better.NONE, Kind.COUNT,
            "the operations inside JMH's timed window, behind the score"),

    // SyncAndMemory
    HEAP_BYTES_PER_OBJECT("heap.bytesPerObject", "bytes", Merge.MEAN, Better.LOWER, Kind.COST,
            "heap the informer retains per cached object, after a full GC"),
    HEAP_RETAINED_MIB("heap.retainedMiB", "MiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "heap the informer retains with its cache, after a full GC"),
    HEAP_CLIENT_BYTES("heap.clientBytes", "bytes", Merge.MEAN, Better.LOWER, Kind.COST,
            "heap of the connected client before its informer starts"),
    CACHE_OBJECTS("cache.objects", "objects", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "objects in the cache when the heap was measured"),
    // CacheMemory
    PROCESS_RSS_MIB("process.rssMiB", "MiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "resident memory of the whole process with the informer synced (Linux VmRSS)"),
    OBJECT_JSON_BYTES("object.jsonBytes", "bytes", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "the JSON of one cached object as the server sends it (a GET of object 0)"),
    CACHE_MANAGED_FIELDS("cache.managedFields", "entries", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "managedFields entries of cached object 0 (0: none cached, whether dropped or never read)"),
    CACHE_SPEC("cache.spec", "flag", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "1 when cached object 0 holds its spec (or data): 0 for a metadata-only cache"),
    REQUEST_SEND_INITIAL_EVENTS("request.sendInitialEvents", "flag", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "1 when the informer's WATCH asked for sendInitialEvents (WatchList)"),
    REQUEST_ALLOW_WATCH_BOOKMARKS("request.allowWatchBookmarks", "flag", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "1 when the informer's WATCH asked for bookmarks"),

    // Relist
    RECOVERY_LISTS("recovery.lists", "requests", Merge.MEAN, Better.LOWER, Kind.PROTOCOL,
            "LISTs per recovery from a broken watch"),
    RECOVERY_WATCHES("recovery.watches", "requests", Merge.MEAN, Better.LOWER, Kind.PROTOCOL,
            "WATCHes per recovery from a broken watch"),
    RECOVERY_LISTS_AFTER_410("recovery.listsAfter410", "requests", Merge.MEAN, Better.LOWER, Kind.PROTOCOL,
            "LISTs without a resourceVersion per recovery (the relist after 410 Gone)"),
    RECOVERY_OUTAGE_MS("recovery.outageMs", "ms", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "how long the restarted API server was away: the fault's own length"),

    // HandlerFanout
    DELIVERY_P50_US("delivery.p50Us", "us", Merge.MEAN, Better.LOWER, Kind.COST,
            "median delivery latency per event and handler, from the write's acknowledgement"),
    DELIVERY_P99_US("delivery.p99Us", "us", Merge.MEAN, Better.LOWER, Kind.COST, "99th percentile of the same"),
    DELIVERY_FROM_SEND_P50_US("delivery.fromSendP50Us", "us", Merge.MEAN, Better.LOWER, Kind.COST,
            "median delivery latency from the moment the write was sent"),
    DELIVERY_FROM_SEND_P99_US("delivery.fromSendP99Us", "us", Merge.MEAN, Better.LOWER, Kind.COST,
            "99th percentile of the same"),
    DELIVERY_BEFORE_ACK_PCT("delivery.beforeAckPct", "%", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "receipts that came before the writer had the answer (recorded as 0 in delivery.p50Us)"),
    DELIVERY_RECEIPTS("delivery.receipts", "receipts", Merge.SUM, Better.NONE, Kind.COUNT,
            "(event, handler) receipts: every handler gets every event"),
    HANDLER_CPU_NS_PER_EVENT("handler.cpuNsPerEvent", "ns", Merge.MEAN, Better.LOWER, Kind.COST,
            "CPU time of the handler threads per event received"),
    SETUP_LISTS("setup.lists", "requests", Merge.MEAN, Better.LOWER, Kind.PROTOCOL,
            "LISTs it took to start the row's informers"),
    SETUP_WATCHES("setup.watches", "requests", Merge.MEAN, Better.LOWER, Kind.PROTOCOL,
            "WATCHes it took to start the row's informers"),
    DELIVERY_LAG_MS("delivery.lagMs", "ms", Merge.MEAN, Better.LOWER, Kind.RETIRED,
            "(files before delivery.p50Us) last write to last delivery of a burst"),

    // ResyncFanout
    RESYNC_ROUNDS("resync.rounds", "rounds", Merge.SUM, Better.NONE, Kind.COUNT,
            "whole resync rounds inside the measured iterations"),
    RESYNC_ITERATIONS_ENDED_IN_BURST("resync.iterationsEndedInBurst", "iterations", Merge.SUM, Better.NONE, Kind.COUNT,
            "iterations whose end fell inside a round's burst"),
    RESYNC_MIN_CALLBACKS_PER_ROUND("resync.minCallbacksPerRound", "callbacks", Merge.MIN, Better.NONE, Kind.CONTEXT,
            "the fewest callbacks of a round: objects × handlers when none is skipped"),
    RESYNC_MEAN_CALLBACKS_PER_ROUND("resync.meanCallbacksPerRound", "callbacks", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "callbacks per round"),
    RESYNC_PERIOD_MS("resync.periodMs", "ms", Merge.HARMONIC_MEAN, Better.NONE, Kind.CONTEXT,
            "the measured resync period (its setting sets the score)"),
    RESYNC_ROUND_DELIVERY_MS("resync.roundDeliveryMs", "ms", Merge.MEAN, Better.LOWER, Kind.COST,
            "first to last callback of a round"),
    RESYNC_CPU_NS_PER_CALLBACK("resync.cpuNsPerCallback", "ns", Merge.MEAN, Better.LOWER, Kind.COST,
            "CPU time of the resync and handler threads per callback"),

    // ResyncZero
    RESYNC_CALLBACKS("resync.callbacks", "callbacks", Merge.SUM, Better.NONE, Kind.COUNT,
            "resync callbacks in the windows (0 with a period of 0)"),
    EVENTS_OTHER("events.other", "callbacks", Merge.SUM, Better.NONE, Kind.COUNT, "other callbacks in the windows"),
    WINDOW_SECONDS("window.seconds", "s", Merge.SUM, Better.NONE, Kind.COUNT,
            "the windows' total length: what the counts are per"),

    // ServerCost: measured on the server, per window (cores: CPU seconds per second of the window)
    SERVER_APISERVER_CORES("server.apiserverCores", "cores", Merge.MEAN, Better.LOWER, Kind.COST,
            "kube-apiserver's CPU in the window, from /proc (the scrapes kept out)"),
    SERVER_ETCD_CORES("server.etcdCores", "cores", Merge.MEAN, Better.LOWER, Kind.COST,
            "etcd's CPU in the window, from /proc"),
    SERVER_APISERVER_PEAK_MIB("server.apiserverPeakMiB", "MiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "kube-apiserver's peak resident memory in the window (VmHWM, reset at its start)"),
    SERVER_ETCD_PEAK_MIB("server.etcdPeakMiB", "MiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "etcd's peak resident memory in the window"),
    SERVER_APISERVER_HEAP_MIB("server.apiserverHeapMiB", "MiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "kube-apiserver's Go heap in use at the window's end (go_memstats_heap_inuse_bytes)"),
    SERVER_CPU_CHECK_METRIC_SEC("server.cpuCheck.metricSec", "s", Merge.SUM, Better.NONE, Kind.COUNT,
            "kube-apiserver's CPU by its process_cpu_seconds_total from scrape to scrape: held against "
                    + "server.cpuCheck.procSec"),
    SERVER_CPU_CHECK_PROC_SEC("server.cpuCheck.procSec", "s", Merge.SUM, Better.NONE, Kind.COUNT,
            "the same by /proc, read right after each scrape"),
    SERVER_WATCH_EVENTS_SENT("server.watchEventsSent", "events", Merge.SUM, Better.NONE, Kind.COUNT,
            "ConfigMap events kube-apiserver sent to watchers, once per watcher: HTTP-streaming watches only (v1.36 "
                    + "does not count WebSocket ones, fabric8's)"),
    SERVER_WATCH_EVENTS_RECEIVED("server.watchEventsReceived", "events", Merge.SUM, Better.NONE, Kind.COUNT,
            "ConfigMap events its watch cache received from etcd: once each (sent / received = watchers per event)"),
    SERVER_WATCH_EVENTS_DISPATCHED("server.watchEventsDispatched", "events", Merge.SUM, Better.NONE, Kind.COUNT,
            "ConfigMap events its watch cache dispatched (v1.36.3: once per watcher, as sent)"),
    SERVER_CONTROLLER_WATCHES("server.controllerWatches", "watches", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "ConfigMap WATCHes open at the window's end beyond those before the controllers started (any transport)"),
    SERVER_LISTS_FROM_CACHE("server.listsFromCache", "requests", Merge.SUM, Better.NONE, Kind.COUNT,
            "ConfigMap LISTs served from the watch cache"),
    SERVER_LISTS_FROM_ETCD("server.listsFromEtcd", "requests", Merge.SUM, Better.NONE, Kind.COUNT,
            "ConfigMap LISTs kube-apiserver sent etcd (apiserver_storage_list_total), including the limit-1 LIST that "
                    + "finds etcd's current revision for a consistent read or a WatchList served from the watch cache"),
    SERVER_ETCD_REQUESTS("server.etcdRequests", "requests", Merge.MEAN, Better.LOWER, Kind.COST,
            "kube-apiserver's requests to etcd for ConfigMaps per window"),
    SERVER_RESPONSE_KIB("server.responseKiB", "KiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "bytes of the answers to ConfigMap GETs and LISTs per window (the server sizes no other verb)"),
    SERVER_WATCH_EVENT_KIB("server.watchEventKiB", "KiB", Merge.MEAN, Better.LOWER, Kind.COST,
            "bytes of ConfigMap watch events sent per window (HTTP-streaming watches only, as server.watchEventsSent)"),
    PROBE_GET_P50_US("probe.getP50Us", "us", Merge.MEAN, Better.LOWER, Kind.COST,
            "median latency of a probe client's GET (one per 100 ms) in the window: the cost to everyone else"),
    PROBE_GET_P99_US("probe.getP99Us", "us", Merge.MEAN, Better.LOWER, Kind.COST, "99th percentile of the same"),
    CLIENT_CORES("client.cores", "cores", Merge.MEAN, Better.LOWER, Kind.COST,
            "the client process's CPU in the window (controllers, probe, writer, JIT and GC): the client side, apart"),
    POLL_GETS_PER_SECOND("poll.getsPerSecond", "requests/s", Merge.MEAN, Better.NONE, Kind.CONTEXT,
            "GETs the pollers made per second of the window"),

    // JMH's own gc profiler (-prof gc), the one of its metrics the suite's text reads
    GC_ALLOC_RATE_NORM("gc.alloc.rate.norm", "B/op", Merge.MEAN, Better.LOWER, Kind.COST,
            "bytes allocated per operation (JMH's -prof gc; by default on the families whose timed work stays in"
                    + " the fork): a busy machine does not move it, a fork's JIT (escape analysis) can");

    private static final Map<String, SuiteMetric> BY_NAME = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(SuiteMetric::metricName, Function.identity()));

    /**
     * The smallest difference of its mean that can be a change of what it measures; 0 for none.
     * Allocation: JMH's own allocations in an iteration, spread over its operations, give a row that
     * allocates nothing a few ten-thousandths of a byte per operation, which move with the count of
     * operations; a change below a hundredth of a byte per operation (one 16-byte object in 1,600
     * operations) is that, not the code's.
     */
    public double resolution() {
        return this == GC_ALLOC_RATE_NORM ? 0.01 : 0;
    }

    /** The unit of a request count per operation ({@link #perOperationName}). */
    public static final String PER_OPERATION_UNIT = "requests/op";

    private final String metricName;
    private final String unit;
    private final Merge merge;
    private final Better better;
    private final Kind kind;
    private final String meaning;

    SuiteMetric(String metricName, String unit, Merge merge, Better better, Kind kind, String meaning) {
        this.metricName = metricName;
        this.unit = unit;
        this.merge = merge;
        this.better = better;
        this.kind = kind;
        this.meaning = meaning;
    }

    /** The catalogue's entry for a metric name (without JMH's {@code ·}), if it is the suite's. */
    public static Optional<SuiteMetric> of(String metricName) {
        return Optional.ofNullable(BY_NAME.get(metricName));
    }

    /** The request total a per-operation name ({@code api.get/op}) is derived from. */
    public static Optional<SuiteMetric> perOperationOf(String name) {
        return name.endsWith("/op") ? of(name.substring(0, name.length() - 3)).filter(m -> m.kind == Kind.REQUESTS)
                : Optional.empty();
    }

    /** The name in result files. */
    public String metricName() {
        return metricName;
    }

    public String unit() {
        return unit;
    }

    public Merge merge() {
        return merge;
    }

    public Better better() {
        return better;
    }

    public Kind kind() {
        return kind;
    }

    public String meaning() {
        return meaning;
    }

    /** A figure to chart: a cost with a better direction. */
    public boolean trend() {
        return kind == Kind.COST;
    }

    /** The name of this total per operation ({@code api.get/op}); only for {@link Kind#REQUESTS}. */
    public String perOperationName() {
        if (kind != Kind.REQUESTS) {
            throw new IllegalStateException(metricName + " is not a request total");
        }
        return metricName + "/op";
    }
}
