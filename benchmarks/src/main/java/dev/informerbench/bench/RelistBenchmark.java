package dev.informerbench.bench;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientAdapter;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.RestartableCluster;
import dev.informerbench.faults.TcpRelay;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.support.Await;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
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
 * What does it cost an informer to recover when its watch breaks — how long until its
 * cache is current again, and which requests does it take?
 *
 * <p>Each iteration breaks the watch of a synced informer once (single shot), writes a
 * marker update to one of the {@code objects} ConfigMaps, and times until the informer's
 * cache holds that update. The informer talks to the server through a loopback
 * {@link TcpRelay} (bytes only: TLS is end to end with the real server). Two faults ({@code fault}):
 * <ul>
 *   <li>{@code CONNECTION_RESET}: the relay resets the informer's connection, as a network
 *       blip or a load balancer would; the API server stays up. Timed from the reset.</li>
 *   <li>{@code APISERVER_RESTART}: a rolling restart. The relay takes the server out of
 *       rotation, kube-apiserver gets SIGTERM (it ends open watches cleanly), etcd is
 *       compacted to its current revision, kube-apiserver starts again and the relay puts it
 *       back (all untimed, in the iteration's setup, reported as {@code recovery.outageMs}).
 *       The informer's resourceVersion is gone by then: its watch gets 410 Gone. Timed from
 *       the moment the server is back in rotation. The restart needs a server the suite may
 *       restart, so this fault starts a private local control plane; the runner measures it
 *       on the local target only.</li>
 * </ul>
 * Per recovery the JSON carries {@code recovery.lists} and {@code recovery.watches} (the
 * informer's own requests, from the break until its new WATCH is sent, refused attempts
 * included) and {@code recovery.listsAfter410} (LISTs without a resourceVersion: client-java
 * sends those only after a 410 Gone, and the server reads them from etcd, not its watch cache).
 *
 * <p>What to expect ({@code client}): client-java 27 ends its list-watch loop on any broken
 * watch except a refused connection, and starts a new one — a full LIST, then a WATCH — one
 * period (1 s) later: expect about 1.1 s and {@code recovery.lists} = 1 for a reset. After a
 * restart it retries the WATCH once a second while the port is refused, gets 410 Gone, relists
 * 1 s later: expect 1–2 s after the server is back, and {@code recovery.listsAfter410} = 1.
 * fabric8 8 resumes a reset watch from its last resourceVersion after its 1 s reconnect
 * interval, with one WATCH and no LIST: about 1.0–1.1 s, {@code recovery.lists} = 0. (The
 * restart is measured for client-java only: it needs a control plane the fork starts itself.)
 * client-go (its program, same names) resumes at once from its resourceVersion, without a LIST:
 * a few milliseconds. Its reflector backs off (exponentially from 0.8 s) only after a watch that
 * ended within a second having delivered nothing; each break here follows an update seen through
 * the watch (the iteration's setup), so it breaks a working watch, as a blip in production does.
 *
 * <pre>./run-bench.sh --profile quick -- Relist -p fault=CONNECTION_RESET</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class RelistBenchmark {
    /** How the watch is broken: where the informer's server is, and what each step of an iteration does. */
    public enum Fault {
        /** The loopback relay resets the informer's connection, in the timed operation: a working watch broken. */
        CONNECTION_RESET {
            @Override
            void serve(RelistBenchmark b) throws Exception {
                b.namespace = Fixture.seed(b.client, b.objects);
                b.server = b.client.adapter().server();
            }

            @Override
            void beforeCounting(RelistBenchmark b) throws Exception {
                // A WATCH is counted as it is sent, a moment before it is open through the relay (a new
                // connection, TLS): an update seen through it proves it open, so the reset breaks a watch.
                String probe = b.writer.update(b.namespace, b.marker, MARKER_KEY, Long.toString(++b.markerGeneration));
                Await.until(WATCH_TIMEOUT, () -> "the informer's watch to deliver an update before the break",
                        () -> probe.equals(b.informer.resourceVersion(b.marker)));
                ApiRequestProfiler.iterationSetupDone();
            }

            @Override
            void breakTimed(TcpRelay relay) {
                relay.resetAll();
            }
        },
        /** The private API server is restarted before the timed operation, which finds the watch broken. */
        APISERVER_RESTART {
            @Override
            void serve(RelistBenchmark b) throws Exception {
                b.privateCluster = b.client.adapter().startPrivateCluster();
                b.kubeconfig = b.privateCluster.kubeconfig();
                b.server = b.privateCluster.server();
                b.namespace = FixtureNames.namespace(ForkSettings.runId(), b.objects);
                b.client.adapter().ensureFixture(b.kubeconfig, b.namespace, b.objects,
                        line -> System.out.println("# " + line));
            }

            @Override
            void afterCounting(RelistBenchmark b) throws Exception {
                // Out of rotation first, as a load balancer does before a server stops: the watch the
                // server ends on SIGTERM is retried against a refused port, not the dying server.
                b.relay.refuseNew();
                Duration outage = b.privateCluster.restartApiServerCompacted();
                b.relay.acceptNew();
                BenchMetrics.publish(SuiteMetric.RECOVERY_OUTAGE_MS, outage.toNanos() / 1e6);
            }
        };

        /** Seeds the fixture and sets the server the informer's relay leads to (and its kubeconfig, if its own). */
        abstract void serve(RelistBenchmark b) throws Exception;

        /** The iteration's setup before its requests are counted. */
        void beforeCounting(RelistBenchmark b) throws Exception {}

        /** The iteration's setup after its requests are counted from. */
        void afterCounting(RelistBenchmark b) throws Exception {}

        /** What the timed operation does to the watch before it writes. */
        void breakTimed(TcpRelay relay) {}
    }

    private static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration RECOVERY_POLL = Duration.ofMillis(1);
    private static final Duration WATCH_TIMEOUT = Duration.ofSeconds(10);
    private static final String MARKER_KEY = "relist-marker";

    @Param({"1000", "10000"})
    int objects;

    @Param({"CONNECTION_RESET", "APISERVER_RESTART"})
    Fault fault;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    RestartableCluster privateCluster;
    /** The informer's server: the run's, or the private one. */
    URI server;
    /** Null for the run's cluster. */
    Path kubeconfig;
    TcpRelay relay;
    ClientConnection writer;
    ClientConnection informerConnection;
    CachedInformer informer;
    String namespace;
    String marker;
    long markerGeneration;

    /** The informer's own requests, apart from the writer's. */
    final RequestCounter informerRequests = new RequestCounter();
    RequestCounter.Counts iterationStart;
    long listsAfter410AtStart;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        ClientAdapter adapter = client.adapter();
        fault.serve(this);
        relay = TcpRelay.start(server.getHost(), server.getPort() > 0 ? server.getPort() : 443);
        writer = adapter.connect(ConnectOptions.direct().on(kubeconfig));
        informerConnection = adapter.connect(ConnectOptions.forWatches().on(kubeconfig).countedBy(informerRequests)
                .throughRelay(relay.port()));
        marker = FixtureNames.name(0);
        informer = Fixture.informer(informerConnection, informerRequests, namespace, objects);
        ApiRequestProfiler.trialSetupDone();
    }

    @Setup(Level.Iteration)
    public void breakForRestart() throws Exception {
        fault.beforeCounting(this);
        iterationStart = informerRequests.snapshot();
        listsAfter410AtStart = informerRequests.listsWithoutResourceVersion();
        fault.afterCounting(this);
    }

    /** Breaks the watch (a reset) or finds it broken (a restart), then waits until the cache is current. */
    @Benchmark
    public String recover() throws Exception {
        fault.breakTimed(relay);
        String expected = writer.update(namespace, marker, MARKER_KEY, Long.toString(++markerGeneration));
        // Polled every millisecond: the recovery takes a second or more.
        return Await.value(RECOVERY_TIMEOUT, RECOVERY_POLL,
                () -> "the informer to see the update of " + namespace + "/" + marker + " after " + fault,
                () -> Optional.ofNullable(informer.resourceVersion(marker)).filter(expected::equals));
    }

    @TearDown(Level.Iteration)
    public void countRequests() throws InterruptedException {
        // The recovery ends with a new WATCH after its LIST: wait for it, so it is counted here.
        Await.until(WATCH_TIMEOUT, () -> "the informer's new WATCH after " + fault + " (last request: "
                + informerRequests.last() + ")", () -> informerRequests.last() == RequestKind.WATCH);
        RequestCounter.Counts d = informerRequests.snapshot().minus(iterationStart);
        BenchMetrics.publish(SuiteMetric.RECOVERY_LISTS, d.list());
        BenchMetrics.publish(SuiteMetric.RECOVERY_WATCHES, d.watch());
        BenchMetrics.publish(SuiteMetric.RECOVERY_LISTS_AFTER_410,
                informerRequests.listsWithoutResourceVersion() - listsAfter410AtStart);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (informer != null) {
            informer.close();
        }
        for (AutoCloseable c : new AutoCloseable[] {informerConnection, writer, relay, privateCluster}) {
            if (c != null) {
                c.close();
            }
        }
    }
}
