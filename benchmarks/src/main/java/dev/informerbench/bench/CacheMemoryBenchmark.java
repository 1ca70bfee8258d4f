package dev.informerbench.bench;

import dev.informerbench.accounting.ProcessUsage;
import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.ShapeInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.metrics.SuiteMetric;
import java.nio.charset.StandardCharsets;
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
 * What does an informer's cache of the objects a controller watches cost in memory, and what
 * does each remedy save?
 *
 * <p>Each iteration starts a new informer ({@code client}) on a namespace of {@code objects}
 * objects of {@code kind} in the shapes of {@code fixtures.Shapes} (Pods with a kubelet-written
 * status and two managers' managedFields, cert-manager TLS Secrets, the suite's ConfigMaps), as
 * {@code remedy} says: the full objects, managedFields dropped before caching, metadata only, or
 * a label selector that keeps a tenth. The timed region is the sync (start until HasSynced), as
 * in SyncAndMemory: the client is built and connected in the untimed iteration setup, after the
 * "before" heap snapshot's forced GCs.
 *
 * <p>The JSON carries per iteration {@code heap.retainedMiB} (used heap after forced GCs with the
 * informer synced, minus the same before it started: the whole cache), {@code heap.bytesPerObject}
 * (that over the cached objects), {@code process.rssMiB} (the fork's resident memory then: heap
 * committed, metaspace, threads, direct buffers), {@code cache.objects}, {@code object.jsonBytes}
 * (object 0 as the server sends it), what cached object 0 holds ({@code cache.managedFields} entries,
 * {@code cache.spec}: a row says what its cache held, whatever the remedy meant to drop) and the
 * sync's {@code api.list} and {@code api.watch}.
 * Expect the heap linear in the objects with a small intercept, and each remedy below FULL:
 * SELECTOR_TENTH near a tenth of it, the others by what they leave out.
 *
 * <p>Sound because: nothing but the informer is built between the two heap snapshots; a sync
 * that caches another count than the remedy implies fails the iteration, so no figure is of a
 * half-filled cache; every client is closed, so iterations leave nothing behind.
 *
 * <pre>./run-bench.sh --profile memory -- CacheMemory -p kind=POD -p objects=10000</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class CacheMemoryBenchmark {
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(15);

    @Param({"POD", "SECRET", "CONFIG_MAP"})
    ObjectKind kind;

    @Param({"FULL", "NO_MANAGED_FIELDS", "METADATA_ONLY", "SELECTOR_TENTH"})
    Remedy remedy;

    @Param({"1000", "10000", "100000"})
    int objects;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    String namespace;
    int jsonBytes;
    ClientConnection connection;
    ShapeInformer informer;
    long heapBefore;
    long watchesOpenedBefore;

    @Setup(Level.Trial)
    public void seed() throws Exception {
        namespace = FixtureNames.namespace(ForkSettings.runId(), kind, objects);
        Seeded seeded = client.adapter().ensureShapes(null, namespace, kind, objects,
                line -> System.out.println("# " + line));
        if (seeded.created() > 0) {
            System.out.printf("# seeded %s: created %d %s in %.1f s (%.0f/s), %d were there%n", namespace,
                    seeded.created(), kind.resource(), seeded.seconds(), seeded.createsPerSecond(), seeded.existing());
        }
        try (ClientConnection probe = client.adapter().connect(ConnectOptions.forWatches())) {
            jsonBytes = probe.rawGet("/api/v1/namespaces/" + namespace + "/" + kind.resource() + "/" + kind.name(0))
                    .getBytes(StandardCharsets.UTF_8).length;
        }
        ApiRequestProfiler.trialSetupDone();
    }

    /** Builds and connects the informer's client, then the "before" snapshot: both untimed. */
    @Setup(Level.Iteration)
    public void before() throws Exception {
        connection = client.adapter().connect(ConnectOptions.forWatches());
        connection.open(namespace);
        ApiRequestProfiler.iterationSetupDone();
        heapBefore = SyncAndMemoryBenchmark.usedHeapAfterGc();
        watchesOpenedBefore = RequestCounter.JVM.watchesOpened();
    }

    @Benchmark
    public ShapeInformer sync() throws Exception {
        informer = connection.startShapeInformer(namespace, kind, remedy, SYNC_TIMEOUT);
        return informer;
    }

    @TearDown(Level.Iteration)
    public void after() throws Exception {
        try {
            RequestCounter.JVM.awaitWatches(watchesOpenedBefore, 1, Duration.ofSeconds(10));
            int cached = informer.size();
            if (cached != remedy.cached(objects)) {
                throw new IllegalStateException("the " + remedy + " informer on " + namespace + " caches " + cached
                        + " " + kind.resource() + ", expected " + remedy.cached(objects));
            }
            long retained = SyncAndMemoryBenchmark.usedHeapAfterGc() - heapBefore;
            BenchMetrics.publish(SuiteMetric.HEAP_BYTES_PER_OBJECT, (double) retained / Math.max(1, cached));
            BenchMetrics.publish(SuiteMetric.HEAP_RETAINED_MIB, retained / (1024.0 * 1024.0));
            BenchMetrics.publish(SuiteMetric.CACHE_OBJECTS, cached);
            BenchMetrics.publish(SuiteMetric.OBJECT_JSON_BYTES, jsonBytes);
            ShapeInformer.Held held = informer.held(kind.name(0));
            BenchMetrics.publish(SuiteMetric.CACHE_MANAGED_FIELDS, held.managedFields());
            BenchMetrics.publish(SuiteMetric.CACHE_SPEC, held.spec() ? 1 : 0);
            BenchMetrics.publish(SuiteMetric.PROCESS_RSS_MIB,
                    ProcessUsage.of(ProcessHandle.current()).residentBytes() / (1024.0 * 1024.0));
        } finally {
            if (informer != null) {
                informer.close();
                informer = null;
            }
            connection.close();
            connection = null;
        }
    }
}
