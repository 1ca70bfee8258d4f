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
 * every interface), and no fsync, since the data is thrown away with the run. Ready when
 * its {@code /health} endpoint says so, as envtest waits for it.
 *
 * @param clientPort where the API server (and {@link #compact}) reach it, on 127.0.0.1
 * @param http for {@code /health} and etcd's JSON gateway on the client URL
 */
record Etcd(ManagedProcess process, int clientPort, HttpClient http) {
    static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern HEALTHY = Pattern.compile("\"health\"\\s*:\\s*\"true\"");

    static Etcd start(Path binary, Path runDir) {
        int clientPort = Ports.free();
        List<String> flags = flags(runDir.resolve("etcd-data"), clientPort, Ports.free());
        ManagedProcess process = ManagedProcess.start("etcd", ManagedProcess.command(binary, flags), runDir);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Etcd etcd = new Etcd(process, clientPort, http);
        process.awaitReady(etcd::healthy, START_TIMEOUT);
        return etcd;
    }

    /**
     * etcd's flags: every URL it listens on or advertises is on loopback; its quota, which bounds
     * {@code -p objects=}, stated rather than left to etcd's default.
     */
    static List<String> flags(Path dataDir, int clientPort, int peerPort) {
        String client = Ports.url("http", clientPort);
        String peer = Ports.url("http", peerPort);
        return List.of(
                "--name=informer-bench",
                "--data-dir=" + dataDir,
                "--listen-client-urls=" + client,
                "--advertise-client-urls=" + client,
                "--listen-peer-urls=" + peer,
                "--initial-advertise-peer-urls=" + peer,
                "--initial-cluster=informer-bench=" + peer,
                "--unsafe-no-fsync=true",
                "--quota-backend-bytes=" + LocalControlPlane.ETCD_QUOTA_BACKEND_BYTES,
                "--log-level=warn");
    }

    String clientUrl() {
        return Ports.url("http", clientPort);
    }

    /** Whether GET /health answers {"health":"true"}: the member serves reads and writes. */
    private boolean healthy() {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(clientUrl() + "/health"))
                    .timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && HEALTHY.matcher(response.body()).find();
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Compacts etcd's history up to its current revision, through etcd's own JSON gateway on
     * the client URL, and returns that revision. A watch or list from any older
     * resourceVersion then has nothing to start from: the API server answers 410 Gone.
     */
    long compact() {
        try {
            // A range read of one key answers with the store's current revision in its header.
            String range = post("/v3/kv/range", "{\"key\":\"AA==\",\"limit\":1}");
            Matcher m = Pattern.compile("\"revision\"\\s*:\\s*\"(\\d+)\"").matcher(range);
            if (!m.find()) {
                throw new ControlPlaneException("etcd did not report its revision: " + range);
            }
            long revision = Long.parseLong(m.group(1));
            post("/v3/kv/compaction", "{\"revision\":\"" + revision + "\",\"physical\":true}");
            return revision;
        } catch (IOException e) {
            throw new ControlPlaneException("etcd compaction failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlPlaneException("interrupted during etcd compaction");
        }
    }

    private String post(String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(clientUrl() + path))
                .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("POST " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    void stop() {
        process.stop();
    }
}
