package dev.informerbench.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.ShapeInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fixtures.Shapes;
import dev.informerbench.fork.ForkSettings;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CacheMemory's fabric8 side against a real API server ({@link ItKubeconfig}): the objects seeded
 * in their shapes, by their two managers, and an informer on them with each remedy.
 */
class Fabric8ShapesIT {
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
        namespace = FixtureNames.namespace("f8shapes-" + ProcessHandle.current().pid(), OBJECTS);
        for (ObjectKind kind : ObjectKind.values()) {
            Seeded seeded = ADAPTER.ensureShapes(null, namespace, kind, OBJECTS, line -> { });
            assertThat(seeded.existing() + seeded.created()).as(kind.resource()).isEqualTo(OBJECTS);
        }
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
    void seedingAgainCreatesNothing() throws Exception {
        for (ObjectKind kind : ObjectKind.values()) {
            Seeded again = ADAPTER.ensureShapes(null, namespace, kind, OBJECTS, line -> { });
            assertThat(again.created()).as(kind.resource()).isZero();
            assertThat(again.existing()).as(kind.resource()).isEqualTo(OBJECTS);
        }
    }

    @Test
    void aPodIsCreatedByTheControllerManagerAndItsStatusWrittenByTheKubelet() {
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.direct())) {
            Pod pod = connection.client().pods().inNamespace(namespace).withName(ObjectKind.POD.name(7)).get();
            assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
            assertThat(pod.getStatus().getContainerStatuses()).hasSize(2);
            assertThat(pod.getMetadata().getLabels()).containsEntry(Remedy.SHARD_LABEL, "7")
                    .containsAllEntriesOf(FixtureNames.runLabels(ForkSettings.runId()));
            List<ManagedFieldsEntry> managed = pod.getMetadata().getManagedFields();
            assertThat(managed).extracting(ManagedFieldsEntry::getManager)
                    .containsExactlyInAnyOrder(Shapes.CREATOR, Shapes.KUBELET);
            // Both as client-java's seeding leaves them: Update operations, the kubelet's on the status.
            assertThat(managed).allSatisfy(m -> assertThat(m.getOperation()).isEqualTo("Update"));
            assertThat(managed).filteredOn(m -> m.getManager().equals(Shapes.KUBELET))
                    .extracting(ManagedFieldsEntry::getSubresource).containsExactly("status");
            for (ObjectKind kind : List.of(ObjectKind.SECRET, ObjectKind.CONFIG_MAP)) {
                HasMetadata object = connection.client().resources(Fabric8Shapes.type(kind)).inNamespace(namespace)
                        .withName(kind.name(7)).get();
                assertThat(object.getMetadata().getManagedFields()).as(kind.resource())
                        .extracting(ManagedFieldsEntry::getManager).containsExactly(Shapes.CREATOR);
            }
        }
    }

    @Test
    void rawGetIsTheObjectsJson() {
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.direct())) {
            String path = "/api/v1/namespaces/" + namespace + "/pods/" + ObjectKind.POD.name(0);
            String json = connection.rawGet(path);
            System.out.println("fabric8: pod-00000 is " + json.length() + " bytes of JSON");
            assertThat(json).startsWith("{").contains("\"name\":\"pod-00000\"").contains("\"managedFields\"");
        }
    }

    @Test
    void fullCachesThePodsAsTheServerSendsThem() throws Exception {
        Pod pod = (Pod) cached(ObjectKind.POD, Remedy.FULL, OBJECTS);
        assertThat(pod.getMetadata().getManagedFields()).hasSize(2);
        assertThat(pod.getSpec().getContainers()).hasSize(2);
        assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
    }

    @Test
    void noManagedFieldsCachesThePodsWithoutThem() throws Exception {
        Pod pod = (Pod) cached(ObjectKind.POD, Remedy.NO_MANAGED_FIELDS, OBJECTS);
        assertThat(pod.getMetadata().getManagedFields()).isNullOrEmpty();
        assertThat(pod.getMetadata().getLabels()).containsEntry(Remedy.SHARD_LABEL, "0");
        assertThat(pod.getSpec().getContainers()).hasSize(2);
        assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
    }

    @Test
    void metadataOnlyCachesTheMetadataAlone() throws Exception {
        Pod pod = (Pod) cached(ObjectKind.POD, Remedy.METADATA_ONLY, OBJECTS);
        assertThat(pod.getApiVersion()).isEqualTo("v1");
        assertThat(pod.getKind()).isEqualTo("Pod");
        assertThat(pod.getMetadata().getName()).isEqualTo(ObjectKind.POD.name(0));
        assertThat(pod.getMetadata().getNamespace()).isEqualTo(namespace);
        assertThat(pod.getMetadata().getResourceVersion()).isNotBlank();
        assertThat(pod.getMetadata().getLabels()).containsEntry(Remedy.SHARD_LABEL, "0");
        assertThat(pod.getMetadata().getOwnerReferences()).hasSize(1);
        assertThat(pod.getMetadata().getManagedFields()).hasSize(2);
        assertThat(pod.getSpec()).isNull();
        assertThat(pod.getStatus()).isNull();
        Secret secret = (Secret) cached(ObjectKind.SECRET, Remedy.METADATA_ONLY, OBJECTS);
        assertThat(secret.getData()).isNullOrEmpty();
        assertThat(secret.getType()).isNull();
        ConfigMap configMap = (ConfigMap) cached(ObjectKind.CONFIG_MAP, Remedy.METADATA_ONLY, OBJECTS);
        assertThat(configMap.getData()).isNullOrEmpty();
    }

    @Test
    void selectorTenthCachesShardZeroOnly() throws Exception {
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.forWatches().countedBy(counter));
                ShapeInformer informer = watching(connection, counter, ObjectKind.POD, Remedy.SELECTOR_TENTH)) {
            assertThat(URLDecoder.decode(counter.firstUrl(RequestKind.LIST), StandardCharsets.UTF_8))
                    .contains("labelSelector=" + Remedy.TENTH_SELECTOR);
            assertThat(informer.size()).isEqualTo(Remedy.SELECTOR_TENTH.cached(OBJECTS)).isEqualTo(3);
            assertThat(informer.get(ObjectKind.POD.name(10))).isNotNull();
            assertThat(informer.get(ObjectKind.POD.name(11))).isNull();
        }
    }

    @Test
    void everyKindSyncsFullyWithEveryRemedy() throws Exception {
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.forWatches().countedBy(counter))) {
            for (ObjectKind kind : ObjectKind.values()) {
                for (Remedy remedy : Remedy.values()) {
                    try (ShapeInformer informer = watching(connection, counter, kind, remedy)) {
                        assertThat(informer.size()).as(kind + " " + remedy).isEqualTo(remedy.cached(OBJECTS));
                        ShapeInformer.Held held = informer.held(kind.name(0));
                        // fabric8 keeps what the server sends, metadata-only's managedFields too
                        int managers = kind.hasStatus() ? 2 : 1;
                        assertThat(held).as(kind + " " + remedy).isEqualTo(new ShapeInformer.Held(
                                remedy == Remedy.NO_MANAGED_FIELDS ? 0 : managers, remedy != Remedy.METADATA_ONLY));
                    }
                }
            }
        }
    }

    /** Object 0 of {@code kind} as an informer with {@code remedy} caches it, once it holds {@code expected}. */
    private static Object cached(ObjectKind kind, Remedy remedy, int expected) throws Exception {
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = ADAPTER.connect(ConnectOptions.forWatches().countedBy(counter));
                ShapeInformer informer = watching(connection, counter, kind, remedy)) {
            assertThat(informer.size()).isEqualTo(expected);
            Object cached = informer.get(kind.name(0));
            assertThat(cached).isNotNull();
            return cached;
        }
    }

    /** A synced informer whose WATCH is open: closed before it is, fabric8 logs the watch it could not start. */
    private static ShapeInformer watching(Fabric8Connection connection, RequestCounter counter, ObjectKind kind,
            Remedy remedy) throws Exception {
        long before = counter.watchesOpened();
        ShapeInformer informer = connection.startShapeInformer(namespace, kind, remedy, SYNC);
        try {
            counter.awaitWatches(before, 1, WATCH);
        } catch (InterruptedException | RuntimeException e) {
            informer.close();
            throw e;
        }
        return informer;
    }
}
