package dev.informerbench.controlplane;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The kube-apiserver of the local control plane: bound to 127.0.0.1 only, TLS from the
 * generated CA, client-certificate authentication, RBAC authorization. Ready once
 * {@code /readyz} answers 200 and the {@code default} namespace exists (the point from
 * which clients can create objects).
 */
final class KubeApiServer {
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final ManagedProcess process;
    private final int port;
    private final HttpClient http;

    private KubeApiServer(ManagedProcess process, int port, HttpClient http) {
        this.process = process;
        this.port = port;
        this.http = http;
    }

    /** @param port the secure port, or 0 to take a free one */
    static KubeApiServer start(Path binary, Path runDir, Etcd etcd, Certificates certificates, int port) {
        int securePort = port > 0 ? port : Ports.free();
        if (port > 0 && Ports.inUse(port)) {
            throw new ControlPlaneException("port " + Ports.LOOPBACK + ":" + port
                    + " is taken; free it or pick another port (0 takes a free one)");
        }
        Certificates.Files files = certificates.writeTo(runDir.resolve("pki"));
        List<String> command = List.of(binary.toString(),
                "--bind-address=" + Ports.LOOPBACK,
                "--advertise-address=" + Ports.LOOPBACK,
                // Kubernetes 1.37 refuses a loopback advertise address for the endpoint reconciler;
                // nothing here reaches the apiserver through the kubernetes Service anyway.
                "--endpoint-reconciler-type=none",
                "--secure-port=" + securePort,
                "--etcd-servers=" + etcd.clientUrl(),
                "--tls-cert-file=" + files.serverCert(),
                "--tls-private-key-file=" + files.serverKey(),
                "--client-ca-file=" + files.caCert(),
                "--authorization-mode=RBAC",
                "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
                "--service-account-key-file=" + files.serviceAccountPublicKey(),
                "--service-account-signing-key-file=" + files.serviceAccountKey(),
                // Allocated to the built-in "kubernetes" Service only; nothing listens or is sent there.
                "--service-cluster-ip-range=10.0.0.0/24",
                "--allow-privileged=true",
                "--disable-admission-plugins=ServiceAccount",
                "--profiling=false",
                // On SIGTERM, end open watches cleanly, as a rolling restart of a real control plane
                // does, instead of holding them until the process is killed.
                "--shutdown-watch-termination-grace-period=5s",
                "--v=1");
        ManagedProcess process = ManagedProcess.start("kube-apiserver", command, runDir);
        KubeApiServer server = new KubeApiServer(process, securePort, HttpClient.newBuilder()
                .sslContext(certificates.adminSslContext())
                .connectTimeout(Duration.ofSeconds(2))
                .build());
        try {
            process.awaitReady(server::readyForClients, START_TIMEOUT);
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
        return server;
    }

    private boolean readyForClients() {
        return status("/readyz") == 200 && status("/api/v1/namespaces/default") == 200;
    }

    /** The HTTP status of a GET as the admin user, or -1 when nothing answers. */
    int status(String path) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url() + path))
                    .timeout(Duration.ofSeconds(5)).GET().build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The body of a GET as the admin user. */
    String get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url() + path))
                .timeout(Duration.ofSeconds(5)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + response.statusCode());
        }
        return response.body();
    }

    int port() {
        return port;
    }

    String url() {
        return "https://" + Ports.LOOPBACK + ":" + port;
    }

    ManagedProcess process() {
        return process;
    }

    void stop() {
        process.stop();
    }
}
