package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.reflect.TypeToken;
import dev.informerbench.audit.ApiServerMetrics;
import dev.informerbench.accounting.ProcessUsage;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.util.Watch;
import java.lang.management.ManagementFactory;
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

    /**
     * The server's CPU, as issue 21's server-cost rows will read it, two ways: the kernel's count for
     * the process the suite started ({@code /proc}) and the process's own {@code process_cpu_seconds_total},
     * over a few seconds of LISTs. Each /proc reading follows its scrape, so both windows hold one
     * scrape's work after the metric was sampled (a /metrics answer costs the server tens of ms).
     */
    @Test
    void theApiServersCpuFromProcAgreesWithItsOwnMetric() throws Exception {
        ProcessHandle apiServer = cp.processes().get(1);
        CoreV1Api api = new CoreV1Api(client);
        double metricBefore = ApiServerMetrics.processCpuSeconds(ApiServerMetrics.text(client));
        ProcessUsage before = ProcessUsage.of(apiServer);
        long end = System.nanoTime() + 5_000_000_000L;
        // two callers, so that the server's CPU in the window dwarfs the 10 ms a clock tick counts
        CompletableFuture<?> other = CompletableFuture.runAsync(() -> listUntil(api, end));
        listUntil(api, end);
        other.join();
        double metricAfter = ApiServerMetrics.processCpuSeconds(ApiServerMetrics.text(client));
        ProcessUsage after = ProcessUsage.of(apiServer);
        double proc = after.cpuSeconds() - before.cpuSeconds();
        double metric = metricAfter - metricBefore;
        System.out.printf("kube-apiserver CPU over the window: /proc %.3f s, process_cpu_seconds_total %.3f s%n",
                proc, metric);
        assertThat(proc).isGreaterThan(0.5);
        assertThat(metric).isCloseTo(proc, within(0.02 * proc));
        assertThat(after.peakResidentBytes()).isGreaterThanOrEqualTo(after.residentBytes());
        assertThat(after.residentBytes()).isGreaterThan(50L << 20);
    }

    @Test
    void theApiServerRunsUnderGosSoftMemoryLimit() throws Exception {
        long machine = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
        long limitBytes = Long.parseLong(KubeApiServer.memoryLimit(machine).replace("MiB", "")) << 20;
        // as kube-apiserver's Go runtime reports it, not as it was handed over
        String reported = ApiServerMetrics.text(client).lines().filter(l -> l.startsWith("go_gc_gomemlimit_bytes "))
                .findFirst().orElseThrow().split(" ")[1];
        assertThat(Double.parseDouble(reported)).isEqualTo((double) limitBytes);
    }

    private static void listUntil(CoreV1Api api, long end) {
        try {
            while (System.nanoTime() < end) {
                api.listNamespace().execute();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
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
