package dev.informerbench.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.informerbench.controlplane.ControlPlaneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterTargetTest {
    @TempDir
    Path dir;

    /** A kubeconfig with one cluster at {@code server} and the contexts named, the first one current. */
    private Path kubeconfig(String name, String server, String... contexts) throws IOException {
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: Config\n")
                .append("clusters: [{name: c, cluster: {server: \"").append(server).append("\"}}]\n")
                .append("users: [{name: u, user: {token: abc}}]\n")
                .append("contexts:\n");
        for (String context : contexts) {
            yaml.append("- {name: ").append(context).append(", context: {cluster: c, user: u}}\n");
        }
        yaml.append("current-context: ").append(contexts[0]).append('\n');
        return Files.writeString(dir.resolve(name), yaml);
    }

    @Test
    void aMissingKubeconfigIsRefused() {
        assertThatThrownBy(() -> new ClusterTarget.Kubeconfig(dir.resolve("nope"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kubeconfig " + dir.resolve("nope") + " is not a readable file");
    }

    @Test
    void anUnknownContextIsRefused() throws Exception {
        Path file = kubeconfig("config", "https://127.0.0.1:1", "a");
        assertThatThrownBy(() -> KubeconfigFile.read(file, "b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("context 'b' is not in " + file);
    }

    @Test
    void aFileThatIsNoKubeconfigIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("broken"), "clusters: [unclosed\n");
        assertThatThrownBy(() -> KubeconfigFile.read(file, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("kubeconfig " + file + " is not valid: ");
    }

    @Test
    void theChosenContextAnswersServerAndName() throws Exception {
        Path file = kubeconfig("two", "https://127.0.0.1:6443", "first", "second");
        KubeconfigFile current = KubeconfigFile.read(file, null);
        assertThat(current.context()).isEqualTo("first");
        assertThat(current.server()).isEqualTo("https://127.0.0.1:6443");
        assertThat(current.serverOnLoopback()).isTrue();
        assertThat(KubeconfigFile.read(file, "second").context()).isEqualTo("second");
        assertThat(current.client().getBasePath()).isEqualTo("https://127.0.0.1:6443");
    }

    @Test
    void kindWithoutTheKindCommandSaysSo() {
        boolean kindOnPath = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(p -> Files.isExecutable(Path.of(p, "kind")));
        assumeFalse(kindOnPath, "kind is installed here");
        assertThatThrownBy(() -> new KindCluster().connect())
                .isInstanceOf(ControlPlaneException.class)
                .hasMessageStartingWith("--kind needs the `kind` command on PATH");
    }

    @Test
    void loopbackIsJudgedFromTheUrlAlone() {
        for (String url : new String[] {"https://127.0.0.1:6443", "https://127.3.4.5", "https://localhost:1",
            "https://[::1]:6443", "http://LOCALHOST"}) {
            assertThat(KubeconfigFile.isLoopback(url)).as(url).isTrue();
        }
        for (String url : new String[] {"https://10.0.0.1:6443", "https://192.168.1.2", "https://k8s.example.com",
            "https://127.0.0.1.example.com", "https://128.0.0.1", "https://[::2]", "not a url", "https://0.0.0.0"}) {
            assertThat(KubeconfigFile.isLoopback(url)).as(url).isFalse();
        }
    }

    @Test
    void aRemoteServerIsRefusedWithoutAllowRemote() throws Exception {
        Path file = kubeconfig("remote", "https://10.20.30.40:6443", "prod-admin");
        assertThatThrownBy(() -> new ClusterTarget.Kubeconfig(file, null).requireLoopbackUnless(false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the server https://10.20.30.40:6443 of kubeconfig " + file + " (context prod-admin) is not"
                        + " on this machine's loopback; the suite creates and deletes objects there: add --allow-remote"
                        + " to run against it");
        // Allowed: accepted without a request (nothing listens there; connect() only names the file).
        new ClusterTarget.Kubeconfig(file, null).requireLoopbackUnless(true);
    }
}
