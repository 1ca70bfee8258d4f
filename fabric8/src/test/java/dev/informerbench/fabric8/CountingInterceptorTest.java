package dev.informerbench.fabric8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.client.ConnectOptions;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interceptor counts each request fabric8 sends once, its own retries each once too,
 * against a stand-in HTTP server on loopback that answers 429 as often as told.
 */
class CountingInterceptorTest {
    private static final String CONFIG_MAP = """
            {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-00000","namespace":"ns","resourceVersion":"7"}}""";

    @TempDir
    Path dir;
    HttpServer server;
    final AtomicInteger received = new AtomicInteger();
    final AtomicInteger tooManyFirst = new AtomicInteger();

    @BeforeEach
    void startServer() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            received.incrementAndGet();
            boolean refuse = tooManyFirst.getAndDecrement() > 0;
            byte[] body = (refuse ? "{\"kind\":\"Status\",\"code\":429}" : CONFIG_MAP).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (refuse) {
                exchange.getResponseHeaders().add("Retry-After", "0");
            }
            exchange.sendResponseHeaders(refuse ? 429 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private Fabric8Connection connect(ConnectOptions options, RequestCounter counter) throws Exception {
        Path kubeconfig = Fabric8ConfigTest.kubeconfig(dir, "http://127.0.0.1:" + server.getAddress().getPort());
        return new Fabric8Adapter().connect(options.on(kubeconfig).countedBy(counter));
    }

    @Test
    void aGetIsOneRequestCountedOnceInTheConnectionsCounterAndTheJvms() throws Exception {
        RequestCounter counter = new RequestCounter();
        RequestCounter.Counts jvmBefore = RequestCounter.JVM.snapshot();
        try (Fabric8Connection connection = connect(ConnectOptions.direct(), counter)) {
            assertThat(connection.get("ns", "cm-00000")).isNotNull();
        }
        assertThat(received).hasValue(1);
        assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(0, 0, 1, 0, 0, 0));
        assertThat(RequestCounter.JVM.snapshot().minus(jvmBefore).get()).isEqualTo(1);
        assertThat(counter.firstUrl(RequestKind.GET)).isEqualTo("/api/v1/namespaces/ns/configmaps/cm-00000");
    }

    @Test
    void aDirectGetAnswered429IsNotRetriedAndGivesNull() throws Exception {
        tooManyFirst.set(1);
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = connect(ConnectOptions.direct(), counter)) {
            assertThat(connection.get("ns", "cm-00000")).isNull();
        }
        assertThat(received).hasValue(1);
        assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(0, 0, 1, 0, 0, 1));
    }

    @Test
    void fabric8sOwnRetriesAreCountedEachAsTheRequestsTheyAre() throws Exception {
        tooManyFirst.set(2);
        RequestCounter counter = new RequestCounter();
        try (Fabric8Connection connection = connect(ConnectOptions.forWatches(), counter)) {
            assertThat(connection.get("ns", "cm-00000")).isNotNull();
        }
        assertThat(received).hasValue(3);
        assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(0, 0, 3, 0, 0, 2));
    }

    @Test
    void aConnectionFailureIsCountedAsSentWithoutAnAnswer() throws Exception {
        RequestCounter counter = new RequestCounter();
        server.stop(0);
        try (Fabric8Connection connection = connect(ConnectOptions.direct(), counter)) {
            assertThatThrownBy(() -> connection.get("ns", "cm-00000")).isNotNull();
        }
        assertThat(counter.snapshot().get()).isEqualTo(1);
    }
}
