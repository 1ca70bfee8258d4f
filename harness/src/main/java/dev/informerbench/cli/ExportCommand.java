package dev.informerbench.cli;

import dev.informerbench.export.ExportFormat;
import dev.informerbench.export.Exporter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./run-bench.sh export FILE.json [MORE.json ...] --format FORMAT [--output DIR]}: JMH
 * result files as github-action-benchmark, Bencher or CSV files. Each path written is a line
 * on stderr, and so is what was left out; bad input is one line, exit 2, nothing written.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Export JMH JSON result files (this suite's or any project's) for the tools that track "
                + "benchmarks over time. Every row keeps its params in its name; secondary metrics (api.*, "
                + "gc.alloc.rate.norm, heap, delivery, resync, recovery) become entries of their own. Several files "
                + "go into one export, each name ending in its file's label (client-version)."})
final class ExportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "JMH JSON files (-rf json). Only read.")
    List<Path> files;

    @Option(names = "--format", paramLabel = "FORMAT", required = true,
            description = {"github-action-benchmark: STEM.smaller-is-better.json and STEM.bigger-is-better.json "
                    + "for the tools customSmallerIsBetter and customBiggerIsBetter (metrics without a better "
                    + "direction are left out);",
                    "bencher: STEM.bencher.json, Bencher Metric Format (scores as latency in ns or throughput in "
                    + "ops/s, secondary metrics as custom measures);",
                    "csv: STEM.csv, one line per file, benchmark, params and metric.",
                    "STEM: the file's name without .json; for several files their folder's name."})
    String format;

    @Option(names = "--output", paramLabel = "DIR", defaultValue = ".",
            description = "The folder to write into (default: the current directory). It must exist.")
    Path output;

    @Option(names = "--aa", paramLabel = "BASE.json,REPEAT.json",
            description = {"github-action-benchmark: an A/A pair of this machine (one client and version, the same "
                    + "code run twice), repeatable, e.g. one per client of a --clients folder. Only the entries steady "
                    + "in every pair that has them go to the two files a step with fail-on-alert reads; the others to "
                    + "STEM.ungated.*, charted without alerting. Only read."})
    List<String> aa = new ArrayList<>();

    @Option(names = "--alert-threshold", paramLabel = "PCT",
            description = {"With --aa: the threshold of the step that fails, the action's alert-threshold or its "
                    + "fail-threshold if you set one (default: 200%%, the action's). An "
                    + "entry alerts when both A/A runs' intervals are within ±(T-1)/(T+1) of their value and the runs "
                    + "are at most √T apart (±20%% and 1.22× at 150%%)."})
    String alertThreshold;

    @Override
    public Integer call() {
        ExportFormat f = ExportFormat.parse(format);
        if (alertThreshold != null && aa.isEmpty()) {
            throw new IllegalArgumentException("--alert-threshold goes with --aa, the A/A pairs that decide which "
                    + "entries alert");
        }
        List<Path> pairs = new ArrayList<>();
        for (String pair : aa) {
            String[] files = pair.split(",", -1);
            if (files.length != 2 || files[0].isBlank() || files[1].isBlank()) {
                throw new IllegalArgumentException("--aa " + pair + ": give one pair, BASE.json,REPEAT.json (the same "
                        + "code run twice); repeat --aa for more");
            }
            pairs.add(Path.of(files[0]));
            pairs.add(Path.of(files[1]));
        }
        Exporter.Gate gate =
                new Exporter.Gate(pairs, alertThreshold == null ? Exporter.DEFAULT_THRESHOLD : alertThreshold);
        Exporter.Written written = Exporter.export(files, f, gate, output);
        written.notes().forEach(System.err::println);
        written.paths().forEach(System.err::println);
        return 0;
    }
}
