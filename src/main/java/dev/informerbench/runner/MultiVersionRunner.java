package dev.informerbench.runner;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import dev.informerbench.target.ClusterTarget;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.ComparisonChart;
import dev.informerbench.comparison.ComparisonReport;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.JmhMerge;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.RunSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code --client-versions A,B,...}: the same profile against several client-java versions
 * on one cluster, their forks interleaved so that a drift of the machine (another build
 * starting, thermal throttling, the cluster's own growth) falls on every version alike.
 *
 * <p>Each distinct version gets its own jar, built by Maven with
 * {@code -Dkubernetes.client.version} into {@code target/client-java-<v>/} (no source
 * changes). A version may be listed twice ({@code 27.0.0,27.0.0}: an A/A run); it is built
 * once and measured under two labels.
 *
 * <p>The run is cut into units of one family × one fork round: round r holds the families
 * whose fork count (the profile's, or {@code -f} given after {@code --}) is at least r, and
 * every unit runs each version once, in a JVM of its own with {@code -f 1}, the order of the
 * versions rotated from one unit to the next (A B, B A, A B, ...): even with one fork per
 * family (the quick profile) each family's measurements of A and B are minutes apart at most,
 * and neither always goes first. The order that ran is recorded in {@code interleave.json};
 * the one-fork files stay under {@code parts/}, and each version's are merged
 * ({@link JmhMerge}) into one JMH JSON file as a normal run writes it, which the versions are
 * then compared by.
 */
public final class MultiVersionRunner {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();
    public static final String INTERLEAVE_FILE = "interleave.json";

    /** What to run; {@code jmhArgs} and {@code profile} are passed to each version's runs as given. */
    public record Request(List<String> versions, String profile, ClusterTarget target, List<String> jmhArgs,
            Path resultsDir, Path projectHome) {}

    /**
     * The run folder, each version's merged result file (only those that have one), their
     * labels, the interleave sidecar, the comparison text.
     */
    public record Outcome(Path folder, List<Path> resultFiles, List<String> labels, Path interleave, String comparison,
            boolean allSucceeded) {}

    /** One family in one fork round. */
    record Unit(int round, Family family) {}

    /** {@code interleave.json}: how the run was cut and the order its JVMs ran in. */
    static final class Interleave {
        public String schema = "informer-bench/interleave/v1";
        public String profile;
        public List<String> versions;
        public List<String> labels;
        public int rounds;
        public String order = "each unit (family x fork round) runs every version once, one fork each; "
                + "the versions' order rotates by one from unit to unit";
        public List<String> jmhArgs;
        public List<Run> runs = new ArrayList<>();
    }

    /** One JVM of the run, in the order they ran. */
    static final class Run {
        public int position;
        public int round;
        public String family;
        public String label;
        public String version;
        public String startedAt;
        public String finishedAt;
        public int exitCode;
        /** complete, failed (or the sidecar's status of that JVM's run), not-built */
        public String status;
        /** The one-fork JMH JSON, relative to the run folder; null when none was written. */
        public String resultFile;
    }

    private final PrintStream log;

    public MultiVersionRunner(PrintStream log) {
        this.log = log;
    }

    /** The units of a profile, round by round, families in the profile's order within a round. */
    static List<Unit> plan(Profile profile, JmhArgs args) {
        int userForks = args.forks();
        List<Family> families = profile.families().stream()
                .filter(f -> !args.benchmarksMatching(args.include(f)).isEmpty()).toList();
        int rounds = families.stream().mapToInt(f -> forks(f, userForks)).max().orElse(0);
        List<Unit> units = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            for (Family f : families) {
                if (forks(f, userForks) >= r) {
                    units.add(new Unit(r, f));
                }
            }
        }
        return units;
    }

    /** A family's fork count: {@code -f} when given (-f 0, in-process, is one round), else the profile's. */
    private static int forks(Family f, int userForks) {
        return userForks >= 0 ? Math.max(1, userForks) : f.forks();
    }

    /** The order of {@code n} versions in the {@code unit}-th unit: rotated by one each unit. */
    static int[] order(int unit, int n) {
        int[] order = new int[n];
        for (int j = 0; j < n; j++) {
            order[j] = (j + unit) % n;
        }
        return order;
    }

    public Outcome run(Request request) throws IOException, InterruptedException {
        Instant started = Instant.now();
        Profile profile = Profile.parse(request.profile());
        JmhArgs args = JmhArgs.parse(request.jmhArgs());
        List<String> childArgs = args.withForks(args.forks() == 0 ? 0 : 1);
        List<String> versions = request.versions();
        List<String> labels = ClientVersions.labels(versions);
        List<Unit> plan = plan(profile, args);

        Path folder = request.resultsDir().resolve(STAMP.format(started) + "_client-versions");
        Files.createDirectories(folder);
        Interleave record = new Interleave();
        record.profile = profile.id();
        record.versions = versions;
        record.labels = labels;
        record.rounds = plan.stream().mapToInt(Unit::round).max().orElse(0);
        record.jmhArgs = request.jmhArgs();
        Path sidecar = folder.resolve(INTERLEAVE_FILE);
        write(sidecar, GSON.toJson(record));

        Map<String, Path> jars = new LinkedHashMap<>();
        for (String version : ClientVersions.distinct(versions)) {
            jars.put(version, build(version, request.projectHome()));
        }
        List<List<Run>> runsOf = new ArrayList<>();
        versions.forEach(v -> runsOf.add(new ArrayList<>()));
        int total = plan.size() * (int) versions.stream().filter(v -> jars.get(v) != null).count();
        int k = 0;
        try (ClusterTarget.Connection connection = request.target().connect()) {
            log.printf("[run-bench] one cluster for all versions: %s%n", connection.kubeconfig());
            log.printf("[run-bench] %d JVMs of one fork each: %d round(s) of %s, versions interleaved (%s)%n", total,
                    record.rounds, profile.id(), sidecar);
            for (int u = 0; u < plan.size(); u++) {
                Unit unit = plan.get(u);
                for (int i : order(u, versions.size())) {
                    Path jar = jars.get(versions.get(i));
                    if (jar == null) {
                        continue;
                    }
                    k++;
                    log.printf("%n[run-bench] round %d/%d: %s, %s (%d of %d)%n", unit.round(), record.rounds,
                            labels.get(i), unit.family().name(), k, total);
                    Run run = runPart(unit, versions.get(i), labels.get(i), jar, request, childArgs, connection, folder);
                    run.position = k;
                    record.runs.add(run);
                    runsOf.get(i).add(run);
                    write(sidecar, GSON.toJson(record));
                }
            }
        }

        boolean allSucceeded = true;
        List<Path> files = new ArrayList<>();
        List<String> fileLabels = new ArrayList<>();
        for (int i = 0; i < versions.size(); i++) {
            if (jars.get(versions.get(i)) == null) {
                allSucceeded = false;
                continue;
            }
            Merged merged = merge(folder, started, versions, i, labels.get(i), runsOf.get(i), request.jmhArgs());
            if (merged == null) {
                allSucceeded = false;
                continue;
            }
            allSucceeded &= merged.complete();
            files.add(merged.json());
            fileLabels.add(labels.get(i));
        }
        String comparison = "";
        if (files.size() >= 2) {
            Comparison c = Comparison.of(files, fileLabels, Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE);
            comparison = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
            Files.writeString(folder.resolve("comparison.txt"), comparison);
            Files.writeString(folder.resolve("comparison.md"), ComparisonReport.render(c, ComparisonReport.Format.MARKDOWN));
            ComparisonChart.write(c, folder.resolve("comparison.png"));
        }
        return new Outcome(folder, files, fileLabels, sidecar, comparison, allSucceeded);
    }

    record Merged(Path json, boolean complete) {}

    /**
     * Merges one version's one-fork files into {@code <T>_client-java-<v>_k8s-<k>[_<n>].json}
     * ({@code _2} for the second listing of the same version) and its sidecar; null when none
     * of its JVMs wrote a result.
     */
    private Merged merge(Path folder, Instant started, List<String> versions, int index, String label, List<Run> runs,
            List<String> jmhArgs) throws IOException {
        List<JsonArray> parts = new ArrayList<>();
        List<String> mergedFrom = new ArrayList<>();
        RunMetadata meta = null;
        Map<String, RunMetadata.FamilyStatus> families = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        List<String> latency = new ArrayList<>();
        boolean complete = !runs.isEmpty();
        for (Run run : runs) {
            complete &= run.status.equals("complete");
            RunMetadata partMeta = null;
            if (run.resultFile != null) {
                Path json = folder.resolve(run.resultFile);
                parts.add(JsonParser.parseString(Files.readString(json)).getAsJsonArray());
                mergedFrom.add(run.resultFile);
                Path metaFile = json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", ".meta.json"));
                if (Files.isRegularFile(metaFile)) {
                    partMeta = ResultFile.readMetadata(metaFile);
                }
            }
            if (partMeta == null) {
                String why = "round " + run.round + ": the JVM exited with code " + run.exitCode
                        + " and wrote no result";
                errors.add(run.family + " " + why);
                families.merge(run.family, new RunMetadata.FamilyStatus(run.family, "failed", why, 0),
                        MultiVersionRunner::sameFamily);
                continue;
            }
            if (meta == null) {
                meta = partMeta;
            }
            if (partMeta.error != null) {
                errors.add("round " + run.round + ": " + partMeta.error);
            }
            for (RunMetadata.FamilyStatus f : partMeta.families) {
                families.merge(f.name, new RunMetadata.FamilyStatus(f.name, f.status,
                        f.error == null ? null : "round " + run.round + ": " + f.error, f.seconds),
                        MultiVersionRunner::sameFamily);
            }
            Path partDir = folder.resolve(run.resultFile).getParent();
            for (String hgrm : partMeta.latencyFiles) {
                latency.add(folder.relativize(partDir.resolve(hgrm)).toString());
            }
            meta.finishedAt = partMeta.finishedAt;
        }
        if (meta == null) {
            log.printf("[run-bench] %s: no run wrote a result%n", label);
            return null;
        }
        int occurrence = ClientVersions.occurrence(versions, index);
        String stem = ResultFile.stem(started, meta.clientJavaVersion, meta.serverVersion)
                + (occurrence > 1 ? "_" + occurrence : "");
        ResultFile file = ResultFile.create(folder, stem);
        JsonArray merged = JmhMerge.merge(parts);
        write(file.json(), GSON.toJson(merged));
        meta.startedAt = ResultFile.iso(started);
        meta.status = complete ? "complete" : "failed";
        meta.error = errors.isEmpty() ? null : String.join("; ", errors);
        meta.resultFile = file.json().getFileName().toString();
        meta.latencyFiles = latency;
        meta.jmhArgs = jmhArgs;
        meta.families = new ArrayList<>(families.values());
        meta.label = label;
        meta.interleaveFile = INTERLEAVE_FILE;
        meta.mergedFrom = mergedFrom;
        file.writeMetadata(meta);
        Files.writeString(folder.resolve(stem + ".summary.txt"), RunSummary.render(JmhJson.read(file.json()), List.of()));
        log.printf("[run-bench] %s: %d one-fork files merged into %s (%s)%n", label, parts.size(),
                file.json().getFileName(), meta.status);
        return new Merged(file.json(), complete);
    }

    /** One family's status over its rounds: failed if any round failed, its time summed. */
    private static RunMetadata.FamilyStatus sameFamily(RunMetadata.FamilyStatus a, RunMetadata.FamilyStatus b) {
        String status = a.status.equals("failed") || b.status.equals("failed") ? "failed"
                : a.status.equals("complete") || b.status.equals("complete") ? "complete" : a.status;
        String error = a.error == null ? b.error : b.error == null ? a.error : a.error + "; " + b.error;
        return new RunMetadata.FamilyStatus(a.name, status, error, a.seconds + b.seconds);
    }

    /** Builds the suite against {@code version}; returns its jar, or null after saying why not. */
    private Path build(String version, Path home) throws IOException, InterruptedException {
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
            List<String> lines = Files.readAllLines(buildLog);
            log.printf("[run-bench] building against client-java %s failed (mvn exit %d); last lines:%n%s%n", version,
                    code, String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
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
    private Run runPart(Unit unit, String version, String label, Path jar, Request request, List<String> childArgs,
            ClusterTarget.Connection connection, Path folder) throws IOException, InterruptedException {
        Path dir = folder.resolve("parts").resolve("r" + unit.round() + "-" + unit.family().name() + "-"
                + label.replaceFirst("^client-java ", "").replaceAll("[^A-Za-z0-9.]+", "-"));
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Dinformerbench.home=" + request.projectHome(),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", jar.toString(), "dev.informerbench.cli.Main", "run",
                "--profile", request.profile(),
                "--families", unit.family().name(),
                "--results", dir.toString(),
                "--attach", connection.kubeconfig().toAbsolutePath().toString(),
                "--attach-kind", request.target().kind(),
                "--"));
        command.addAll(childArgs);
        Run run = new Run();
        run.round = unit.round();
        run.family = unit.family().name();
        run.label = label;
        run.version = version;
        run.startedAt = ResultFile.iso(Instant.now());
        run.exitCode = new ProcessBuilder(command).inheritIO().start().waitFor();
        run.finishedAt = ResultFile.iso(Instant.now());
        List<Path> json = jsonFiles(dir);
        run.resultFile = json.size() == 1 ? folder.relativize(json.get(0)).toString() : null;
        String childStatus = null;
        if (run.resultFile != null) {
            Path meta = json.get(0).resolveSibling(json.get(0).getFileName().toString()
                    .replaceFirst("\\.json$", ".meta.json"));
            if (Files.isRegularFile(meta)) {
                childStatus = ResultFile.readMetadata(meta).status;
            }
        }
        run.status = run.exitCode == 0 && "complete".equals(childStatus) ? "complete"
                : childStatus != null && !childStatus.equals("complete") ? childStatus : "failed";
        if (!run.status.equals("complete")) {
            log.printf("[run-bench] %s, %s, round %d: %s (exit %d)%n", label, run.family, run.round, run.status,
                    run.exitCode);
        }
        return run;
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

    private static void write(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, content + "\n");
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
