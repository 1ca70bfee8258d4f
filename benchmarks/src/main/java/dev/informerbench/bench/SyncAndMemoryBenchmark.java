package dev.informerbench.bench;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.Sync;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.metrics.SuiteMetric;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * How long does an informer take to sync, what does it ask the API server for, and how much
 * heap does its cache hold per object?
 *
 * <p>Each iteration starts a new informer ({@code client}) on a namespace of {@code objects}
 * ConfigMaps and measures the time until HasSynced (single shot). {@code sync}: the classic
 * LIST then WATCH, or WatchList (one WATCH with {@code sendInitialEvents=true}; see {@link Sync}):
 * fabric8 with its WatchList setting on; client-java, whose informer has no WatchList, through
 * its generated API sending that WATCH itself and keeping the events in a map — what client-java
 * would gain if it supported WatchList. The informer's client is not part of it:
 * an untimed {@code @Setup(Level.Iteration)} builds the client (kubeconfig, PEM, SSLContext,
 * OkHttp) and opens its connection with one GET of the namespace, then takes the "before"
 * heap snapshot; the timed {@code sync()} only starts the informer on that client (its LIST
 * and WATCH reuse the open HTTP/2 connection). The iteration's teardown stops the informer
 * and closes the client (dispatcher threads shut down, pooled connections evicted).
 *
 * <p>The JSON also carries, per iteration, the requests the sync took ({@code api.list},
 * {@code api.watch}; the setup's GET is not counted), whether its WATCH asked for the initial
 * events (WatchList, {@code request.sendInitialEvents} = 1) or bookmarks
 * ({@code request.allowWatchBookmarks} = 1), and the heap:
 * <ul>
 * <li>{@code heap.bytesPerObject}, {@code heap.retainedMiB}: used heap after forced GCs with
 * the informer synced, minus the same with the client built and connected but no informer,
 * per cached object and in all. What is left besides the cache is the informer's own
 * constant part (its threads, queue, the open watch stream), small next to the objects.
 * <li>{@code heap.clientBytes}: what the client and its open connection hold (the snapshot
 * before building it, against the one after); kept out of the figures above.
 * </ul>
 * Expect one LIST and one WATCH (WatchList: no LIST, {@code request.sendInitialEvents} = 1), a
 * sync time linear in the objects, and a heap linear in them with a negligible intercept:
 * {@code bytesPerObject} at 1,000 objects within a few percent of the slope between two sizes,
 * {@code (retained(10k) - retained(1k)) / 9,000}.
 *
 * <p>Sound because: nothing but the informer is built inside the timed region or between the
 * two heap snapshots; the snapshots follow forced GCs until used heap stops falling; every
 * client is closed, so earlier iterations leave no threads or connections behind.
 *
 * <pre>./run-bench.sh --profile quick -- SyncAndMemory -p objects=1000,10000</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class SyncAndMemoryBenchmark {
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(10);

    @Param({"1000", "10000", "100000"})
    int objects;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    @Param({"LIST_WATCH", "WATCH_LIST"})
    Sync sync;

    String namespace;
    ClientConnection connection;
    CachedInformer informer;
    long heapBefore;
    long clientBytes;
    long watchesOpenedBefore;

    @Setup(Level.Trial)
    public void seed() throws Exception {
        namespace = Fixture.seed(client, objects);
    }

    /** Builds and connects the informer's client, then the "before" snapshot: both untimed. */
    @Setup(Level.Iteration)
    public void before() throws Exception {
        long empty = usedHeapAfterGc();
        connection = client.adapter().connect(ConnectOptions.forWatches());
        connection.open(namespace); // the connection the informer reuses
        ApiRequestProfiler.iterationSetupDone();
        heapBefore = usedHeapAfterGc();
        clientBytes = heapBefore - empty;
        watchesOpenedBefore = RequestCounter.JVM.watchesOpened();
    }

    @Benchmark
    public CachedInformer sync() throws Exception {
        informer = connection.startInformer(namespace, sync, SYNC_TIMEOUT);
        return informer;
    }

    @TearDown(Level.Iteration)
    public void after() throws Exception {
        try {
            // The WATCH follows the LIST right after sync: let the server open it, so the request is seen.
            RequestCounter.JVM.awaitWatches(watchesOpenedBefore, 1, Duration.ofSeconds(10));
            int cached = informer.size();
            long retained = usedHeapAfterGc() - heapBefore;
            BenchMetrics.publish(SuiteMetric.HEAP_BYTES_PER_OBJECT, (double) retained / Math.max(1, cached));
            BenchMetrics.publish(SuiteMetric.HEAP_RETAINED_MIB, retained / (1024.0 * 1024.0));
            BenchMetrics.publish(SuiteMetric.HEAP_CLIENT_BYTES, clientBytes);
            BenchMetrics.publish(SuiteMetric.CACHE_OBJECTS, cached);
            String watch = RequestCounter.JVM.firstUrl(RequestKind.WATCH);
            BenchMetrics.publish(SuiteMetric.REQUEST_SEND_INITIAL_EVENTS,
                    watch != null && watch.contains("sendInitialEvents=true") ? 1 : 0);
            BenchMetrics.publish(SuiteMetric.REQUEST_ALLOW_WATCH_BOOKMARKS,
                    watch != null && watch.contains("allowWatchBookmarks=true") ? 1 : 0);
        } finally {
            if (informer != null) {
                informer.close();
                informer = null;
            }
            connection.close();
            connection = null;
        }
    }

    /** Used heap once the collector has nothing more to take (several full GCs, a pause between). */
    static long usedHeapAfterGc() throws InterruptedException {
        var memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            long now = memory.getHeapMemoryUsage().getUsed();
            if (now >= used * 0.99) {
                return Math.min(now, used);
            }
            used = now;
        }
        return used;
    }
}
