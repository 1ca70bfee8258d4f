package dev.informerbench.bench;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.accounting.ServerProcesses;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.RestartableCluster;
import dev.informerbench.client.Sync;
import dev.informerbench.faults.TcpRelay;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.servercost.Padding;
import dev.informerbench.servercost.ProbeSampler;
import dev.informerbench.servercost.ServerWindow;
import dev.informerbench.support.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * What does the API server pay when it restarts under N informers? {@code controllers} informers
 * (each its own client and connection, {@code approach} LIST_WATCH or WATCH_LIST) know a namespace
 * of {@code objects} ConfigMaps of {@code objectKiB} KiB more each; each iteration restarts
 * kube-apiserver, and the N come back at once: the storm.
 *
 * <p>The restart is RelistBenchmark's APISERVER_RESTART, on a private local control plane of the
 * fork's own: a loopback {@link TcpRelay} in front of it (every informer's connection) refuses new
 * connections, kube-apiserver gets SIGTERM, etcd is compacted to its current revision (every
 * informer's resourceVersion is gone: 410 Gone), kube-apiserver starts again. Then, untimed, the
 * window begins on the new process ({@link ServerWindow}: CPU and peak memory from /proc, counters
 * from /metrics, a probe's GET latency); the timed shot lets the informers back in, writes a marker
 * update and ends when all N caches hold it. The window ends once every informer has sent its new
 * WATCH: the storm's whole bill. Per informer the JSON carries {@code recovery.lists},
 * {@code recovery.watches} and {@code recovery.listsAfter410}; the server's side says where the
 * LISTs were served ({@code server.listsFromCache} against {@code server.listsFromEtcd}).
 *
 * <p>What to expect: every client relists after a 410 (LIST_WATCH: one LIST each, from the watch
 * cache once it is ready; WATCH_LIST: one streaming WATCH each, no LIST; client-java 27's informer
 * has no WatchList, so its storm is LIST_WATCH only: the profiles set that in its jar); the peak memory of a
 * LIST_WATCH storm grows with N × the namespace's size (each LIST answer is built whole), a
 * WATCH_LIST storm's less (KEP-3157's claim, here with {@code objectKiB} = 100: 10 MiB a namespace).
 *
 * <pre>./run-bench.sh --profile quick -- RestartStorm -p controllers=10</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class RestartStormBenchmark {
    private static final Duration STORM_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration POLL = Duration.ofMillis(1);
    private static final String MARKER_KEY = "storm-marker";

    @Param({"10", "100"})
    int controllers;

    @Param({"LIST_WATCH", "WATCH_LIST"})
    Sync approach;

    @Param({"100"})
    int objects;

    @Param({"100"})
    int objectKiB;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    RestartableCluster cluster;
    TcpRelay relay;
    ClientConnection writer;
    ProbeSampler probe;
    ServerWindow window;
    String namespace;
    String marker;
    long markerGeneration;
    final List<ClientConnection> connections = new ArrayList<>();
    final List<CachedInformer> informers = new ArrayList<>();
    /** Each informer's own requests. */
    final List<RequestCounter> counters = new ArrayList<>();
    final List<RequestCounter.Counts> atStart = new ArrayList<>();
    long listsAfter410AtStart;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        if (client == ClientType.CLIENT_JAVA && approach == Sync.WATCH_LIST) {
            throw new IllegalArgumentException("approach=WATCH_LIST: client-java 27's informer has no WatchList, and "
                    + "the suite's own WatchList for it is one stream that does not come back after a restart; "
                    + "client-java's storm is measured with approach=LIST_WATCH");
        }
        cluster = client.adapter().startPrivateCluster();
        Path kubeconfig = cluster.kubeconfig();
        namespace = FixtureNames.namespace(ForkSettings.runId(), objects);
        client.adapter().ensureFixture(kubeconfig, namespace, objects, line -> System.out.println("# " + line));
        writer = client.adapter().connect(ConnectOptions.direct().on(kubeconfig));
        Padding.pad(writer, namespace, objects, objectKiB);
        // The last object in key order: a WatchList streams the watch cache in key order, and a client
        // that applies the stream as it comes (fabric8) would hold the first object long before the last.
        marker = FixtureNames.name(objects - 1);
        relay = TcpRelay.start(cluster.server().getHost(), cluster.server().getPort());
        for (int i = 0; i < controllers; i++) {
            RequestCounter counter = new RequestCounter();
            ClientConnection c = client.adapter().connect(ConnectOptions.forWatches().on(kubeconfig)
                    .countedBy(counter).throughRelay(relay.port()));
            connections.add(c);
            counters.add(counter);
            informers.add(Fixture.informer(c, counter, namespace, objects, InformerSpec.of(approach)));
        }
        probe = new ProbeSampler(writer, namespace, marker);
        window = new ServerWindow(writer, probe, null, line -> System.out.println("# RestartStorm: " + line))
                .readingProcessesFrom(ServerProcesses.besideKubeconfig(kubeconfig));
        ApiRequestProfiler.trialSetupDone();
    }

    /** The restart, untimed: out of rotation, SIGTERM, compaction, a new kube-apiserver; its window begins. */
    @Setup(Level.Iteration)
    public void restart() {
        atStart.clear();
        counters.forEach(c -> atStart.add(c.snapshot()));
        listsAfter410AtStart = counters.stream().mapToLong(RequestCounter::listsWithoutResourceVersion).sum();
        relay.refuseNew();
        Duration outage = cluster.restartApiServerCompacted();
        BenchMetrics.publish(SuiteMetric.RECOVERY_OUTAGE_MS, outage.toNanos() / 1e6);
        window.baseline(); // no controller's WATCH is open yet: the window's end counts theirs
        window.begin();
    }

    /** The storm: N informers back at once, until every cache holds an update written after the restart. */
    @Benchmark
    public String storm() throws Exception {
        relay.acceptNew();
        String expected = writer.update(namespace, marker, MARKER_KEY, Long.toString(++markerGeneration));
        for (CachedInformer informer : informers) {
            Await.until(STORM_TIMEOUT, POLL, () -> "every informer to see " + namespace + "/" + marker + " at "
                    + expected + " after the restart", () -> expected.equals(informer.resourceVersion(marker)));
        }
        return expected;
    }

    @TearDown(Level.Iteration)
    public void endStorm() throws InterruptedException {
        for (int i = 0; i < controllers; i++) {
            RequestCounter counter = counters.get(i);
            RequestCounter.Counts since = atStart.get(i);
            Await.until(Duration.ofSeconds(30), () -> "an informer's new WATCH after the restart (last request: "
                    + counter.last() + ")", () -> counter.last() == RequestKind.WATCH
                    && counter.snapshot().minus(since).watch() > 0);
        }
        window.end();
        RequestCounter.Counts total = new RequestCounter.Counts(0, 0, 0, 0, 0, 0);
        for (int i = 0; i < controllers; i++) {
            total = total.plus(counters.get(i).snapshot().minus(atStart.get(i)));
        }
        long after410 = counters.stream().mapToLong(RequestCounter::listsWithoutResourceVersion).sum()
                - listsAfter410AtStart;
        BenchMetrics.publish(SuiteMetric.RECOVERY_LISTS, (double) total.list() / controllers);
        BenchMetrics.publish(SuiteMetric.RECOVERY_WATCHES, (double) total.watch() / controllers);
        BenchMetrics.publish(SuiteMetric.RECOVERY_LISTS_AFTER_410, (double) after410 / controllers);
        for (CachedInformer informer : informers) {
            if (informer.size() != objects) {
                throw new IllegalStateException("an informer holds " + informer.size() + " objects, not " + objects);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        for (CachedInformer informer : informers) {
            informer.close();
        }
        for (ClientConnection c : connections) {
            c.close();
        }
        for (AutoCloseable c : new AutoCloseable[] {probe, writer, relay, cluster}) {
            if (c != null) {
                c.close();
            }
        }
    }
}
