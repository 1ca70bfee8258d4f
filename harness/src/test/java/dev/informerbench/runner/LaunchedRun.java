package dev.informerbench.runner;

import dev.informerbench.cli.Main;
import dev.informerbench.fixtures.FixtureNames;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Namespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code Main run} in a JVM of its own, from target/benchmarks.jar the way ./run-bench.sh
 * starts it, so a test can signal or kill it. Its own tmpdir holds the locks (JMH's
 * {@code jmh.lock} and the suite's run lock): runs elsewhere on the machine cannot block it.
 */
record LaunchedRun(Path home, Path dir) {
    static final String MANAGED = FixtureNames.MANAGED_BY_LABEL + "=" + FixtureNames.MANAGED_BY;

    static LaunchedRun in(String folder) {
        Path home = Path.of(System.getProperty("informerbench.home", ".")).toAbsolutePath();
        return new LaunchedRun(home, home.resolve("target").resolve(folder));
    }

    Path jar() {
        return home.resolve("target/benchmarks.jar");
    }

    Path results() {
        return dir.resolve("results");
    }

    Path tmp() {
        return dir.resolve("tmp");
    }

    /** Starts {@code run --kubeconfig K --profile smoke --results R -- jmhArgs}, output to {@code log}. */
    Process start(Path kubeconfig, Path log, String... jmhArgs) throws IOException {
        Files.createDirectories(tmp());
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Djava.io.tmpdir=" + tmp(), "-Dinformerbench.home=" + home, "-cp", jar().toString(),
                Main.class.getName(), "run", "--kubeconfig", kubeconfig.toString(), "--profile", "smoke",
                "--results", results().toString(), "--"));
        command.addAll(List.of(jmhArgs));
        return new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    /**
     * Starts {@code run --profile smoke --results R runArgs -- jmhArgs} on the default target,
     * a local control plane of the run's own, output to {@code log}.
     */
    Process startOnItsOwnControlPlane(Path log, List<String> runArgs, String... jmhArgs) throws IOException {
        Files.createDirectories(tmp());
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Djava.io.tmpdir=" + tmp(), "-Dinformerbench.home=" + home, "-cp", jar().toString(),
                Main.class.getName(), "run", "--profile", "smoke", "--results", results().toString()));
        command.addAll(runArgs);
        command.add("--");
        command.addAll(List.of(jmhArgs));
        return new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    static String read(Path file) {
        try {
            // Not Files.readString: the run is still writing, and a read that ends inside a
            // multi-byte character must not throw.
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The suite's namespaces in the cluster. */
    static List<V1Namespace> namespaces(CoreV1Api api) throws ApiException {
        return api.listNamespace().labelSelector(MANAGED).execute().getItems();
    }

    /** Files in the results folder whose names end with {@code suffix}. */
    List<Path> resultFiles(String suffix) throws IOException {
        if (!Files.isDirectory(results())) {
            return List.of();
        }
        try (var files = Files.list(results())) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }
}
