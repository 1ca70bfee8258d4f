package dev.informerbench.controlplane;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The etcd member behind the local API server: one member, a fresh data folder, client
 * and peer listeners on 127.0.0.1 only (etcd's own default peer URL would listen on
 * every interface), and no fsync, since the data is thrown away with the run.
 */
final class Etcd {
    static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final ManagedProcess process;
    private final int clientPort;

    private Etcd(ManagedProcess process, int clientPort) {
        this.process = process;
        this.clientPort = clientPort;
    }

    static Etcd start(Path binary, Path runDir) {
        int clientPort = Ports.free();
        int peerPort = Ports.free();
        String client = "http://" + Ports.LOOPBACK + ":" + clientPort;
        String peer = "http://" + Ports.LOOPBACK + ":" + peerPort;
        List<String> command = List.of(binary.toString(),
                "--name=informer-bench",
                "--data-dir=" + runDir.resolve("etcd-data"),
                "--listen-client-urls=" + client,
                "--advertise-client-urls=" + client,
                "--listen-peer-urls=" + peer,
                "--initial-advertise-peer-urls=" + peer,
                "--initial-cluster=informer-bench=" + peer,
                "--unsafe-no-fsync=true",
                "--log-level=warn");
        ManagedProcess process = ManagedProcess.start("etcd", command, runDir);
        Etcd etcd = new Etcd(process, clientPort);
        try {
            process.awaitReady(() -> Ports.inUse(clientPort), START_TIMEOUT);
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
        return etcd;
    }

    String clientUrl() {
        return "http://" + Ports.LOOPBACK + ":" + clientPort;
    }

    /**
     * Compacts etcd's history up to its current revision, through etcd's own JSON gateway on
     * the client URL, and returns that revision. A watch or list from any older
     * resourceVersion then has nothing to start from: the API server answers 410 Gone.
     */
    long compact() {
        try {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            // A range read of one key answers with the store's current revision in its header.
            String range = post(http, "/v3/kv/range", "{\"key\":\"AA==\",\"limit\":1}");
            Matcher m = Pattern.compile("\"revision\"\\s*:\\s*\"(\\d+)\"").matcher(range);
            if (!m.find()) {
                throw new ControlPlaneException("etcd did not report its revision: " + range);
            }
            long revision = Long.parseLong(m.group(1));
            post(http, "/v3/kv/compaction", "{\"revision\":\"" + revision + "\",\"physical\":true}");
            return revision;
        } catch (IOException e) {
            throw new ControlPlaneException("etcd compaction failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlPlaneException("interrupted during etcd compaction");
        }
    }

    private String post(HttpClient http, String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(clientUrl() + path))
                .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("POST " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    ManagedProcess process() {
        return process;
    }

    void stop() {
        process.stop();
    }
}
