package dev.informerbench.servercost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.ServerProcesses;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.apis.RbacAuthorizationV1Api;
import io.kubernetes.client.openapi.models.RbacV1Subject;
import io.kubernetes.client.openapi.models.V1ClusterRole;
import io.kubernetes.client.openapi.models.V1ClusterRoleBinding;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.openapi.models.V1PolicyRule;
import io.kubernetes.client.openapi.models.V1RoleRef;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A window of server cost, measured on the suite's own local control plane. */
class ServerWindowIT {
    static final String NS = "it-server-window";
    static LocalControlPlane cp;
    static ApiClient admin;

    @BeforeAll
    static void start() throws Exception {
        cp = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        System.setProperty(ServerProcesses.PROPERTY, LocalControlPlane.processesFile(cp.kubeconfig()).toString());
        admin = new ClusterTarget.Attached(cp.kubeconfig(), "local").connect().newClient();
        new CoreV1Api(admin).createNamespace(new V1Namespace().metadata(new V1ObjectMeta().name(NS))).execute();
        try (ClientConnection c = connect(cp.kubeconfig())) {
            c.create(NS, "cm-00000", Map.of(), Map.of("k", "v"));
        }
    }

    @AfterAll
    static void stop() {
        System.clearProperty(ServerProcesses.PROPERTY);
        if (cp != null) {
            cp.close();
        }
    }

    private static ClientConnection connect(Path kubeconfig) throws Exception {
        return ClientType.CLIENT_JAVA.adapter().connect(ConnectOptions.direct().on(kubeconfig));
    }

    /** 3 s of LISTs: the server's CPU by /proc and by its own counter agree, scrapes and all. */
    @Test
    void aBusyWindowIsMeasuredOnTheServerAndItsTwoCpuReadingsAgree() throws Exception {
        List<String> said = new ArrayList<>();
        try (ClientConnection c = connect(cp.kubeconfig()); ProbeSampler probe = new ProbeSampler(c, NS, "cm-00000")) {
            ServerWindow window = new ServerWindow(c, probe, null, said::add);
            window.begin();
            CoreV1Api api = new CoreV1Api(admin);
            for (long end = System.nanoTime() + 3_000_000_000L; System.nanoTime() < end; ) {
                api.listNamespace().execute();
            }
            Map<SuiteMetric, Double> m = window.end();
            System.out.println(m);
            assertThat(said).isEmpty();
            assertThat(m.get(SuiteMetric.SERVER_APISERVER_CORES)).isGreaterThan(0.1);
            assertThat(m.get(SuiteMetric.SERVER_APISERVER_PEAK_MIB)).isGreaterThan(50);
            assertThat(m.get(SuiteMetric.SERVER_ETCD_PEAK_MIB)).isPositive();
            assertThat(m.get(SuiteMetric.SERVER_APISERVER_HEAP_MIB)).isPositive();
            assertThat(m.get(SuiteMetric.PROBE_GET_P50_US)).isPositive();
            assertThat(m.get(SuiteMetric.CLIENT_CORES)).isPositive();
            double byMetric = m.get(SuiteMetric.SERVER_CPU_CHECK_METRIC_SEC);
            double byProc = m.get(SuiteMetric.SERVER_CPU_CHECK_PROC_SEC);
            // Both count 10 ms ticks, and the part of a scrape spent before its counter is read varies at
            // each end of the window: within 2%, or 100 ms on a short window (measured on 2026-12-04: 0 to
            // 30 ms in six runs of this test, 60 ms in a seventh, of 1.7 s). Reading another process, or
            // another unit, would be off by far more.
            assertThat(Math.abs(byMetric - byProc)).as("%s s by the metric, %s s by /proc", byMetric, byProc)
                    .isLessThanOrEqualTo(Math.max(0.02 * byProc, 0.1));
            assertThat(m).doesNotContainKey(SuiteMetric.POLL_GETS_PER_SECOND);
        }
    }

    /** A user who may read ConfigMaps but not /metrics: the counters are missing, said once; /proc's are there. */
    @Test
    void aServerThatHidesItsMetricsLeavesThoseMeasuresMissingAndSaysSo() throws Exception {
        // Not the built-in "view": it is aggregated by kube-controller-manager, which the local control plane lacks.
        RbacAuthorizationV1Api rbac = new RbacAuthorizationV1Api(admin);
        rbac.createClusterRole(new V1ClusterRole().metadata(new V1ObjectMeta().name("it-configmap-reader"))
                .rules(List.of(new V1PolicyRule().apiGroups(List.of("")).resources(List.of("configmaps"))
                        .verbs(List.of("get", "list", "watch"))))).execute();
        rbac.createClusterRoleBinding(new V1ClusterRoleBinding()
                .metadata(new V1ObjectMeta().name("it-viewer"))
                .roleRef(new V1RoleRef().apiGroup("rbac.authorization.k8s.io").kind("ClusterRole")
                        .name("it-configmap-reader"))
                .subjects(List.of(new RbacV1Subject().apiGroup("rbac.authorization.k8s.io").kind("Group")
                        .name("it:viewers")))).execute();
        Path viewer = cp.kubeconfigFor("it-viewer", List.of("it:viewers"));
        List<String> said = new ArrayList<>();
        try (ClientConnection c = connect(viewer); ProbeSampler probe = new ProbeSampler(c, NS, "cm-00000")) {
            Await.until(Duration.ofSeconds(30), "the binding to let the viewer read ConfigMaps", () -> {
                try {
                    return c.get(NS, "cm-00000") != null;
                } catch (Exception forbiddenYet) {
                    return false;
                }
            });
            ServerWindow window = new ServerWindow(c, probe, null, said::add);
            window.begin();
            Thread.sleep(500);
            Map<SuiteMetric, Double> first = window.end();
            window.begin();
            Thread.sleep(500);
            Map<SuiteMetric, Double> second = window.end();
            assertThat(said).containsExactly("kube-apiserver's /metrics could not be read (GET /metrics is forbidden"
                    + " for this user (403)): its counters, heap and the CPU cross-check are not measured");
            for (Map<SuiteMetric, Double> m : List.of(first, second)) {
                assertThat(m).containsKeys(SuiteMetric.SERVER_APISERVER_CORES, SuiteMetric.SERVER_ETCD_PEAK_MIB,
                        SuiteMetric.PROBE_GET_P50_US).doesNotContainKeys(SuiteMetric.SERVER_WATCH_EVENTS_SENT,
                        SuiteMetric.SERVER_CPU_CHECK_METRIC_SEC, SuiteMetric.SERVER_APISERVER_HEAP_MIB);
            }
        }
    }

    /** After a restart the file names the new kube-apiserver, and a window reads it. */
    @Test
    void aRestartedApiServerIsTheOneMeasured() throws Exception {
        long before = ServerProcesses.fromProperty().orElseThrow().pids().get(ServerProcesses.API_SERVER);
        cp.restartApiServer(false);
        long after = ServerProcesses.fromProperty().orElseThrow().pids().get(ServerProcesses.API_SERVER);
        assertThat(after).isNotEqualTo(before)
                .isEqualTo(cp.processes().get(1).pid());
        try (ClientConnection c = connect(cp.kubeconfig()); ProbeSampler probe = new ProbeSampler(c, NS, "cm-00000")) {
            ServerWindow window = new ServerWindow(c, probe, null, line -> { });
            window.begin();
            Thread.sleep(500);
            assertThat(window.end()).containsKey(SuiteMetric.SERVER_APISERVER_CORES);
        }
    }
}
