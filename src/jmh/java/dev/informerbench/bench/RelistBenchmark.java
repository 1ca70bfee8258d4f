package dev.informerbench.bench;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.faults.TcpRelay;
import dev.informerbench.fixtures.ConfigMapFixtures;
import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.fork.BenchFixture;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.fork.SuiteClients;
import dev.informerbench.fork.SuiteCluster;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import okhttp3.HttpUrl;
import okhttp3.internal.tls.OkHostnameVerifier;
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
 * informer's own requests, from the break until its new watch is open, refused attempts
 * included) and {@code recovery.listsAfter410} (LISTs without a resourceVersion: client-java
 * sends those only after a 410 Gone, and the server reads them from etcd, not its watch cache).
 *
 * <p>What to expect: client-go resumes a reset watch from its resourceVersion with one WATCH
 * and no LIST. client-java 27 ends its list-watch loop on any broken watch except a refused
 * connection, and starts a new one — a full LIST, then a WATCH — one period (1 s) later:
 * expect about 1.1 s and {@code recovery.lists} = 1 for a reset. After a restart it retries the
 * WATCH once a second while the port is refused, gets 410 Gone, relists 1 s later: expect
 * 1–2 s after the server is back, and {@code recovery.listsAfter410} = 1.
 *
 * <pre>./run-bench.sh --profile quick -- Relist -p fault=CONNECTION_RESET</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class RelistBenchmark {
    /** How the watch is broken. */
    public enum Fault { CONNECTION_RESET, APISERVER_RESTART }

    private static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration RECOVERY_POLL = Duration.ofMillis(1);
    private static final Duration WATCH_TIMEOUT = Duration.ofSeconds(10);
    private static final String MARKER_KEY = "relist-marker";

    @Param({"1000", "10000"})
    int objects;

    @Param({"CONNECTION_RESET", "APISERVER_RESTART"})
    Fault fault;

    LocalControlPlane privatePlane;
    TcpRelay relay;
    CoreV1Api writer;
    ConfigMapInformer informer;
    String namespace;
    String marker;
    long markerGeneration;

    /** The informer's own requests, apart from the writer's. */
    final RequestCounter informerRequests = new RequestCounter();
    final LongAdder listsAfter410 = new LongAdder();
    volatile RequestKind lastRequest;
    RequestCounter.Counts iterationStart;
    long listsAfter410AtStart;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        ApiClient informerClient;
        if (fault == Fault.APISERVER_RESTART) {
            privatePlane = LocalControlPlane.start(LocalControlPlane.Options.defaults());
            ClusterTarget.Connection connection = new ClusterTarget.Kubeconfig(privatePlane.kubeconfig(), null).connect();
            namespace = ConfigMapFixtures.namespace(SuiteCluster.runId(), objects);
            // Counted as every request is, and as sent elsewhere than to the run's server.
            BenchFixture.ensure(elsewhere(connection.newClient()), namespace, objects);
            writer = new CoreV1Api(elsewhere(connection.newClient()));
            informerClient = elsewhere(connection.newClient());
            informerClient.setReadTimeout(0);
            informerClient = throughRelay(informerClient);
        } else {
            namespace = BenchFixture.seed(objects);
            writer = new CoreV1Api(SuiteCluster.newClient());
            informerClient = throughRelay(SuiteCluster.newWatchClient());
        }
        SuiteClients.counted(informerClient, informerRequests);
        informerClient.setHttpClient(informerClient.getHttpClient().newBuilder().addInterceptor(chain -> {
            HttpUrl url = chain.request().url();
            RequestKind kind = RequestKind.classify(chain.request().method(), url.encodedPath(), url.encodedQuery());
            lastRequest = kind;
            if (kind == RequestKind.LIST) {
                String rv = url.queryParameter("resourceVersion");
                if (rv == null || rv.isEmpty()) {
                    listsAfter410.increment();
                }
            }
            return chain.proceed(chain.request());
        }).build());
        marker = ConfigMapFixtures.name(0);
        informer = BenchFixture.informer(informerClient, informerRequests, namespace, objects,
                ConfigMapInformer.Spec.plain());
    }

    /** A client of the private control plane: counted, and kept out of the run's check against its server. */
    private static ApiClient elsewhere(ApiClient client) {
        return SuiteClients.counted(SuiteClients.counted(client), RequestCounter.ELSEWHERE);
    }

    /** Points the client at a relay on loopback; TLS still verifies the real server's name. */
    private ApiClient throughRelay(ApiClient client) {
        URI server = URI.create(client.getBasePath());
        int port = server.getPort() > 0 ? server.getPort() : 443;
        relay = TcpRelay.start(server.getHost(), port);
        client.setBasePath(server.getScheme() + "://127.0.0.1:" + relay.port() + server.getRawPath());
        String host = server.getHost();
        client.setHttpClient(client.getHttpClient().newBuilder()
                .hostnameVerifier((ignored, session) -> OkHostnameVerifier.INSTANCE.verify(host, session))
                .build());
        return client;
    }

    @Setup(Level.Iteration)
    public void breakForRestart() {
        iterationStart = informerRequests.snapshot();
        listsAfter410AtStart = listsAfter410.sum();
        if (fault == Fault.APISERVER_RESTART) {
            // Out of rotation first, as a load balancer does before a server stops: the watch the
            // server ends on SIGTERM is retried against a refused port, not the dying server.
            relay.refuseNew();
            LocalControlPlane.Restart restart = privatePlane.restartApiServer(true);
            relay.acceptNew();
            BenchMetrics.average("recovery.outageMs", restart.total().toNanos() / 1e6, "ms");
        }
    }

    /** Breaks the watch (a reset) or finds it broken (a restart), then waits until the cache is current. */
    @Benchmark
    public V1ConfigMap recover() throws Exception {
        if (fault == Fault.CONNECTION_RESET) {
            relay.resetAll();
        }
        String expected = touchMarker();
        // Polled every millisecond: the recovery takes a second or more.
        return Await.value(RECOVERY_TIMEOUT, RECOVERY_POLL,
                () -> "the informer to see the update of " + namespace + "/" + marker + " after " + fault,
                () -> Optional.ofNullable(informer.lister().get(marker))
                        .filter(cached -> expected.equals(cached.getMetadata().getResourceVersion())));
    }

    @TearDown(Level.Iteration)
    public void countRequests() throws InterruptedException {
        // The recovery ends with a new WATCH after its LIST; wait for it so the next break finds it open.
        Await.until(WATCH_TIMEOUT, () -> "the informer's new WATCH after " + fault + " (last request: " + lastRequest + ")",
                () -> lastRequest == RequestKind.WATCH);
        Thread.sleep(200); // let the WATCH be established at the server, not just sent
        RequestCounter.Counts d = informerRequests.snapshot().minus(iterationStart);
        BenchMetrics.average("recovery.lists", d.list(), "requests");
        BenchMetrics.average("recovery.watches", d.watch(), "requests");
        BenchMetrics.average("recovery.listsAfter410", listsAfter410.sum() - listsAfter410AtStart, "requests");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (informer != null) {
            informer.close();
        }
        if (relay != null) {
            relay.close();
        }
        if (privatePlane != null) {
            privatePlane.close();
        }
    }

    /** Writes a new value into the marker ConfigMap; returns the resourceVersion the server gave it. */
    private String touchMarker() throws Exception {
        for (int attempt = 0; ; attempt++) {
            V1ConfigMap current = writer.readNamespacedConfigMap(marker, namespace).execute();
            var data = new HashMap<>(current.getData() == null ? Map.<String, String>of() : current.getData());
            data.put(MARKER_KEY, Long.toString(++markerGeneration));
            current.setData(data);
            try {
                return writer.replaceNamespacedConfigMap(marker, namespace, current).execute()
                        .getMetadata().getResourceVersion();
            } catch (ApiException e) {
                if (e.getCode() != 409 || attempt >= 3) {
                    throw e;
                }
            }
        }
    }
}
