package dev.informerbench.fabric8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ConnectOptions;
import dev.informerbench.fork.ForkSettings;
import io.fabric8.kubernetes.client.Config;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Fabric8ConfigTest {
    @TempDir
    Path dir;

    @Test
    void aRelayKeepsSchemeAndPathAndDialsLoopback() {
        assertThat(Fabric8Config.throughRelay(URI.create("https://127.0.0.1:6443"), 40001))
                .isEqualTo(URI.create("https://127.0.0.1:40001"));
        assertThat(Fabric8Config.throughRelay(URI.create("https://localhost:6443/prefix"), 40001))
                .isEqualTo(URI.create("https://127.0.0.1:40001/prefix"));
    }

    @Test
    void withoutAKubeconfigAForkFailsWithOneLineSayingWhatToDo() {
        String before = System.clearProperty(ForkSettings.KUBECONFIG);
        try {
            assertThatThrownBy(() -> Fabric8Config.load(null)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("fabric8 forks need -Dinformerbench.kubeconfig; "
                            + "run through ./run-bench.sh --clients fabric8");
        } finally {
            if (before != null) {
                System.setProperty(ForkSettings.KUBECONFIG, before);
            }
        }
    }

    @Test
    void aMissingKubeconfigIsNamed() {
        assertThatThrownBy(() -> Fabric8Config.load(dir.resolve("absent.yaml")))
                .hasMessageContaining("absent.yaml does not exist");
    }

    @Test
    void theConfigComesFromTheGivenFileAlone() throws Exception {
        Path kubeconfig = kubeconfig(dir, "http://127.0.0.1:1234");
        Config config = Fabric8Config.load(kubeconfig);
        assertThat(config.getMasterUrl()).startsWith("http://127.0.0.1:1234");
        assertThat(config.getNamespace()).isNull();
        assertThat(System.getProperty(Fabric8Config.DISABLE_AUTO_CONFIG)).isEqualTo("true");
    }

    @Test
    void directClientsDoNotRetryInformersKeepFabric8sDefaults() throws Exception {
        Path kubeconfig = kubeconfig(dir, "https://127.0.0.1:1234");
        assertThat(Fabric8Config.forConnection(ConnectOptions.direct().on(kubeconfig)).getRequestRetryBackoffLimit())
                .isZero();
        assertThat(Fabric8Config.forConnection(ConnectOptions.forWatches().on(kubeconfig))
                .getRequestRetryBackoffLimit()).isEqualTo(Config.DEFAULT_REQUEST_RETRY_BACKOFFLIMIT);
        assertThat(Fabric8Config.forConnection(ConnectOptions.forWatches().on(kubeconfig).throughRelay(5555))
                .getMasterUrl()).startsWith("https://127.0.0.1:5555");
    }

    /** A kubeconfig of one cluster at {@code server}, no credentials. */
    static Path kubeconfig(Path dir, String server) throws Exception {
        Path file = dir.resolve("kubeconfig-" + server.hashCode() + ".yaml");
        Files.writeString(file, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: test
                  cluster:
                    server: %s
                users:
                - name: test
                  user: {}
                contexts:
                - name: test
                  context:
                    cluster: test
                    user: test
                current-context: test
                """.formatted(server));
        return file;
    }
}
