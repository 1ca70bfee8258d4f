package dev.informerbench.target;

import dev.informerbench.controlplane.ControlPlaneException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterTargetTest {
    @TempDir
    Path dir;

    @Test
    void aMissingKubeconfigIsRefused() {
        assertThatThrownBy(() -> new ClusterTarget.Kubeconfig(dir.resolve("nope"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kubeconfig " + dir.resolve("nope") + " is not a readable file");
    }

    @Test
    void anUnknownContextIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("config"), """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
                users: [{name: u, user: {}}]
                contexts: [{name: a, context: {cluster: c, user: u}}]
                current-context: a
                """);
        assertThatThrownBy(() -> ClusterTarget.clientFromKubeconfig(file, "b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("context 'b' is not in " + file);
    }

    @Test
    void kindWithoutTheKindCommandSaysSo() {
        boolean kindOnPath = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(p -> Files.isExecutable(Path.of(p, "kind")));
        assumeFalse(kindOnPath, "kind is installed here");
        assertThatThrownBy(() -> new ClusterTarget.Kind().connect())
                .isInstanceOf(ControlPlaneException.class)
                .hasMessageStartingWith("--kind needs the `kind` command on PATH");
    }

    @Test
    void loopbackIsJudgedFromTheUrlAlone() {
        for (String url : new String[] {"https://127.0.0.1:6443", "https://127.3.4.5", "https://localhost:1",
            "https://[::1]:6443", "http://LOCALHOST"}) {
            org.assertj.core.api.Assertions.assertThat(ClusterTarget.isLoopback(url)).as(url).isTrue();
        }
        for (String url : new String[] {"https://10.0.0.1:6443", "https://192.168.1.2", "https://k8s.example.com",
            "https://127.0.0.1.example.com", "https://128.0.0.1", "https://[::2]", "not a url", "https://0.0.0.0"}) {
            org.assertj.core.api.Assertions.assertThat(ClusterTarget.isLoopback(url)).as(url).isFalse();
        }
    }

    @Test
    void aRemoteServerIsRefusedWithoutAllowRemote() throws Exception {
        Path file = Files.writeString(dir.resolve("remote"), """
                apiVersion: v1
                kind: Config
                clusters: [{name: prod, cluster: {server: "https://10.20.30.40:6443"}}]
                users: [{name: u, user: {token: abc}}]
                contexts: [{name: prod-admin, context: {cluster: prod, user: u}}]
                current-context: prod-admin
                """);
        assertThatThrownBy(() -> new ClusterTarget.Kubeconfig(file, null).requireLoopbackUnless(false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the server https://10.20.30.40:6443 of kubeconfig " + file + " (context prod-admin) is not"
                        + " on this machine's loopback; the suite creates and deletes objects there: add --allow-remote"
                        + " to run against it");
        // Allowed: accepted without a request (nothing listens there; connect() only names the file).
        new ClusterTarget.Kubeconfig(file, null).requireLoopbackUnless(true);
    }
}
