package dev.informerbench.bench;

import dev.informerbench.accounting.ApiRequestProfiler;
import dev.informerbench.accounting.BenchMetrics;
import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.cluster.SuiteCluster;
import dev.informerbench.fixtures.ConfigMapFixtures;
import dev.informerbench.fixtures.ConfigMapInformer;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What does one more event handler cost — on one shared informer, or as an informer of its own?
 *
 * <p>Each operation is a burst: {@code objects} ConfigMaps are updated ({@code event=UPDATE})
 * or created ({@code event=CREATE}) by 8 writer threads, and the operation ends when every one
 * of the {@code handlers} handlers has received every event. {@code sharing=SHARED}: one
 * informer with all handlers (client-java gives each handler its own queue and thread);
 * {@code INFORMER_PER_HANDLER}: one informer per handler, each with its own WATCH, decoding
 * every event again. The score is the burst's time; {@code delivery.lagMs} is the part after
 * the last write was acknowledged — the delivery the handlers wait for, where their number
 * shows. Expect the shared informer to stay flat from 1 to 16 handlers, and one informer per
 * handler to grow with them, with {@code handlers} LISTs and WATCHes to start instead of one
 * ({@code setup.lists}, {@code setup.watches}).
 * Created ConfigMaps are deleted after each iteration (untimed).
 *
 * <pre>java -jar target/benchmarks.jar HandlerFanout -p handlers=16 -prof dev.informerbench.accounting.ApiRequestProfiler</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Threads(1)
@Fork(1)
@State(Scope.Benchmark)
public class HandlerFanoutBenchmark {
    /** One informer for all handlers, or one each. */
    public enum Sharing { SHARED, INFORMER_PER_HANDLER }

    /** What a burst writes. */
    public enum Event { UPDATE, CREATE }

    private static final int WRITERS = 8;
    private static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(60);
    private static final String BURST_LABEL = "informer-bench/burst";

    @Param({"100"})
    int objects;

    @Param({"1", "4", "16"})
    int handlers;

    @Param({"SHARED", "INFORMER_PER_HANDLER"})
    Sharing sharing;

    @Param({"UPDATE", "CREATE"})
    Event event;

    String namespace;
    CoreV1Api writer;
    ExecutorService writers;
    final List<ConfigMapInformer> informers = new ArrayList<>();
    final List<LongAdder> received = new ArrayList<>();
    List<V1ConfigMap> templates;
    long bursts;
    long expectedPerHandler;
    double lagMillisSum;
    RequestCounter.Counts setupRequests;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        // A namespace of its own: bursts write, and other benchmarks share the plain fixture.
        namespace = ConfigMapFixtures.namespace(SuiteCluster.runId(), objects) + "-fanout";
        ConfigMapFixtures.ensure(SuiteCluster.newClient(), SuiteCluster.runId(), namespace, objects,
                line -> System.out.println("# " + line));
        writer = new CoreV1Api(SuiteCluster.newClient());
        writers = Executors.newFixedThreadPool(WRITERS, r -> {
            Thread t = new Thread(r, "fanout-writer");
            t.setDaemon(true);
            return t;
        });
        ApiClient watchClient = SuiteCluster.newWatchClient();
        List<ResourceEventHandler<V1ConfigMap>> all = new ArrayList<>();
        for (int i = 0; i < handlers; i++) {
            LongAdder counter = new LongAdder();
            received.add(counter);
            all.add(countingHandler(counter));
        }
        RequestCounter.Counts before = RequestCounter.JVM.snapshot();
        if (sharing == Sharing.SHARED) {
            informers.add(start(watchClient, all));
        } else {
            for (ResourceEventHandler<V1ConfigMap> h : all) {
                informers.add(start(watchClient, List.of(h)));
            }
        }
        // Each informer opens its WATCH just after its LIST: wait for all, so they are setup's.
        RequestCounter.JVM.awaitWatches(before, informers.size(), Duration.ofSeconds(20));
        setupRequests = RequestCounter.JVM.snapshot().minus(before);
        templates = informers.get(0).indexer().list();
        // The initial adds are delivered too: start counting once they are in.
        awaitDelivered(objects);
        received.forEach(LongAdder::reset);
        ApiRequestProfiler.trialSetupDone();
    }

    private ConfigMapInformer start(ApiClient client, List<ResourceEventHandler<V1ConfigMap>> hs) throws Exception {
        return ConfigMapInformer.start(client, namespace, new ConfigMapInformer.Spec(Duration.ZERO, false, hs),
                Duration.ofMinutes(2));
    }

    private static ResourceEventHandler<V1ConfigMap> countingHandler(LongAdder counter) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(V1ConfigMap obj) {
                counter.increment();
            }

            @Override
            public void onUpdate(V1ConfigMap oldObj, V1ConfigMap newObj) {
                counter.increment();
            }

            @Override
            public void onDelete(V1ConfigMap obj, boolean deletedFinalStateUnknown) {
                // Deletes come from the untimed cleanup between iterations: not part of a burst.
            }
        };
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        received.forEach(LongAdder::reset);
        expectedPerHandler = 0;
        lagMillisSum = 0;
        bursts = 0;
    }

    @Benchmark
    public long burst() throws Exception {
        long n = bursts++;
        List<Future<?>> writes = new ArrayList<>(objects);
        for (int i = 0; i < objects; i++) {
            int index = i;
            writes.add(writers.submit(() -> write(n, index)));
        }
        for (Future<?> f : writes) {
            f.get();
        }
        long written = System.nanoTime();
        expectedPerHandler += objects;
        awaitDelivered(expectedPerHandler);
        lagMillisSum += (System.nanoTime() - written) / 1e6;
        return expectedPerHandler;
    }

    private Object write(long burst, int index) throws Exception {
        if (event == Event.CREATE) {
            V1ConfigMap cm = new V1ConfigMap().metadata(new V1ObjectMeta()
                    .name("burst-" + burst + "-" + index).namespace(namespace)
                    .labels(Map.of(ConfigMapFixtures.MANAGED_BY_LABEL, ConfigMapFixtures.MANAGED_BY,
                            BURST_LABEL, "true")))
                    .data(Map.of("burst", Long.toString(burst)));
            return writer.createNamespacedConfigMap(namespace, cm).execute();
        }
        // Unconditional update (no resourceVersion): one request, and every write is a real change.
        V1ConfigMap base = templates.get(index);
        V1ConfigMap cm = new V1ConfigMap().metadata(new V1ObjectMeta().name(base.getMetadata().getName())
                .namespace(namespace).labels(base.getMetadata().getLabels()))
                .data(Map.of("index", Integer.toString(index), "burst", Long.toString(burst)));
        return writer.replaceNamespacedConfigMap(cm.getMetadata().getName(), namespace, cm).execute();
    }

    private void awaitDelivered(long perHandler) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + DELIVERY_TIMEOUT.toNanos();
        for (LongAdder counter : received) {
            while (counter.sum() < perHandler) {
                if (System.nanoTime() > deadline) {
                    throw new TimeoutException("a handler got " + counter.sum() + " of " + perHandler
                            + " events within " + DELIVERY_TIMEOUT.toSeconds() + " s");
                }
                // A short park, not a spin: on a small machine a spinning waiter takes the CPU the
                // handler threads need.
                LockSupport.parkNanos(20_000);
            }
        }
    }

    @TearDown(Level.Iteration)
    public void endIteration() throws Exception {
        if (bursts > 0) {
            BenchMetrics.average("delivery.lagMs", lagMillisSum / bursts, "ms");
        }
        // What starting the informers took (in the trial setup, so not in api.*): per informer one LIST, one WATCH.
        BenchMetrics.average("setup.lists", setupRequests.list(), "requests");
        BenchMetrics.average("setup.watches", setupRequests.watch(), "requests");
        if (event == Event.CREATE) {
            // One request removes the iteration's ConfigMaps; the informers see them go before the next.
            writer.deleteCollectionNamespacedConfigMap(namespace).labelSelector(BURST_LABEL + "=true").execute();
            long deadline = System.nanoTime() + DELIVERY_TIMEOUT.toNanos();
            for (ConfigMapInformer informer : informers) {
                while (informer.indexer().list().size() > objects && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        informers.forEach(ConfigMapInformer::close);
        writers.shutdownNow();
    }
}
