package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ServerVersionTest {
    /** What kube-apiserver v1.36.3 answers: fields that client-java 20-23's VersionInfo rejects. */
    private static final String V1_36 = """
            {
              "major": "1",
              "minor": "36",
              "emulationMajor": "1",
              "emulationMinor": "36",
              "minCompatibilityMajor": "1",
              "minCompatibilityMinor": "35",
              "gitVersion": "v1.36.3",
              "gitCommit": "0000000000000000000000000000000000000000",
              "gitTreeState": "clean",
              "buildDate": "2026-11-01T00:00:00Z",
              "goVersion": "go1.26.1",
              "compiler": "gc",
              "platform": "linux/amd64"
            }
            """;

    @Test
    void readsGitVersionWhateverElseTheServerSends() {
        assertThat(ServerVersion.fromJson(V1_36)).isEqualTo("v1.36.3");
        assertThat(ServerVersion.fromJson("{\"gitVersion\":\"v1.29.0\",\"future\":{\"nested\":[1,2]}}"))
                .isEqualTo("v1.29.0");
    }

    @Test
    void anAnswerWithoutGitVersionIsAnError() {
        assertThatThrownBy(() -> ServerVersion.fromJson("{\"major\":\"1\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no gitVersion");
        assertThatThrownBy(() -> ServerVersion.fromJson("{\"gitVersion\":\"\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no gitVersion");
        assertThatThrownBy(() -> ServerVersion.fromJson("[\"v1.36.3\"]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no gitVersion");
        assertThatThrownBy(() -> ServerVersion.fromJson("<html>not found</html>"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no JSON");
    }

    @Test
    void getsVersionThroughTheClientsBasePath() throws Exception {
        HttpServer server = serve(200, V1_36);
        try {
            assertThat(ServerVersion.gitVersion(clientOf(server))).isEqualTo("v1.36.3");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void anErrorAnswerKeepsItsHttpCode() throws Exception {
        HttpServer server = serve(403, "{\"kind\":\"Status\",\"message\":\"forbidden\"}");
        try {
            assertThatThrownBy(() -> ServerVersion.gitVersion(clientOf(server)))
                    .isInstanceOfSatisfying(ApiException.class, e -> {
                        assertThat(e.getCode()).isEqualTo(403);
                        assertThat(e.getMessage()).contains("forbidden");
                    });
        } finally {
            server.stop(0);
        }
    }

    @Test
    void noServerIsAnErrorWithoutACode() throws Exception {
        HttpServer server = serve(200, V1_36);
        ApiClient client = clientOf(server);
        server.stop(0);
        assertThatThrownBy(() -> ServerVersion.gitVersion(client))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getCode()).isZero());
    }

    private static HttpServer serve(int status, String body) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/prefix/version", exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return server;
    }

    private static ApiClient clientOf(HttpServer server) {
        ApiClient client = new ApiClient();
        client.setBasePath("http://127.0.0.1:" + server.getAddress().getPort() + "/prefix");
        return client;
    }
}
