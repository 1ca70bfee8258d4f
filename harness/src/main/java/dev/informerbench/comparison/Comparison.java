package dev.informerbench.comparison;

import dev.informerbench.results.JmhJson;
import dev.informerbench.results.ResultFileException;
import dev.informerbench.statistics.ForkStatistics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * JMH result files compared with the first one (the base), as Go's benchstat compares
 * benchmark runs: per benchmark and parameter set, each file's mean of fork means with its
 * confidence interval, the ratio to the base with its interval, forks being the unit
 * ({@link ForkStatistics}), and a verdict. Rows are grouped into tables ({@link Tables}), each
 * with a geometric mean row.
 *
 * <p>A change is significant when it lies outside the ratio's interval widened by
 * {@code minChange}: the interval covers what varies inside the compared files (JVM to JVM,
 * iteration to iteration), not what drifts between two runs made at different times, which an
 * A/A comparison of this machine puts near 10%; the two are independent and add in quadrature.
 * Every row carries that widened half-width as its noise floor: a smaller change cannot be told
 * from none.
 *
 * <p>The settings are taken as given: {@code compare} checks its options before it gets here.
 */
public final class Comparison {
    public static final double DEFAULT_ALPHA = 0.05;
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /**
     * The drift between two runs of the same code, in percent, added to every row's interval:
     * two back-to-back runs of the default profile on a 2-core machine differed by 10%
     * root-mean-square per row, 9% beyond the noise inside the files, and no interval computed
     * inside one file can show that. 13% is the smallest allowance at which each of three such
     * pairs (2026-11-30 and 2026-12-01/02) has at most one row in ten called a change
     * (docs/method.md, "Two separate runs: the drift allowance").
     */
    public static final double DEFAULT_MIN_CHANGE = 13;

    private final List<Source> sources;
    private final double alpha;
    private final double confidence;
    private final double minChange;
    private final boolean paired;
    private final List<Table> tables;

    private Comparison(List<Source> sources, double alpha, double confidence, double minChange, boolean paired,
            List<Table> tables) {
        this.sources = List.copyOf(sources);
        this.alpha = alpha;
        this.confidence = confidence;
        this.minChange = minChange;
        this.paired = paired;
        this.tables = List.copyOf(tables);
    }

    /** The files compared with the first, labelled by their file names; a 95% CI. */
    public static Comparison of(List<Path> files, double alpha) {
        return of(files, null, alpha, DEFAULT_CONFIDENCE);
    }

    /** The files compared with the first, with the default minimum change. */
    public static Comparison of(List<Path> files, List<String> labels, double alpha, double confidence) {
        return of(files, labels, alpha, confidence, DEFAULT_MIN_CHANGE);
    }

    /**
     * The files compared with the first.
     *
     * @param labels the columns' names, one per file (e.g. client versions); null: the file names
     * @param alpha the significance level, between 0 and 1
     * @param confidence the level of each file's interval, between 0 and 1
     * @param minChange the drift between runs in percent (a 95% range), added to every interval
     * @throws ResultFileException when a file is missing or not JMH JSON
     */
    public static Comparison of(List<Path> files, List<String> labels, double alpha, double confidence,
            double minChange) {
        return of(files, labels, alpha, confidence, minChange, false);
    }

    /**
     * As above; {@code paired}: the files are the contenders of one interleaved run, whose i-th
     * forks ran in the same round, and rows are compared round by round ({@link Delta#of}).
     */
    public static Comparison of(List<Path> files, List<String> labels, double alpha, double confidence,
            double minChange, boolean paired) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no result files to compare");
        }
        if (labels != null && labels.size() != files.size()) {
            throw new IllegalArgumentException(labels.size() + " labels for " + files.size() + " files");
        }
        List<List<JmhJson.Entry>> entries = files.stream().map(JmhJson::read).toList();
        List<String> names = labels == null ? labels(files) : labels;
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            sources.add(new Source(names.get(i), files.get(i)));
        }
        List<Table> tables = new Tables(alpha, confidence, minChange, paired).of(entries);
        return new Comparison(sources, alpha, confidence, minChange, paired, tables);
    }

    /** File names; a name that repeats gets #2, #3. */
    static List<String> labels(List<Path> files) {
        List<String> labels = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Path file : files) {
            Path name = file.getFileName();
            String label = name == null ? file.toString() : name.toString();
            int count = seen.merge(label, 1, Integer::sum);
            labels.add(count == 1 ? label : label + "#" + count);
        }
        return labels;
    }

    public List<Source> sources() {
        return sources;
    }

    public double alpha() {
        return alpha;
    }

    public double confidence() {
        return confidence;
    }

    public double minChange() {
        return minChange;
    }

    /** Whether forks were compared round by round (an interleaved run's contenders). */
    public boolean paired() {
        return paired;
    }

    public List<Table> tables() {
        return tables;
    }

    public List<Table> primaryTables() {
        return tables.stream().filter(Table::primary).toList();
    }

    /** Benchmark rows (primary scores) that some file lacks. */
    public List<Row> missingRows() {
        return primaryTables().stream().flatMap(t -> t.rows().stream()).filter(Row::missingSomewhere).toList();
    }

    /**
     * Significant regressions (beyond the interval and min-change, in the worse direction) of a
     * primary score by more than {@code percent} (0 or more): the change of the mean, in percent
     * of the base's.
     */
    public List<Regression> regressionsBeyond(double percent) {
        List<Regression> regressions = new ArrayList<>();
        for (Table table : primaryTables()) {
            for (Row row : table.rows()) {
                for (int f = 1; f < sources.size(); f++) {
                    Delta d = row.delta(f);
                    if (d != null && d.verdict() == Verdict.WORSE && Math.abs(d.changePercent()) > percent) {
                        regressions.add(new Regression(table, row, sources.get(f), d));
                    }
                }
            }
        }
        return regressions;
    }

    /** True when {@link #regressionsBeyond} finds any: {@code compare --threshold} then exits 1. */
    public boolean exceedsThreshold(double percent) {
        return !regressionsBeyond(percent).isEmpty();
    }
}
