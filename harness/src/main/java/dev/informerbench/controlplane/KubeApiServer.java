package dev.informerbench.controlplane;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The kube-apiserver of the local control plane: bound to 127.0.0.1 only, TLS from the
 * generated CA, client-certificate authentication, RBAC authorization. Ready once
 * {@code /readyz} answers 200 and the {@code default} namespace exists (the point from
 * which clients can create objects).
 *
 * @param port its secure port on 127.0.0.1
 * @param http requests as the admin user, trusting only the control plane's CA
 */
record KubeApiServer(ManagedProcess process, int port, HttpClient http) {
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** @param port the secure port, or 0 to take a free one */
    static KubeApiServer start(Path binary, Path runDir, Etcd etcd, Certificates certificates, int port) {
        int securePort = port > 0 ? port : Ports.free();
        if (port > 0 && Ports.inUse(port)) {
            throw new ControlPlaneException("port " + Ports.LOOPBACK + ":" + port
                    + " is taken; free it or pick another port (0 takes a free one)");
        }
        Certificates.ApiServerFiles files = certificates.writeTo(runDir.resolve("pki"));
        List<String> flags = flags(securePort, etcd.clientUrl(), files);
        ManagedProcess process = ManagedProcess.start("kube-apiserver", ManagedProcess.command(binary, flags),
                Map.of("GOMEMLIMIT", memoryLimit(machineMemoryBytes())), runDir);
        KubeApiServer server = new KubeApiServer(process, securePort, HttpClient.newBuilder()
                .sslContext(certificates.adminSslContext())
                .connectTimeout(Duration.ofSeconds(2))
                .build());
        process.awaitReady(server::readyForClients, START_TIMEOUT);
        return server;
    }

    /**
     * Go's soft memory limit for kube-apiserver, {@code GOMEMLIMIT}: a quarter of the machine's memory, at least
     * 1 GiB. Below it Go collects as usual (GOGC=100), so a run of a few thousand objects is served as without
     * it; near it Go collects sooner. Serving LISTs of 100,000 Pods, kube-apiserver grew to 12.2 GB of RSS on a
     * 24 GiB machine without it and the benchmark's fork beside it was killed by the kernel.
     */
    static String memoryLimit(long machineBytes) {
        return Math.max(1024, (machineBytes / 4) >> 20) + "MiB";
    }

    private static long machineMemoryBytes() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }

    /** kube-apiserver's flags: it binds and advertises 127.0.0.1 only and stores in {@code etcdUrl}. */
    static List<String> flags(int securePort, String etcdUrl, Certificates.ApiServerFiles files) {
        return List.of(
                "--bind-address=" + Ports.LOOPBACK,
                "--advertise-address=" + Ports.LOOPBACK,
                // Kubernetes 1.37 refuses a loopback advertise address for the endpoint reconciler;
                // nothing here reaches the apiserver through the kubernetes Service anyway.
                "--endpoint-reconciler-type=none",
                "--secure-port=" + securePort,
                "--etcd-servers=" + etcdUrl,
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
    }

    private boolean readyForClients() {
        return status("/readyz") == 200 && status("/api/v1/namespaces/default") == 200;
    }

    /** The HTTP status of a GET as the admin user, or -1 when nothing answers. */
    private int status(String path) {
        try {
            return http.send(get(path), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The body of a GET as the admin user. */
    String body(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(get(path), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + response.statusCode());
        }
        return response.body();
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create(url() + path)).timeout(Duration.ofSeconds(5)).GET().build();
    }

    String url() {
        return Ports.url("https", port);
    }

    void stop() {
        process.stop();
    }
}
