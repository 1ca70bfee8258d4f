package dev.informerbench.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private local control plane in a child process of the harness's jar (its PrivateControlPlane),
 * for a fork whose jar cannot start
 * one (fabric8's). The child stops its control plane when its input closes: at {@link #close},
 * or when this JVM dies.
 */
public final class ChildControlPlane implements RestartableCluster {
    /** The harness's class path (its jar) and the main class that runs the control plane: the runner sets both. */
    public static final String CLASSPATH_PROPERTY = "informerbench.controlPlaneClasspath";
    public static final String MAIN_PROPERTY = "informerbench.controlPlaneMain";
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final BufferedReader out;
    private final Writer in;
    private final Path kubeconfig;
    private final URI server;

    private ChildControlPlane(Process process, BufferedReader out, Writer in, Path kubeconfig, URI server) {
        this.process = process;
        this.out = out;
        this.in = in;
        this.kubeconfig = kubeconfig;
        this.server = server;
    }

    /** Starts the child with this JVM's {@code informerbench.*} properties; returns once its control plane is up. */
    public static ChildControlPlane start() throws IOException {
        String main = System.getProperty(MAIN_PROPERTY);
        String classpath = System.getProperty(CLASSPATH_PROPERTY, "");
        if (main == null || classpath.isBlank()) {
            throw new IllegalStateException("a private control plane needs the harness's class path and main class in "
                    + CLASSPATH_PROPERTY + " and " + MAIN_PROPERTY + " (the runner sets them)");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("informerbench."))
                .sorted().forEach(k -> command.add("-D" + k + "=" + System.getProperty(k)));
        command.addAll(List.of("-cp", classpath, main));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Path kubeconfig = null;
        URI server = null;
        for (String line; (line = out.readLine()) != null && !line.equals("ready"); ) {
            if (line.startsWith("kubeconfig ")) {
                kubeconfig = Path.of(line.substring("kubeconfig ".length()));
            } else if (line.startsWith("server ")) {
                server = URI.create(line.substring("server ".length()));
            } else if (line.startsWith("error ")) {
                process.destroy();
                throw new IllegalStateException("the private control plane did not start: " + line.substring(6));
            }
        }
        if (kubeconfig == null || server == null) {
            process.destroy();
            throw new IllegalStateException(
                    "the private control plane ended before it was ready (its output is above)");
        }
        return new ChildControlPlane(process, out,
                new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), kubeconfig, server);
    }

    @Override
    public Path kubeconfig() {
        return kubeconfig;
    }

    @Override
    public URI server() {
        return server;
    }

    @Override
    public Duration restartApiServerCompacted() {
        try {
            in.write("restart\n");
            in.flush();
            String answer = out.readLine();
            if (answer == null || !answer.startsWith("restarted ")) {
                throw new IllegalStateException("the private control plane did not restart: " + answer);
            }
            return Duration.ofNanos(Long.parseLong(answer.substring("restarted ".length())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            in.close(); // end of input: the child stops its control plane and exits
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
