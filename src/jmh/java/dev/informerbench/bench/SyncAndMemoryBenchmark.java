package dev.informerbench.bench;

import dev.informerbench.accounting.BenchMetrics;
import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.cluster.SuiteCluster;
import dev.informerbench.fixtures.BenchFixture;
import dev.informerbench.fixtures.ConfigMapInformer;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How long does an informer take to sync, what does it ask the API server for, and how much
 * heap does its cache hold per object?
 *
 * <p>Each iteration starts a new informer on a namespace of {@code objects} ConfigMaps and
 * measures the time until HasSynced (single shot). The JSON also carries, per iteration, the
 * requests it took ({@code api.list}, {@code api.watch}), whether its WATCH asked for the
 * initial events (WatchList, {@code request.sendInitialEvents} = 1) or bookmarks
 * ({@code request.allowWatchBookmarks} = 1), and the heap it retains per cached object
 * ({@code heap.bytesPerObject}: used heap after forced GCs with the informer synced, minus
 * before it started, divided by {@code objects}). Expect one LIST and one WATCH, and a sync
 * time and a heap linear in the objects.
 *
 * <pre>java -jar target/benchmarks.jar SyncAndMemory -p objects=10000 -prof dev.informerbench.accounting.ApiRequestProfiler</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
@State(Scope.Benchmark)
public class SyncAndMemoryBenchmark {
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(10);

    @Param({"1000", "10000", "100000"})
    int objects;

    String namespace;
    ConfigMapInformer informer;
    long heapBefore;
    RequestCounter.Counts requestsBefore;

    @Setup(Level.Trial)
    public void seed() throws Exception {
        namespace = BenchFixture.seed(objects);
    }

    @Setup(Level.Iteration)
    public void before() throws InterruptedException {
        heapBefore = usedHeapAfterGc();
        requestsBefore = RequestCounter.JVM.snapshot();
    }

    @Benchmark
    public ConfigMapInformer sync() throws Exception {
        informer = ConfigMapInformer.start(SuiteCluster.newWatchClient(), namespace, ConfigMapInformer.Spec.plain(),
                SYNC_TIMEOUT);
        return informer;
    }

    @TearDown(Level.Iteration)
    public void after() throws InterruptedException {
        // The WATCH follows the LIST right after sync: let it be sent, so the request is seen.
        RequestCounter.JVM.awaitWatches(requestsBefore, 1, Duration.ofSeconds(10));
        int cached = informer.indexer().list().size();
        long retained = usedHeapAfterGc() - heapBefore;
        BenchMetrics.average("heap.bytesPerObject", (double) retained / Math.max(1, cached), "bytes");
        BenchMetrics.average("heap.retainedMiB", retained / (1024.0 * 1024.0), "MiB");
        BenchMetrics.average("cache.objects", cached, "objects");
        String watch = RequestCounter.JVM.firstUrl(RequestKind.WATCH);
        BenchMetrics.average("request.sendInitialEvents", watch != null && watch.contains("sendInitialEvents=true") ? 1 : 0,
                "flag");
        BenchMetrics.average("request.allowWatchBookmarks",
                watch != null && watch.contains("allowWatchBookmarks=true") ? 1 : 0, "flag");
        informer.close();
        informer = null;
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
