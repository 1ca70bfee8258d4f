package dev.informerbench.cluster;

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
}
