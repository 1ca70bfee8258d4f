package dev.informerbench.controlplane;

import dev.informerbench.local.FileTrees;
import dev.informerbench.local.ProjectPaths;
import dev.informerbench.support.Await;
import dev.informerbench.support.ProcessIdentity;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The local control plane as a background service for {@code ./run-bench.sh controlplane}:
 * a JVM of its own ({@link #serve}, run by the entry point the caller names) holds a
 * {@link LocalControlPlane} and publishes its state in
 * {@code <cache>/controlplane/state.properties}; start, stop and status work on that file
 * and the pid in it.
 */
public final class ControlPlaneService {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** Each look at the state file may ask the server for /version: a tenth of a second apart. */
    private static final Duration READY_POLL = Duration.ofMillis(100);
    private static final int LOG_TAIL_LINES = 15;

    private ControlPlaneService() {}

    /** What {@code status} shows. */
    public record Status(long pid, String serverUrl, String version, Path kubeconfig, double startSeconds) {}

    static Path serviceDir() {
        return ProjectPaths.stateRoot().resolve("controlplane");
    }

    private static Path stateFile() {
        return serviceDir().resolve("state.properties");
    }

    private static Path logFile() {
        return serviceDir().resolve("serve.log");
    }

    /**
     * Starts the background control plane, or returns the running one.
     *
     * @param mainClass the entry point of the background JVM, on this JVM's class path
     * @param arguments its arguments, which make it call {@link #serve}
     */
    public static Status start(Class<?> mainClass, List<String> arguments) {
        Optional<Status> running = status();
        if (running.isPresent()) {
            return running.get();
        }
        // Build (with progress on stderr) here in the foreground, not hidden in the service's log.
        ControlPlaneBinaries.resolve(ControlPlaneBinaries.requestedVersion());
        try {
            Files.createDirectories(serviceDir());
            Files.deleteIfExists(stateFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Process serve;
        try {
            serve = new ProcessBuilder(serveCommand(mainClass, arguments))
                    .redirectErrorStream(true)
                    .redirectOutput(logFile().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
        } catch (IOException e) {
            throw new ControlPlaneException("could not start the background control plane: " + e.getMessage());
        }
        try {
            return Await.value(READY_TIMEOUT, READY_POLL, () -> "the background control plane", () -> {
                Optional<Status> status = status();
                if (status.isEmpty() && !serve.isAlive()) {
                    throw new ControlPlaneException("the background control plane exited while starting ("
                            + lastErrorLine() + "); see " + logFile(), tail(), null);
                }
                return status;
            });
        } catch (Await.TimedOut e) {
            ManagedProcess.terminate(serve.toHandle(), Duration.ofSeconds(10));
            throw new ControlPlaneException("the background control plane was not ready after "
                    + READY_TIMEOUT.toSeconds() + " s; see " + logFile(), tail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlPlaneException("interrupted");
        }
    }

    /** A JVM like this one, in a session of its own, running {@code mainClass} with {@code arguments}. */
    private static List<String> serveCommand(Class<?> mainClass, List<String> arguments) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            // Its own session: the terminal's Ctrl-C or hang-up do not reach it; stop does.
            command.add("/usr/bin/setsid");
        }
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx256m");
        command.add("-Dinformerbench.home=" + ProjectPaths.projectHome());
        command.add("-Dinformerbench.kubeVersion=" + ControlPlaneBinaries.requestedVersion());
        command.add("-Dinformerbench.stateDir=" + ProjectPaths.stateRoot());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(arguments);
        return command;
    }

    /** Runs in the background JVM: starts the control plane, publishes it, waits for SIGTERM. */
    public static int serve(int port) throws InterruptedException {
        LocalControlPlane cp;
        try {
            cp = LocalControlPlane.start(LocalControlPlane.Options.defaults().withPort(port));
        } catch (ControlPlaneException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(e.detail());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Files.deleteIfExists(stateFile());
            } catch (IOException ignored) {
                // The state names a dead pid then; status and start treat it as not running.
            }
        }));
        Properties state = new Properties();
        state.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        state.setProperty("started", Long.toString(ProcessIdentity.startMillis(ProcessHandle.current())));
        state.setProperty("server", cp.serverUrl());
        state.setProperty("version", cp.serverVersion());
        state.setProperty("kubeconfig", cp.kubeconfig().toString());
        state.setProperty("runDirectory", cp.runDirectory().toString());
        state.setProperty("startSeconds", String.format(Locale.ROOT, "%.2f", cp.startTime().toMillis() / 1000.0));
        writeAtomically(state);
        while (cp.isRunning()) {
            Thread.sleep(500);
        }
        System.err.println("error: a control plane process exited on its own; stopping the rest");
        cp.close();
        return 1;
    }

    /** The running background control plane, if any. */
    public static Optional<Status> status() {
        Properties state = new Properties();
        try (InputStream in = Files.newInputStream(stateFile())) {
            state.load(in);
        } catch (IOException e) {
            return Optional.empty();
        }
        long pid = Long.parseLong(state.getProperty("pid", "-1"));
        long started = Long.parseLong(state.getProperty("started", "0"));
        boolean alive = ProcessIdentity.live(pid, started).isPresent();
        if (!alive) {
            return Optional.empty();
        }
        Path kubeconfig = Path.of(state.getProperty("kubeconfig"));
        return Optional.of(new Status(pid, state.getProperty("server"), liveVersion(kubeconfig)
                .orElse(state.getProperty("version") + " (not answering now)"), kubeconfig,
                Double.parseDouble(state.getProperty("startSeconds", "0"))));
    }

    /** Stops the background control plane; false when none was running. */
    public static boolean stop() {
        Properties state = new Properties();
        boolean stopped = false;
        try (InputStream in = Files.newInputStream(stateFile())) {
            state.load(in);
            long started = Long.parseLong(state.getProperty("started", "0"));
            Optional<ProcessHandle> serve =
                    ProcessIdentity.live(Long.parseLong(state.getProperty("pid", "-1")), started);
            if (serve.isPresent()) {
                // SIGTERM: the service's shutdown hook stops kube-apiserver and etcd and removes the data.
                ManagedProcess.terminate(serve.get(), STOP_TIMEOUT);
                stopped = true;
            }
            Files.deleteIfExists(stateFile());
        } catch (IOException | RuntimeException e) {
            // No state file: nothing started by `controlplane start` is known; reaping below still runs.
        }
        // Whatever a killed service left behind goes too.
        return RunDirectory.reapStale(ProjectPaths.runs()) > 0 || stopped;
    }

    /** /version through client-java's HTTP client, which also proves the kubeconfig works for it. */
    private static Optional<String> liveVersion(Path kubeconfig) {
        try {
            ApiClient client = LocalControlPlane.client(kubeconfig);
            client.setReadTimeout(5_000);
            return Optional.of(ServerVersion.gitVersion(client));
        } catch (ApiException | IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void writeAtomically(Properties state) {
        try {
            Path tmp = Files.createTempFile(serviceDir(), "state", ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                state.store(out, "local control plane held by `controlplane serve`");
            }
            Files.move(tmp, stateFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String lastErrorLine() {
        String log;
        try {
            log = Files.readString(logFile());
        } catch (IOException e) {
            log = "";
        }
        return log.lines().filter(l -> l.startsWith("error: ")).reduce((a, b) -> b)
                .map(l -> l.substring("error: ".length())).orElse("no error line");
    }

    private static String tail() {
        return FileTrees.tail(logFile(), LOG_TAIL_LINES);
    }
}
