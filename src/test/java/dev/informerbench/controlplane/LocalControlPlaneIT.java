package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.reflect.TypeToken;
import dev.informerbench.support.ServerVersion;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.util.Watch;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The local control plane against client-java: real requests, real sockets, real processes. */
class LocalControlPlaneIT {
    static LocalControlPlane cp;
    static ApiClient client;

    @BeforeAll
    static void start() throws Exception {
        cp = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        client = LocalControlPlane.client(cp.kubeconfig());
    }

    @AfterAll
    static void stop() {
        if (cp != null) {
            cp.close();
        }
    }

    @Test
    void answersWithThePinnedRelease() throws Exception {
        String expected = "v" + ControlPlaneBinaries.requestedVersion();
        assertThat(ServerVersion.gitVersion(client)).isEqualTo(expected);
        assertThat(cp.serverVersion()).isEqualTo(expected);
        assertThat(cp.serverUrl()).startsWith("https://127.0.0.1:");
    }

    @Test
    void createGetListWatchDeleteAConfigMap() throws Exception {
        CoreV1Api api = new CoreV1Api(client);
        String ns = "it-crud";
        api.createNamespace(new V1Namespace().metadata(new V1ObjectMeta().name(ns))).execute();
        String listRv = api.listNamespacedConfigMap(ns).execute().getMetadata().getResourceVersion();

        // The watch runs on its own client: watches need no read timeout.
        ApiClient watchClient = LocalControlPlane.client(cp.kubeconfig());
        watchClient.setReadTimeout(0);
        CompletableFuture<List<String>> events = CompletableFuture.supplyAsync(() -> {
            List<String> seen = new ArrayList<>();
            try (Watch<V1ConfigMap> watch = Watch.createWatch(watchClient,
                    new CoreV1Api(watchClient).listNamespacedConfigMap(ns).watch(true).resourceVersion(listRv)
                            .timeoutSeconds(20).buildCall(null),
                    new TypeToken<Watch.Response<V1ConfigMap>>() {}.getType())) {
                for (Watch.Response<V1ConfigMap> event : watch) {
                    seen.add(event.type + " " + event.object.getMetadata().getName());
                    if (event.type.equals("DELETED")) {
                        break;
                    }
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
            return seen;
        });

        V1ConfigMap created = api.createNamespacedConfigMap(ns, new V1ConfigMap()
                .metadata(new V1ObjectMeta().name("probe").labels(Map.of("app", "it")))
                .data(Map.of("k", "v"))).execute();
        assertThat(created.getMetadata().getResourceVersion()).isNotBlank();
        assertThat(api.readNamespacedConfigMap("probe", ns).execute().getData()).containsEntry("k", "v");
        assertThat(api.listNamespacedConfigMap(ns).labelSelector("app=it").execute().getItems())
                .extracting(c -> c.getMetadata().getName()).containsExactly("probe");
        api.deleteNamespacedConfigMap("probe", ns).execute();

        assertThat(events.get(30, TimeUnit.SECONDS)).containsExactly("ADDED probe", "DELETED probe");
        assertThat(api.listNamespacedConfigMap(ns).execute().getItems()).isEmpty();
        api.deleteNamespace(ns).execute();
    }

    @Test
    void everyListenerIsOnLoopback() throws Exception {
        for (ProcessHandle process : cp.processes()) {
            var listeners = ListeningSockets.of(process.pid());
            assertThat(listeners).as("listeners of pid %d", process.pid()).isNotEmpty().allMatch(
                    ListeningSockets.Listener::isLoopback);
        }
    }

    @Test
    void kubeconfigIsPrivateAndInTheRunFolder() throws Exception {
        assertThat(cp.kubeconfig()).startsWith(cp.runDirectory());
        assertThat(Files.getPosixFilePermissions(cp.kubeconfig()))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }

    @Test
    void closeLeavesNoProcessAndNoData() throws Exception {
        // A second, short-lived control plane so the shared one stays up for the other tests.
        LocalControlPlane other = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        List<ProcessHandle> processes = other.processes();
        assertThat(processes).allMatch(ProcessHandle::isAlive);
        other.close();
        assertThat(processes).noneMatch(ProcessHandle::isAlive);
        assertThat(Files.exists(other.runDirectory())).isFalse();
        other.close(); // idempotent
    }
}
