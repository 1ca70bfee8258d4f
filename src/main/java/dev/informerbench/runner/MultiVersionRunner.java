package dev.informerbench.runner;

import dev.informerbench.cluster.ClusterTarget;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.ComparisonChart;
import dev.informerbench.comparison.ComparisonReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code --client-versions A,B,...}: the same profile against several client-java versions
 * on one cluster. Each version gets its own jar, built by Maven with
 * {@code -Dkubernetes.client.version} into {@code target/client-java-<v>/} (no source
 * changes), and its own JVM running the suite against the cluster this process holds
 * for all of them. The result files land in one run folder, then each version is compared
 * with the first.
 */
public final class MultiVersionRunner {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    /** What to run; {@code jmhArgs} and {@code profile} are passed to each version's run as given. */
    public record Request(List<String> versions, String profile, ClusterTarget target, List<String> jmhArgs,
            Path resultsDir, Path projectHome) {}

    /** The run folder, each version's result file (null where it failed), the comparison text. */
    public record Outcome(Path folder, List<Path> resultFiles, String comparison, boolean allSucceeded) {}

    private final PrintStream log;

    public MultiVersionRunner(PrintStream log) {
        this.log = log;
    }

    public Outcome run(Request request) throws IOException, InterruptedException {
        Path folder = request.resultsDir().resolve(STAMP.format(Instant.now()) + "_client-versions");
        Files.createDirectories(folder);
        List<Path> files = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        boolean allSucceeded = true;
        try (ClusterTarget.Connection connection = request.target().connect()) {
            log.printf("[run-bench] one cluster for all versions: %s%n", connection.kubeconfig());
            for (String version : request.versions()) {
                Path jar = build(version, request.projectHome());
                Path result = jar == null ? null : runSuite(version, jar, request, connection, folder);
                if (result == null) {
                    allSucceeded = false;
                } else {
                    files.add(result);
                    labels.add("client-java " + version);
                }
            }
        }
        String comparison = "";
        if (files.size() >= 2) {
            Comparison c = Comparison.of(files, labels, Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE);
            comparison = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
            Files.writeString(folder.resolve("comparison.txt"), comparison);
            Files.writeString(folder.resolve("comparison.md"), ComparisonReport.render(c, ComparisonReport.Format.MARKDOWN));
            ComparisonChart.write(c, folder.resolve("comparison.png"));
        }
        return new Outcome(folder, files, comparison, allSucceeded);
    }

    /** Builds the suite against {@code version}; returns its jar, or null after saying why not. */
    private Path build(String version, Path home) throws IOException, InterruptedException {
        Path dir = home.resolve("target").resolve("client-java-" + version);
        log.printf("%n[run-bench] building the suite against client-java %s (mvn package into %s)%n", version,
                home.relativize(dir));
        Path buildLog = Files.createTempFile("informer-bench-build-" + version, ".log");
        Process mvn = new ProcessBuilder("mvn", "-B", "-q", "-Dstyle.color=never", "-DskipTests",
                "-Dkubernetes.client.version=" + version, "-Dib.buildDir=" + dir, "package")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(buildLog.toFile())
                .start();
        int code = mvn.waitFor();
        Path jar = dir.resolve("benchmarks.jar");
        if (code != 0 || !Files.isRegularFile(jar)) {
            List<String> lines = Files.readAllLines(buildLog);
            log.printf("[run-bench] building against client-java %s failed (mvn exit %d); last lines:%n%s%n", version,
                    code, String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
            return null;
        }
        Files.deleteIfExists(buildLog);
        return jar;
    }

    /** Runs the profile with {@code jar} in its own JVM; returns the result file it wrote. */
    private Path runSuite(String version, Path jar, Request request, ClusterTarget.Connection connection, Path folder)
            throws IOException, InterruptedException {
        Set<Path> before = jsonFiles(folder);
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Dinformerbench.home=" + request.projectHome(),
                "-cp", jar.toString(), "dev.informerbench.cli.Main", "run",
                "--profile", request.profile(),
                "--results", folder.toString(),
                "--attach", connection.kubeconfig().toAbsolutePath().toString(),
                "--attach-kind", request.target().kind()));
        if (!request.jmhArgs().isEmpty()) {
            command.add("--");
            command.addAll(request.jmhArgs());
        }
        log.printf("[run-bench] running profile %s with client-java %s%n", request.profile(), version);
        int code = new ProcessBuilder(command).inheritIO().start().waitFor();
        Set<Path> after = jsonFiles(folder);
        after.removeAll(before);
        if (code != 0 || after.size() != 1) {
            log.printf("[run-bench] the run with client-java %s failed (exit %d)%n", version, code);
            return after.size() == 1 ? after.iterator().next() : null;
        }
        return after.iterator().next();
    }

    /** The JMH result files in {@code folder} (not sidecars, summaries or scenario files). */
    private static Set<Path> jsonFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return new HashSet<>(files.filter(f -> f.toString().endsWith(".json"))
                    .filter(f -> !f.toString().endsWith(".meta.json"))
                    .toList());
        }
    }
}
