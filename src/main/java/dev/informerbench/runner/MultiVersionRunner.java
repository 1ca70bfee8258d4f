package dev.informerbench.runner;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.ComparisonChart;
import dev.informerbench.comparison.ComparisonReport;
import dev.informerbench.results.JmhMerge;
import dev.informerbench.results.ResultFile;
import dev.informerbench.target.ClusterTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * <p>The run is cut into units of one family × one fork round ({@link InterleavePlan}): round r
 * holds the families whose fork count (the profile's, or {@code -f} given after {@code --}) is
 * at least r, and every unit runs each version once, in a JVM of its own with {@code -f 1}, the
 * order of the versions rotated from one unit to the next (A B, B A, A B, ...): even with one
 * fork per family each family's measurements of A and B are minutes apart at most, and neither
 * always goes first. The order that ran is recorded in {@code interleave.json}; the one-fork
 * files stay under {@code parts/}, and each version's are merged ({@link JmhMerge}) into one
 * JMH JSON file as a normal run writes it, which the versions are then compared by.
 */
public final class MultiVersionRunner {

    /**
     * What to run; {@code jmhArgs} and {@code profile} are passed to each version's runs as given.
     * {@code entryPoint}: the class whose {@code main} takes the {@code run} command in each
     * version's jar (the command line's).
     */
    public record Request(List<String> versions, Profile profile, ClusterTarget target, List<String> jmhArgs,
            Path resultsDir, Path projectHome, Class<?> entryPoint) {}

    /**
     * The run folder, each version's merged result file (only those that have one), their
     * labels, the interleave sidecar, the comparison text.
     */
    public record Outcome(Path folder, List<Path> resultFiles, List<String> labels, Path interleave, String comparison,
            boolean allSucceeded) {}

    private final PrintStream log;

    public MultiVersionRunner(PrintStream log) {
        this.log = log;
    }

    public Outcome run(Request request) throws IOException, InterruptedException {
        Instant started = Instant.now();
        JmhArgs args = JmhArgs.parse(request.jmhArgs());
        List<String> versions = request.versions();
        List<InterleavePlan.Unit> plan = InterleavePlan.units(request.profile(), args);
        Path folder = request.resultsDir().resolve(ResultFile.stamp(started) + "_client-versions");
        Files.createDirectories(folder);
        Interleave record = new Interleave();
        record.profile = request.profile().id();
        record.versions = versions;
        record.labels = ClientVersions.labels(versions);
        record.rounds = InterleavePlan.rounds(plan);
        record.jmhArgs = request.jmhArgs();
        Path sidecar = folder.resolve(Interleave.FILE);
        record.write(sidecar);

        Map<String, Path> jars = new LinkedHashMap<>();
        for (String version : ClientVersions.distinct(versions)) {
            jars.put(version, VersionJvms.build(version, request.projectHome(), log));
        }
        List<List<Interleave.Run>> runsOf = runInterleaved(request, args, plan, jars, record, folder);

        boolean allSucceeded = true;
        List<Path> files = new ArrayList<>();
        List<String> fileLabels = new ArrayList<>();
        VersionMerge merge = new VersionMerge(folder, started, request.jmhArgs(), log);
        for (int i = 0; i < versions.size(); i++) {
            VersionMerge.Merged merged = jars.get(versions.get(i)) == null ? null
                    : merge.merge(versions, i, record.labels.get(i), runsOf.get(i));
            if (merged == null) {
                allSucceeded = false;
                continue;
            }
            allSucceeded &= merged.complete();
            files.add(merged.json());
            fileLabels.add(record.labels.get(i));
        }
        String comparison = files.size() >= 2 ? compare(files, fileLabels, folder) : "";
        return new Outcome(folder, files, fileLabels, sidecar, comparison, allSucceeded);
    }

    /**
     * Every unit of the plan, each version once per unit in the unit's order, on one cluster;
     * the interleave sidecar is rewritten after every JVM. Returns each listed version's runs.
     */
    private List<List<Interleave.Run>> runInterleaved(Request request, JmhArgs args, List<InterleavePlan.Unit> plan,
            Map<String, Path> jars, Interleave record, Path folder) throws IOException, InterruptedException {
        List<String> versions = request.versions();
        List<List<Interleave.Run>> runsOf = new ArrayList<>();
        versions.forEach(v -> runsOf.add(new ArrayList<>()));
        int total = plan.size() * (int) versions.stream().filter(v -> jars.get(v) != null).count();
        Path sidecar = folder.resolve(Interleave.FILE);
        try (ClusterTarget.Connection connection = request.target().connect()) {
            log.printf("[run-bench] one cluster for all versions: %s%n", connection.kubeconfig());
            log.printf("[run-bench] %d JVMs of one fork each: %d round(s) of %s, versions interleaved (%s)%n", total,
                    record.rounds, record.profile, sidecar);
            // -f 0 (in-process) stays 0; anything else is one fork per JVM
            VersionJvms jvms = new VersionJvms(request, args.withForks(args.forks() == 0 ? 0 : 1),
                    connection.kubeconfig(), folder, log);
            for (int u = 0; u < plan.size(); u++) {
                InterleavePlan.Unit unit = plan.get(u);
                for (int i : InterleavePlan.order(u, versions.size())) {
                    Path jar = jars.get(versions.get(i));
                    if (jar == null) {
                        continue;
                    }
                    int position = record.runs.size() + 1;
                    log.printf("%n[run-bench] round %d/%d: %s, %s (%d of %d)%n", unit.round(), record.rounds,
                            record.labels.get(i), unit.family().name(), position, total);
                    Interleave.Run run = jvms.run(unit, versions.get(i), record.labels.get(i), jar);
                    run.position = position;
                    record.runs.add(run);
                    runsOf.get(i).add(run);
                    record.write(sidecar);
                }
            }
        }
        return runsOf;
    }

    /** Compares the merged files with the first; writes the text, Markdown and the chart into the run folder. */
    private static String compare(List<Path> files, List<String> labels, Path folder) throws IOException {
        Comparison c = Comparison.of(files, labels, Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE);
        String comparison = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
        Files.writeString(folder.resolve("comparison.txt"), comparison);
        Files.writeString(folder.resolve("comparison.md"), ComparisonReport.render(c, ComparisonReport.Format.MARKDOWN));
        ComparisonChart.write(c, folder.resolve("comparison.png"));
        return comparison;
    }
}
