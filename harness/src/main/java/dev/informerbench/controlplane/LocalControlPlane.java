package dev.informerbench.controlplane;

import dev.informerbench.accounting.ServerProcesses;
import dev.informerbench.local.ProjectPaths;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kubernetes control plane on loopback — etcd and kube-apiserver processes, built
 * from Go modules — started by the project and the default target of the suite. It is
 * what envtest is to Go controllers: no kubelet, no scheduler, but the real API server,
 * storage, watch cache, RBAC and admission, which is all an informer talks to.
 *
 * <pre>{@code
 * try (LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
 *     ApiClient client = Config.fromConfig(cp.kubeconfig().toString());
 * }
 * }</pre>
 *
 * <p>Both processes stop on {@link #close()} and on JVM exit (a shutdown hook); if the
 * JVM is killed outright, the next start reaps what it left (see {@link RunDirectory}).
 */
public final class LocalControlPlane implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LocalControlPlane.class);
    /**
     * etcd's backend quota ({@code --quota-backend-bytes}): 8 GiB, etcd's largest recommended. Its
     * default of 2 GiB stops writes (NOSPACE) before 100,000 Pods, each written twice (created, then
     * the kubelet's status), fit beside a run's other fixtures; the disk holds only what is written.
     */
    public static final long ETCD_QUOTA_BACKEND_BYTES = 8L << 30;

    /** What stays when the API server restarts. */
    private record Parts(RunDirectory runDir, ControlPlaneBinaries binaries, Certificates certificates, Etcd etcd) {}

    private final Parts parts;
    private KubeApiServer apiServer;
    private final Duration startTime;
    private final Thread shutdownHook = new Thread(this::stopQuietly, "local-control-plane-shutdown");
    private boolean closed;

    /**
     * @param kubeVersion the Kubernetes release whose binaries to use (built when missing)
     * @param apiServerPort the API server's port on 127.0.0.1, 0 for a free one
     * @param runs the folder that holds run folders (stale ones in it are reaped at start)
     */
    public record Options(String kubeVersion, int apiServerPort, Path runs) {
        public static Options defaults() {
            return new Options(ControlPlaneBinaries.requestedVersion(), 0, ProjectPaths.runs());
        }

        public Options withPort(int port) {
            return new Options(kubeVersion, port, runs);
        }
    }

    private LocalControlPlane(Parts parts, KubeApiServer apiServer, Duration startTime) {
        this.parts = parts;
        this.apiServer = apiServer;
        this.startTime = startTime;
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public static LocalControlPlane start(Options options) {
        if (options.apiServerPort() < 0 || options.apiServerPort() > 65535) {
            throw new IllegalArgumentException("port " + options.apiServerPort() + " is not 0..65535");
        }
        return start(options, ControlPlaneBinaries.resolve(options.kubeVersion()));
    }

    static LocalControlPlane start(Options options, ControlPlaneBinaries binaries) {
        long started = System.nanoTime();
        RunDirectory.reapStale(options.runs());
        RunDirectory runDir = RunDirectory.create(options.runs());
        Etcd etcd = null;
        try {
            Certificates certificates = Certificates.generate();
            etcd = Etcd.start(binaries.etcd(), runDir.path());
            KubeApiServer apiServer = KubeApiServer.start(binaries.kubeApiServer(), runDir.path(), etcd, certificates,
                    options.apiServerPort());
            KubeconfigWriter.write(kubeconfigIn(runDir), apiServer.url(), certificates);
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            log.info("local control plane v{} ready at {} in {} ms; {}", binaries.kubeVersion(), apiServer.url(),
                    took.toMillis(), DiskUsage.free(runDir.path()));
            LocalControlPlane cp =
                    new LocalControlPlane(new Parts(runDir, binaries, certificates, etcd), apiServer, took);
            cp.writeProcesses();
            return cp;
        } catch (RuntimeException e) {
            if (etcd != null) {
                etcd.stop();
            }
            runDir.delete();
            throw e;
        }
    }

    /** The kubeconfig file for this control plane (client-java and kubectl read it). */
    public Path kubeconfig() {
        return kubeconfigIn(parts.runDir());
    }

    private static Path kubeconfigIn(RunDirectory runDir) {
        return runDir.path().resolve("kubeconfig");
    }

    /**
     * The file that names this control plane's processes for {@link ServerProcesses}, next to its
     * kubeconfig: there only for a control plane this suite started.
     */
    public static Path processesFile(Path kubeconfig) {
        return ServerProcesses.besideKubeconfig(kubeconfig);
    }

    private void writeProcesses() {
        ServerProcesses.write(processesFile(kubeconfig()), Map.of(
                ServerProcesses.API_SERVER, apiServer.process().pidHandle().pid(),
                ServerProcesses.ETCD, parts.etcd().process().pidHandle().pid()));
    }

    /** An admin client from a kubeconfig this class wrote (also a background service's). */
    static ApiClient client(Path kubeconfig) throws IOException {
        try (Reader reader = Files.newBufferedReader(kubeconfig, StandardCharsets.UTF_8)) {
            return ClientBuilder.kubeconfig(KubeConfig.loadKubeConfig(reader)).build();
        }
    }

    /**
     * A kubeconfig, in the run folder, for another user than the admin: a new client
     * certificate for {@code user} in {@code groups}. That user may do nothing until RBAC
     * allows it, and unlike the admin ({@code system:masters}) is not exempt from API Priority
     * and Fairness.
     */
    public Path kubeconfigFor(String user, List<String> groups) {
        if (!user.matches("[a-z0-9][a-z0-9.-]*")) {
            throw new IllegalArgumentException("user '" + user + "' is not a DNS-like name");
        }
        Certificates certificates = parts.certificates();
        return KubeconfigWriter.write(parts.runDir().path().resolve("kubeconfig-" + user), apiServer.url(),
                certificates.ca(), user, certificates.issueClient(user, groups));
    }

    /** https://127.0.0.1:PORT */
    public String serverUrl() {
        return apiServer.url();
    }

    public Path runDirectory() {
        return parts.runDir().path();
    }

    /** From the first process start to ready for clients (binaries already built). */
    public Duration startTime() {
        return startTime;
    }

    /** The server's gitVersion from {@code /version}, e.g. {@code v1.36.3}. */
    public String serverVersion() {
        try {
            Matcher m = Pattern.compile("\"gitVersion\"\\s*:\\s*\"([^\"]+)\"").matcher(apiServer.body("/version"));
            return m.find() ? m.group(1) : "unknown";
        } catch (IOException e) {
            throw new ControlPlaneException("GET /version failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlPlaneException("interrupted");
        }
    }

    /** What {@link #restartApiServer} did, with its timings. */
    public record Restart(Duration down, Duration total, long compactedRevision) {}

    /**
     * Stops kube-apiserver (SIGTERM, as a rolling restart would), compacts etcd to its
     * current revision when asked, and starts kube-apiserver again on the same port with the
     * same certificates; returns once it is ready for clients. Clients see their watches end,
     * connections refused while it is down, and — after the compaction, or because the new
     * server's watch cache starts at the current revision — 410 Gone for an old resourceVersion.
     */
    public synchronized Restart restartApiServer(boolean compactEtcd) {
        if (closed) {
            throw new IllegalStateException("the control plane is closed");
        }
        long started = System.nanoTime();
        apiServer.stop();
        long down = System.nanoTime();
        long revision = compactEtcd ? parts.etcd().compact() : 0;
        apiServer = KubeApiServer.start(parts.binaries().kubeApiServer(), runDirectory(), parts.etcd(),
                parts.certificates(), apiServer.port());
        long ready = System.nanoTime();
        writeProcesses();
        return new Restart(Duration.ofNanos(ready - down), Duration.ofNanos(ready - started), revision);
    }

    /** The processes of the control plane, for checks on sockets and leftovers. */
    public List<ProcessHandle> processes() {
        return List.of(parts.etcd().process().pidHandle(), apiServer.process().pidHandle());
    }

    public synchronized boolean isRunning() {
        return !closed && parts.etcd().process().isAlive() && apiServer.process().isAlive();
    }

    /** Stops the API server, then etcd, and removes the run folder. Idempotent. */
    @Override
    public synchronized void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // Already in the hook's own shutdown: nothing to remove.
        }
    }

    private synchronized void stopQuietly() {
        if (closed) {
            return;
        }
        closed = true;
        apiServer.stop();
        parts.etcd().stop();
        long held = DiskUsage.bytesUnder(parts.runDir().path());
        parts.runDir().delete();
        log.info("local control plane stopped; its folder held {} (etcd's data, logs), deleted: {} left; {}",
                DiskUsage.mib(held), DiskUsage.mib(DiskUsage.bytesUnder(parts.runDir().path())),
                DiskUsage.free(parts.runDir().path().getParent()));
    }
}
