package dev.informerbench.runner;

import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.support.FileTrees;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The processes of an interleaved run: Maven building the suite against each client-java
 * version, and one JVM per unit and version that runs one family with one fork with that
 * version's jar, attached to the parent's cluster.
 */
final class VersionJvms {
    private final MultiVersionRunner.Request request;
    private final List<String> childArgs;
    private final Path kubeconfig;
    private final Path folder;
    private final PrintStream log;

    /** {@code childArgs}: the JMH arguments of every JVM; {@code folder}: the run folder. */
    VersionJvms(MultiVersionRunner.Request request, List<String> childArgs, Path kubeconfig, Path folder,
            PrintStream log) {
        this.request = request;
        this.childArgs = childArgs;
        this.kubeconfig = kubeconfig;
        this.folder = folder;
        this.log = log;
    }

    /**
     * Builds the suite against {@code version} into {@code target/client-java-<v>/} (no source
     * changes, {@code -Dkubernetes.client.version}); returns its jar, or null after saying why not.
     */
    static Path build(String version, Path home, PrintStream log) throws IOException, InterruptedException {
        Path dir = home.resolve("target").resolve("client-java-" + version);
        log.printf("%n[run-bench] building the suite against client-java %s (mvn package into %s)%n", version,
                home.relativize(dir));
        Path buildLog = Files.createTempFile("informer-bench-build-" + version, ".log");
        Process mvn = new ProcessBuilder("mvn", "-B", "-q", "-Dstyle.color=never", "-Dmaven.test.skip=true",
                "-Dkubernetes.client.version=" + version, "-Dib.buildDir=" + dir, "package")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(buildLog.toFile())
                .start();
        int code = mvn.waitFor();
        Path jar = dir.resolve("benchmarks.jar");
        if (code != 0 || !Files.isRegularFile(jar)) {
            log.printf("[run-bench] building against client-java %s failed (mvn exit %d); last lines:%n%s%n", version,
                    code, FileTrees.tail(buildLog, 15));
            return null;
        }
        Files.deleteIfExists(buildLog);
        return jar;
    }

    /**
     * Runs one family with one fork with {@code jar} in its own JVM, into a folder of its own
     * under {@code parts/}; the JVM gets this one's {@code java.io.tmpdir} (where JMH keeps its
     * lock file).
     */
    Interleave.Run run(InterleavePlan.Unit unit, String version, String label, Path jar)
            throws IOException, InterruptedException {
        Path dir = folder.resolve("parts").resolve("r" + unit.round() + "-" + unit.family().name() + "-"
                + label.replaceFirst("^client-java ", "").replaceAll("[^A-Za-z0-9.]+", "-"));
        Files.createDirectories(dir);
        Interleave.Run run = new Interleave.Run();
        run.round = unit.round();
        run.family = unit.family().name();
        run.label = label;
        run.version = version;
        run.startedAt = ResultFile.iso(Instant.now());
        run.exitCode = new ProcessBuilder(command(unit, jar, dir)).inheritIO().start().waitFor();
        run.finishedAt = ResultFile.iso(Instant.now());
        List<Path> json = jsonFiles(dir);
        run.resultFile = json.size() == 1 ? folder.relativize(json.get(0)).toString() : null;
        Status childStatus = null;
        if (run.resultFile != null && Files.isRegularFile(sidecarOf(json.get(0)))) {
            childStatus = ResultFile.readMetadata(sidecarOf(json.get(0))).status;
        }
        // Complete only when the JVM exited cleanly and its sidecar says so; else what its sidecar says, else failed.
        run.status = childStatus == null ? Status.FAILED
                : childStatus != Status.COMPLETE ? childStatus
                : run.exitCode == 0 ? Status.COMPLETE : Status.FAILED;
        if (run.status != Status.COMPLETE) {
            log.printf("[run-bench] %s, %s, round %d: %s (exit %d)%n", label, run.family, run.round,
                    run.status, run.exitCode);
        }
        return run;
    }

    /** The entry point's {@code run} command in a JVM of its own: the unit's family, this version's jar. */
    private List<String> command(InterleavePlan.Unit unit, Path jar, Path dir) {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Dinformerbench.home=" + request.projectHome(),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", jar.toString(), request.entryPoint().getName(), "run",
                "--profile", request.profile().id(),
                "--families", unit.family().name(),
                "--results", dir.toString(),
                "--attach", kubeconfig.toAbsolutePath().toString(),
                "--attach-kind", request.target().kind(),
                "--"));
        command.addAll(childArgs);
        return command;
    }

    /** The sidecar beside a result file: {@code X.json} → {@code X.meta.json}. */
    static Path sidecarOf(Path json) {
        return json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", ".meta.json"));
    }

    /** The JMH result files in {@code folder} (not sidecars, summaries or scenario files). */
    private static List<Path> jsonFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".json"))
                    .filter(f -> !f.toString().endsWith(".meta.json"))
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
    }
}
