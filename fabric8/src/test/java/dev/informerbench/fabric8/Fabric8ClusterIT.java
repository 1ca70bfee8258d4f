package dev.informerbench.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Sync;
import dev.informerbench.faults.TcpRelay;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.support.Await;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The adapter against a real API server: the local control plane this module's build starts
 * before its integration tests, or the one of {@code -Dinformerbench.kubeconfig} ({@link ItKubeconfig}).
 */
class Fabric8ClusterIT {
    static {
        ItKubeconfig.fromTheBuild();
    }

    static final int OBJECTS = 30;
    static final Duration SYNC = Duration.ofSeconds(60);
    static final Duration WATCH = Duration.ofSeconds(10);
    static final Fabric8Adapter ADAPTER = new Fabric8Adapter();
    static String namespace;

    @BeforeAll
    static void seed() throws Exception {
        assertThat(ForkSettings.kubeconfig()).as("the API server's kubeconfig: -Dinformerbench.kubeconfig"
                + " or -Dinformerbench.kubeconfigFrom (mvn verify sets it)").isPresent();
        namespace = FixtureNames.namespace("f8test-" + ProcessHandle.current().pid(), OBJECTS);
        Seeded first = ADAPTER.ensureFixture(null, namespace, OBJECTS, line -> { });
        assertThat(first.existing() + first.created()).isEqualTo(OBJECTS);
    }

    @AfterAll
    static void deleteNamespace() {
        if (namespace != null) {
            try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.direct())) {
                connection.client().namespaces().withName(namespace).delete();
            }
        }
    }

    @Test
    void seedingMadeExactlyTheSuitesObjectsAndAgainCreatesNothing() throws Exception {
        Seeded again = ADAPTER.ensureFixture(null, namespace, OBJECTS, line -> { });
        assertThat(again.created()).isZero();
        assertThat(again.existing()).isEqualTo(OBJECTS);
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.direct())) {
            List<ConfigMap> items = connection.client().configMaps().inNamespace(namespace).list().getItems();
            assertThat(items).extracting(cm -> cm.getMetadata().getName())
                    .containsExactlyInAnyOrderElementsOf(FixtureNames.names(OBJECTS));
            ConfigMap third = items.stream().filter(cm -> cm.getMetadata().getName().equals(FixtureNames.name(3)))
                    .findFirst().orElseThrow();
            assertThat(third.getData()).containsEntry("index", "3").containsEntry("payload", FixtureNames.PAYLOAD)
                    .hasSize(2);
            assertThat(third.getMetadata().getLabels()).containsEntry(FixtureNames.APP_LABEL, FixtureNames.app(3))
                    .containsAllEntriesOf(FixtureNames.runLabels(ForkSettings.runId())).hasSize(3);
            Namespace ns = connection.client().namespaces().withName(namespace).get();
            assertThat(ns.getMetadata().getLabels()).containsAllEntriesOf(FixtureNames.runLabels(ForkSettings.runId()));
            assertThat(ns.getMetadata().getAnnotations()).containsKeys(FixtureNames.OWNER, FixtureNames.HEARTBEAT);
        }
    }

    @Test
    void aDirectGetIsExactlyOneGet() throws Exception {
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.direct().countedBy(counter))) {
            ConfigMap cm = connection.get(namespace, FixtureNames.name(5));
            assertThat(cm.getMetadata().getName()).isEqualTo(FixtureNames.name(5));
        }
        assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(0, 0, 1, 0, 0, 0));
    }

    @Test
    void listWatchIsOneListThenOneWatch() throws Exception {
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.forWatches().countedBy(counter));
                CachedInformer informer = connection.startInformer(namespace, Sync.LIST_WATCH, SYNC)) {
            counter.awaitWatches(0, 1, WATCH);
            assertThat(informer.size()).isEqualTo(OBJECTS);
            assertThat(((ConfigMap) informer.get(FixtureNames.name(7))).getData()).containsEntry("index", "7");
            assertThat(informer.getByKey(namespace + "/" + FixtureNames.name(7)))
                    .isSameAs(informer.get(FixtureNames.name(7)));
            assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(1, 1, 0, 0, 0, 0));
            System.out.println("fabric8 LIST: " + counter.firstUrl(RequestKind.LIST) + "\nfabric8 WATCH: "
                    + counter.firstUrl(RequestKind.WATCH));
        }
    }

    @Test
    void watchListIsOneWatchWithInitialEventsAndNoList() throws Exception {
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.forWatches().countedBy(counter));
                CachedInformer informer = connection.startInformer(namespace, Sync.WATCH_LIST, SYNC)) {
            assertThat(informer.size()).isEqualTo(OBJECTS);
            assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(0, 1, 0, 0, 0, 0));
            assertThat(counter.firstUrl(RequestKind.WATCH)).contains("sendInitialEvents=true")
                    .contains("resourceVersionMatch=NotOlderThan").contains("allowWatchBookmarks=true");
            System.out.println("fabric8 WatchList: " + counter.firstUrl(RequestKind.WATCH));
            // The flag was for that informer: the next one of the same client lists again.
            try (CachedInformer listed = connection.startInformer(namespace, Sync.LIST_WATCH, SYNC)) {
                assertThat(counter.snapshot().list()).isEqualTo(1);
            }
        }
    }

    @Test
    void anUpdateReachesTheInformer() throws Exception {
        try (Fabric8Connection writer = ADAPTER.connect(ConnectOptions.direct());
                Fabric8Connection watcher = ADAPTER.connect(ConnectOptions.forWatches());
                CachedInformer informer = watcher.startInformer(namespace, Sync.LIST_WATCH, SYNC)) {
            String version = writer.update(namespace, FixtureNames.name(1), "marker", "1");
            Await.until(WATCH, "the update in the cache",
                    () -> version.equals(informer.resourceVersion(FixtureNames.name(1))));
        }
    }

    @Test
    void throughARelayTlsStillVerifiesAndAResetWatchResumes() throws Exception {
        URI server = ADAPTER.server();
        RequestCounter counter = new RequestCounter();
        try (TcpRelay relay = TcpRelay.start(server.getHost(), server.getPort());
                Fabric8Connection writer = ADAPTER.connect(ConnectOptions.direct());
                Fabric8Connection watcher =
                        ADAPTER.connect(ConnectOptions.forWatches().throughRelay(relay.port()).countedBy(counter));
                CachedInformer informer = watcher.startInformer(namespace, Sync.LIST_WATCH, SYNC)) {
            // The WATCH is counted when fabric8 sends it, before its connection is open: wait for the latter.
            Await.until(WATCH, "the informer's watch open", () -> ((Fabric8Informer) informer).informer().isWatching());
            assertThat(relay.connectionsAccepted()).isPositive();
            RequestCounter.Counts before = counter.snapshot();
            long started = System.nanoTime();
            int reset = relay.resetAll();
            System.out.println("relay: " + reset + " connections reset of " + relay.connectionsAccepted()
                    + " accepted");
            String version = writer.update(namespace, FixtureNames.name(2), "marker", Long.toString(started));
            Await.until(Duration.ofSeconds(60), "the update after a reset",
                    () -> version.equals(informer.resourceVersion(FixtureNames.name(2))));
            System.out.printf("fabric8 after a reset: %s in %.0f ms%n", counter.snapshot().minus(before),
                    (System.nanoTime() - started) / 1e6);
            // fabric8 resumes the watch from its resourceVersion (after its 1 s reconnect interval): no LIST.
            assertThat(counter.snapshot().minus(before)).isEqualTo(new RequestCounter.Counts(0, 1, 0, 0, 0, 0));
        }
    }

    @Test
    void closingAConnectionLeavesNoThreadOfIt() throws Exception {
        List<String> before = Fabric8Threads.names();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.forWatches());
                CachedInformer informer = connection.startInformer(namespace, Sync.LIST_WATCH, SYNC)) {
            System.out.println("fabric8 client threads: " + Fabric8Threads.newSince(before));
            assertThat(Fabric8Threads.newSince(before)).isNotEmpty();
        }
        Await.until(Duration.ofSeconds(10), () -> "the client's threads to end: " + Fabric8Threads.newSince(before),
                () -> Fabric8Threads.newSince(before).isEmpty());
    }
}
