package dev.informerbench.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.controlplane.Certificates;
import io.kubernetes.client.openapi.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --in-cluster: only inside a pod, by the pod's service account, as a kubeconfig every fork reads. */
class InClusterConfigTest {
    /** A real CA certificate: client-java parses it when it builds a client (nothing is dialled). */
    private static final String CA = Certificates.generate().ca().certificatePem();

    @Test
    void outsideAPodItIsRefused(@TempDir Path dir) {
        assertThatThrownBy(() -> InClusterConfig.target(Map.of(), dir, dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--in-cluster is for a pod, and KUBERNETES_SERVICE_HOST is not set;"
                        + " outside a cluster name one with --kubeconfig");
    }

    @Test
    void withoutTheServiceAccountsFilesItSaysWhich(@TempDir Path dir) {
        assertThatThrownBy(() -> InClusterConfig.target(Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1"), dir, dir))
                .hasMessageStartingWith("--in-cluster: the pod's service account file " + dir.resolve("token"));
    }

    @Test
    void theKubeconfigNamesTheServiceAndTheToken(@TempDir Path dir) throws Exception {
        Path sa = Files.createDirectories(dir.resolve("sa"));
        Files.writeString(sa.resolve("token"), "the-token\n");
        Files.writeString(sa.resolve("ca.crt"), CA);
        ClusterTarget.InCluster target = InClusterConfig.target(
                Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443"), sa, dir.resolve("k"));
        assertThat(target.kind()).isEqualTo("in-cluster");
        KubeconfigFile file = KubeconfigFile.read(target.kubeconfig(), null);
        assertThat(file.server()).isEqualTo("https://10.96.0.1:443");
        assertThat(Files.readString(target.kubeconfig())).contains("token: the-token");
        assertThat(Files.getPosixFilePermissions(target.kubeconfig()))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        try (ClusterTarget.Connection c = target.connect()) {
            ApiClient client = c.newClient();
            assertThat(client.getBasePath()).isEqualTo("https://10.96.0.1:443");
        }
    }

    @Test
    void anIpv6ServiceIsBracketed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("token"), "t");
        Files.writeString(dir.resolve("ca.crt"), CA);
        ClusterTarget.InCluster target = InClusterConfig.target(
                Map.of("KUBERNETES_SERVICE_HOST", "fd00::1", "KUBERNETES_SERVICE_PORT", "6443"), dir, dir);
        assertThat(KubeconfigFile.read(target.kubeconfig(), null).server()).isEqualTo("https://[fd00::1]:6443");
    }
}
