package dev.informerbench.cli;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.ComparisonChart;
import dev.informerbench.comparison.ComparisonReport;
import dev.informerbench.comparison.History;
import dev.informerbench.comparison.HistoryReport;
import dev.informerbench.comparison.Regression;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.runner.RunPrecision;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./run-bench.sh compare BASE.json NEW.json [MORE.json ...]}: JMH result files against
 * the first, like benchstat. Exit 0, or 1 when {@code --threshold} is exceeded by a
 * significant regression of a score; bad input (options, files that are not JMH JSON) is
 * one line and exit 2.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare JMH JSON result files with the first (BASE), like benchstat: per benchmark and "
                + "parameter set the mean of the forks' means ± its 95%% t-interval (forks are the unit: iterations "
                + "of one JVM are not independent), the change against BASE with its noise floor (~ where the change "
                + "is inside it), per table a geomean; secondary metrics (api.*, gc.*) too. Any JMH 1.2x-1.37 JSON, "
                + "of any project, one fork or many."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "2..*", paramLabel = "FILE", description = "BASE.json NEW.json [MORE.json ...]: JMH JSON files "
            + "(-rf json); the first is the base. Only read.")
    List<Path> files;

    @Mixin
    StatisticsOptions statistics;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default), markdown or csv.")
    String format;

    @Option(names = "--threshold", paramLabel = "PCT",
            description = "Exit 1 when a score regressed significantly (beyond its noise floor, in the worse "
                    + "direction) by more than PCT percent of the base's mean.")
    Double threshold;

    @Option(names = "--paired", description = "The files are the contenders of one interleaved run (a "
            + "--client-versions or --clients folder), whose i-th forks ran in the same round: compare each row "
            + "round by round (a paired t-test of the forks' log ratios) where both files have the same number of "
            + "forks.")
    boolean paired;

    @Option(names = "--chart", paramLabel = "FILE", description = "Also draw the scores' changes against BASE into "
            + "FILE.png or FILE.svg: a panel per benchmark class, a row per method and parameter set, a dot per file "
            + "at its change in %% with whiskers ± the row's noise floor (as in the table: a whisker across 0 is ~), "
            + "a shaded band of ± --min-change; 1000 px wide, taller with more rows.")
    Path chart;

    @Option(names = "--history", description = "The files are versions of a client in order (e.g. a --clients "
            + "folder's client-java@20.0.0 ... @27.0.0 files): per client (from the sidecars), each score's mean per "
            + "version and each step, a version against the one before it, with its noise floor; then the steps "
            + "beyond the noise. Text or markdown.")
    boolean history;

    /**
     * --paired pairs the i-th forks of the files: right only for the merged files of one
     * interleaved run in which every unit of every contender completed (a lost unit would shift
     * one side's forks by a round, and pairing would then call a drift a change).
     */
    private void requireOneCompleteInterleavedRun() {
        Path folder = null;
        for (Path file : files) {
            Path meta = file.resolveSibling(String.valueOf(file.getFileName()).replaceFirst("\\.json$", ".meta.json"));
            RunMetadata m;
            try {
                m = Files.isRegularFile(meta) ? ResultFile.readMetadata(meta) : null;
            } catch (IOException | RuntimeException e) {
                m = null;
            }
            Path parent = file.toAbsolutePath().normalize().getParent();
            if (m == null || m.interleaveFile == null || m.status != RunMetadata.Status.COMPLETE
                    || folder != null && !folder.equals(parent)) {
                throw new IllegalArgumentException("--paired compares forks round by round, so it needs the files of "
                        + "one complete interleaved run (one --client-versions or --clients folder, every sidecar "
                        + "'complete'); " + file + " is not; accepted: those files, or leave out --paired");
            }
            folder = parent;
        }
    }

    @Override
    public Integer call() throws IOException {
        ComparisonReport.Format outputFormat = checkOptions();
        if (history) {
            List<History> histories = History.of(files, statistics.alpha, Comparison.DEFAULT_CONFIDENCE,
                    statistics.minChange);
            System.out.print(HistoryReport.render(histories, outputFormat == ComparisonReport.Format.MARKDOWN));
            System.out.flush();
            return 0;
        }
        Comparison comparison = Comparison.of(files, null, statistics.alpha, Comparison.DEFAULT_CONFIDENCE,
                statistics.minChange, paired);
        System.out.print(ComparisonReport.render(comparison, outputFormat));
        if (outputFormat == ComparisonReport.Format.TEXT && files.stream().map(f -> f.toAbsolutePath().getParent())
                .distinct().count() == 1) {
            // the files of one --precision run: what each row reached, as the run said it
            RunPrecision.of(files.get(0)).ifPresent(System.out::print);
        }
        System.out.flush();
        if (chart != null) {
            try {
                ComparisonChart.write(comparison, chart);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot write the chart to " + chart + ": " + e.getMessage());
            }
            System.err.println("chart: " + chart);
        }
        if (threshold != null) {
            List<Regression> regressions = comparison.regressionsBeyond(threshold);
            String percent = new BigDecimal(threshold.toString()).stripTrailingZeros().toPlainString();
            for (Regression r : regressions) {
                System.err.println("regression beyond " + percent + "%: " + r.describe());
            }
            return regressions.isEmpty() ? 0 : 1;
        }
        return 0;
    }

    /**
     * Every option, before a file is read: here and only here ({@link Comparison} takes its
     * settings as given). A bad one is an {@link IllegalArgumentException}: one line, exit 2.
     */
    private ComparisonReport.Format checkOptions() {
        ComparisonReport.Format outputFormat = ComparisonReport.Format.parse(format);
        statistics.check();
        if (history && (outputFormat == ComparisonReport.Format.CSV || paired || threshold != null || chart != null)) {
            throw new IllegalArgumentException("--history is a text or markdown table of its own; accepted with it: "
                    + "--format text|markdown, --alpha, --min-change (not --format csv, --paired, --threshold, "
                    + "--chart)");
        }
        if (paired) {
            requireOneCompleteInterleavedRun();
        }
        if (threshold != null && !(threshold >= 0 && Double.isFinite(threshold))) {
            throw new IllegalArgumentException("--threshold must be a percentage of 0 or more, not " + threshold);
        }
        if (chart != null) {
            ComparisonChart.formatOf(chart);
            Path dir = chart.toAbsolutePath().getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                throw new IllegalArgumentException("--chart: no such directory: " + dir);
            }
        }
        return outputFormat;
    }
}
