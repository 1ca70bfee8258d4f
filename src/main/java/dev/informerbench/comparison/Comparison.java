package dev.informerbench.comparison;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Stationarity;

/**
 * JMH result files compared with the first one (the base), as Go's benchstat compares
 * benchmark runs: per benchmark and parameter set, each file's mean of fork means with its
 * confidence interval, the ratio to the base with its interval, forks being the unit
 * ({@link ForkStatistics}), and a verdict. Rows are grouped
 * into tables, one per primary metric mode and unit and one per secondary metric, each with a
 * geometric mean row. Rows that some files lack are kept and marked missing.
 *
 * <p>A change is significant when it lies outside the ratio's interval widened by
 * {@code minChange}: the interval covers what varies inside the compared files (JVM to JVM,
 * iteration to iteration), not what drifts between two runs made at different times, which an
 * A/A comparison of this machine puts near 10%; the two are independent and add in quadrature.
 * Every row carries that widened half-width as its noise floor: a smaller change cannot be told
 * from none.
 */
public final class Comparison {
    public static final double DEFAULT_ALPHA = 0.05;
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /**
     * The drift between two runs of the same code, in percent, added to every row's interval:
     * two back-to-back runs of the default profile on a 2-core machine differed by 10%
     * root-mean-square per row, 9% beyond the noise inside the files, and no interval computed
     * inside one file can show that. 12% is the smallest allowance at which that A/A pair has
     * at most one row in ten called a change (README, "Can two runs of the same code agree?").
     */
    public static final double DEFAULT_MIN_CHANGE = 12;

    /** A compared file and the name its column has. */
    public record Source(String label, Path path) {}

    /** What a change against the base amounts to. */
    public enum Verdict {
        /** Significant (outside the interval widened by min-change) and in the better direction. */
        BETTER,
        /** Significant and in the worse direction. */
        WORSE,
        /** Significant, but the metric has no better direction (or the means are equal). */
        CHANGED,
        /** Not significant: shown as {@code ~} with the row's noise floor. */
        NO_DIFFERENCE,
        /** A side has no samples. */
        NOT_COMPARED
    }

    /**
     * One file's value in a row: its samples in the table's unit and their mean with CI,
     * or, when {@code missing} is set, why the file has none.
     */
    public record Cell(Samples samples, ForkStatistics.Interval ci, String missing) {
        static Cell absent(String why) {
            return new Cell(null, null, why);
        }

        /** Whether the measured iterations hold one level (warm-up over, no mid-fork step). */
        public Stationarity.Result steadiness() {
            return Stationarity.check(present() ? samples.iterationForks() : List.of());
        }

        public boolean present() {
            return missing == null;
        }

        /** The mean of the forks' means (of the iterations with one fork). */
        public double center() {
            return present() ? ci.estimate() : Double.NaN;
        }

        /** Independent units: forks, or iterations of a single fork. */
        public int n() {
            return present() ? samples.n() : 0;
        }
    }

    /**
     * A file against the base in one row.
     *
     * @param changePercent the change of the mean, (new - base) / |base| · 100; ±∞ from a base of 0
     * @param pValue two-sided p-value of no change (Welch's t on the forks' means); NaN when a side has too few samples
     * @param noiseFloorPercent the smallest change this row could call: the half-width of the
     *     ratio's interval with min-change added in quadrature; ∞ when there is no interval
     * @param note a caveat, e.g. one fork only, or a change inside min-change; null if none
     */
    public record Delta(double changePercent, double pValue, double noiseFloorPercent, int baseN, int n,
            boolean significant, Verdict verdict, String note) {}

    /**
     * One benchmark × parameter set.
     *
     * @param benchmark the full JMH name
     * @param name the name shown: without the package prefix all compared benchmarks share
     * @param params the parameters as JMH lists them, "k=v,k=v" ("" when none)
     * @param cells one per file, in the order of the files
     * @param deltas one per file after the base (index 0 is the second file); null where a side is missing
     */
    public record Row(String benchmark, String name, String params, String mode, List<Cell> cells, List<Delta> deltas) {
        public Delta delta(int file) {
            return deltas.get(file - 1);
        }

        public boolean missingSomewhere() {
            return cells.stream().anyMatch(c -> !c.present());
        }

        public String label() {
            return params.isEmpty() ? name : name + " " + params;
        }
    }

    /**
     * The geometric means of a table.
     *
     * @param means per file: the geometric mean of the means over the rows every file has
     *     with a mean above 0 ({@code rowsInAll}); NaN when there are none
     * @param changePercents per file after the base: the geometric mean of the ratios of the
     *     means to the base's, over the rows both have with means above 0, as a change in percent
     * @param rowsCompared per file after the base: how many rows that ratio covers
     */
    public record Geomean(List<Double> means, List<Double> changePercents, List<Integer> rowsCompared, int rowsInAll) {}

    /**
     * The rows of one metric in one unit.
     *
     * @param primary the benchmarks' scores (else a secondary metric)
     * @param metric "score" for primary tables, else the secondary metric's name without {@code ·}
     * @param mode the JMH mode of a primary table ("" for secondary ones)
     */
    public record Table(boolean primary, String metric, String mode, String unit, Direction direction, List<Row> rows,
            Geomean geomean) {
        public String title() {
            String what = primary ? "score (" + (mode.isEmpty() ? "unknown mode" : mode) + ")" : metric;
            return what + ", " + (unit.isEmpty() ? "no unit" : unit) + ", " + direction.description();
        }

        /** Every value in every file is 0, e.g. {@code api.429} in a run without throttling. */
        public boolean allZero() {
            return rows.stream().allMatch(r -> r.cells().stream()
                    .allMatch(c -> !c.present() || c.samples().allZero()))
                    && rows.stream().anyMatch(r -> r.cells().stream().anyMatch(Cell::present));
        }
    }

    /** A significant change for the worse in a primary score. */
    public record Regression(Table table, Row row, Source file, Delta delta) {
        public String describe() {
            return String.format(Locale.ROOT, "%s: %s %+.2f%% in %s (noise floor ±%.1f%%, p=%.4f, n=%d+%d)",
                    row.label(), table.mode(), delta.changePercent(), file.label(), delta.noiseFloorPercent(),
                    delta.pValue(), delta.baseN(), delta.n());
        }
    }

    private final List<Source> sources;
    private final double alpha;
    private final double confidence;
    private final double minChange;
    private final List<Table> tables;

    private Comparison(List<Source> sources, double alpha, double confidence, double minChange, List<Table> tables) {
        this.sources = List.copyOf(sources);
        this.alpha = alpha;
        this.confidence = confidence;
        this.minChange = minChange;
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
     * @param minChange the drift between runs in percent (a 95% range), added to every interval
     * @throws ResultFileException when a file is missing or not JMH JSON
     */
    public static Comparison of(List<Path> files, List<String> labels, double alpha, double confidence,
            double minChange) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no result files to compare");
        }
        if (labels != null && labels.size() != files.size()) {
            throw new IllegalArgumentException(labels.size() + " labels for " + files.size() + " files");
        }
        checkAlpha(alpha);
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("the confidence level must be between 0 and 1, not " + confidence);
        }
        if (!(minChange >= 0 && minChange < 100)) {
            throw new IllegalArgumentException("--min-change must be a percentage from 0 to under 100, not " + minChange);
        }
        List<ResultSet> sets = files.stream().map(ResultSet::read).toList();
        return compare(sets, labels == null ? labels(files) : labels, alpha, confidence, minChange);
    }

    static void checkAlpha(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha must be between 0 and 1 (e.g. 0.05), not " + alpha);
        }
    }

    /** The statistics' settings, handed down to each row. */
    private record Settings(double alpha, double confidence, double minChange) {}

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

    static Comparison compare(List<ResultSet> sets, List<String> labels, double alpha, double confidence,
            double minChange) {
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            sources.add(new Source(labels.get(i), sets.get(i).file()));
        }
        List<RowSpec> specs = rowSpecs(sets);
        Settings settings = new Settings(alpha, confidence, minChange);
        List<Table> tables = new ArrayList<>();
        tables.addAll(primaryTables(specs, settings));
        tables.addAll(secondaryTables(specs, settings));
        return new Comparison(sources, alpha, confidence, minChange, tables);
    }

    /** A benchmark × parameter set and its result in each file (null where a file lacks it). */
    private record RowSpec(String benchmark, String name, String params, String mode, List<ResultSet.Result> results) {
        ResultSet.Result first() {
            return results.stream().filter(r -> r != null).findFirst().orElseThrow();
        }
    }

    /**
     * Rows in the order they first appear, the base's first. A row is matched across files by
     * benchmark, mode, parameters (in any order) and thread count; a repeat of the same row
     * within one file (a benchmark run twice) becomes a row of its own.
     */
    private static List<RowSpec> rowSpecs(List<ResultSet> sets) {
        Map<String, ResultSet.Result[]> byKey = new LinkedHashMap<>();
        Map<String, Set<Integer>> threadCounts = new HashMap<>();
        for (int f = 0; f < sets.size(); f++) {
            Map<String, Integer> occurrences = new HashMap<>();
            for (ResultSet.Result r : sets.get(f).results()) {
                String base = r.benchmark() + '\u0000' + r.mode() + '\u0000' + new TreeMap<>(r.params());
                int occurrence = occurrences.merge(base + '\u0000' + r.threads(), 1, Integer::sum);
                String key = base + '\u0000' + r.threads() + '\u0000' + occurrence;
                byKey.computeIfAbsent(key, k -> new ResultSet.Result[sets.size()])[f] = r;
                threadCounts.computeIfAbsent(base, k -> new HashSet<>()).add(r.threads());
            }
        }
        Map<String, String> names = displayNames(byKey.values().stream().map(rs -> first(rs).benchmark()).toList());
        List<RowSpec> specs = new ArrayList<>();
        Map<String, Integer> repeats = new HashMap<>();
        for (ResultSet.Result[] results : byKey.values()) {
            ResultSet.Result r = first(results);
            StringBuilder params = new StringBuilder();
            r.params().forEach((k, v) -> params.append(params.length() == 0 ? "" : ",").append(k).append('=').append(v));
            String base = r.benchmark() + '\u0000' + r.mode() + '\u0000' + new TreeMap<>(r.params());
            if (threadCounts.get(base).size() > 1) {
                params.append(params.length() == 0 ? "" : ",").append("threads=").append(r.threads());
            }
            int repeat = repeats.merge(base + '\u0000' + r.threads(), 1, Integer::sum);
            if (repeat > 1) {
                params.append(params.length() == 0 ? "" : " ").append("(run ").append(repeat).append(')');
            }
            specs.add(new RowSpec(r.benchmark(), names.get(r.benchmark()), params.toString(), r.mode(),
                    Arrays.asList(results)));
        }
        return specs;
    }

    private static ResultSet.Result first(ResultSet.Result[] results) {
        return Arrays.stream(results).filter(r -> r != null).findFirst().orElseThrow();
    }

    /** Names without the package all benchmarks share; at least Class.method stays. */
    static Map<String, String> displayNames(List<String> benchmarks) {
        Map<String, String> names = new HashMap<>();
        if (benchmarks.isEmpty()) {
            return names;
        }
        List<String[]> split = benchmarks.stream().map(b -> b.split("\\.")).toList();
        int common = split.get(0).length;
        int shortest = Integer.MAX_VALUE;
        for (String[] s : split) {
            shortest = Math.min(shortest, s.length);
            int i = 0;
            while (i < Math.min(common, s.length) && s[i].equals(split.get(0)[i])) {
                i++;
            }
            common = i;
        }
        int strip = Math.max(0, Math.min(common, shortest - 2));
        for (int i = 0; i < benchmarks.size(); i++) {
            String[] s = split.get(i);
            names.put(benchmarks.get(i), String.join(".", Arrays.copyOfRange(s, strip, s.length)));
        }
        return names;
    }

    private static List<Table> primaryTables(List<RowSpec> specs, Settings settings) {
        Map<String, List<RowSpec>> groups = new LinkedHashMap<>();
        for (RowSpec spec : specs) {
            ResultSet.Result r = spec.first();
            groups.computeIfAbsent(r.mode() + '\u0000' + r.primary().unit(), k -> new ArrayList<>()).add(spec);
        }
        List<Table> tables = new ArrayList<>();
        for (List<RowSpec> group : groups.values()) {
            ResultSet.Result first = group.get(0).first();
            String unit = first.primary().unit();
            Direction direction = Direction.ofPrimary(first.mode(), unit);
            List<Row> rows = new ArrayList<>();
            for (RowSpec spec : group) {
                List<Cell> cells = new ArrayList<>();
                for (ResultSet.Result r : spec.results()) {
                    cells.add(r == null ? Cell.absent("missing")
                            : cell(r.primary(), unit, settings.confidence()));
                }
                rows.add(row(spec, cells, direction, settings));
            }
            tables.add(table(true, "score", first.mode(), unit, direction, rows));
        }
        return tables;
    }

    private static List<Table> secondaryTables(List<RowSpec> specs, Settings settings) {
        // Table per metric name and unit, in the order the metrics first appear.
        Map<String, List<RowSpec>> groups = new LinkedHashMap<>();
        Map<String, String[]> nameAndUnit = new HashMap<>();
        for (RowSpec spec : specs) {
            Map<String, String> unitOfMetric = new LinkedHashMap<>();
            for (ResultSet.Result r : spec.results()) {
                if (r != null) {
                    r.secondary().forEach((name, m) -> unitOfMetric.putIfAbsent(name, m.unit()));
                }
            }
            unitOfMetric.forEach((name, unit) -> {
                String key = name + '\u0000' + unit;
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(spec);
                nameAndUnit.put(key, new String[] {name, unit});
            });
        }
        List<Table> tables = new ArrayList<>();
        groups.forEach((key, group) -> {
            String name = nameAndUnit.get(key)[0];
            String unit = nameAndUnit.get(key)[1];
            Direction direction = Direction.ofSecondary(name, unit);
            List<Row> rows = new ArrayList<>();
            for (RowSpec spec : group) {
                List<Cell> cells = new ArrayList<>();
                for (ResultSet.Result r : spec.results()) {
                    ResultSet.Metric m = r == null ? null : r.secondary().get(name);
                    cells.add(r == null ? Cell.absent("missing")
                            : m == null ? Cell.absent("not recorded")
                            : cell(m, unit, settings.confidence()));
                }
                rows.add(row(spec, cells, direction, settings));
            }
            tables.add(table(false, name, "", unit, direction, rows));
        });
        return tables;
    }

    private static Cell cell(ResultSet.Metric metric, String unit, double confidence) {
        double factor = Units.factor(metric.unit(), unit);
        if (Double.isNaN(factor)) {
            return Cell.absent("in " + (metric.unit().isEmpty() ? "no unit" : metric.unit()));
        }
        Samples samples = factor == 1 ? metric.samples() : metric.samples().scaled(factor);
        return new Cell(samples, ForkStatistics.mean(samples.values(), confidence), null);
    }

    private static Row row(RowSpec spec, List<Cell> cells, Direction direction, Settings settings) {
        List<Delta> deltas = new ArrayList<>();
        for (int f = 1; f < cells.size(); f++) {
            deltas.add(delta(cells.get(0), cells.get(f), direction, settings));
        }
        return new Row(spec.benchmark(), spec.name(), spec.params(), spec.mode(), List.copyOf(cells),
                Collections.unmodifiableList(deltas));
    }

    static Delta delta(Cell base, Cell other, Direction direction, Settings settings) {
        if (!base.present() || !other.present()) {
            return null;
        }
        int n1 = base.n();
        int n2 = other.n();
        if (n1 == 0 || n2 == 0) {
            return new Delta(changePercent(base.center(), other.center()), Double.NaN, Double.POSITIVE_INFINITY, n1,
                    n2, false, Verdict.NOT_COMPARED, "no samples (n=" + n1 + "+" + n2 + ")");
        }
        ForkStatistics.Ratio ratio = ForkStatistics.ratio(base.samples().values(), other.samples().values(),
                1 - settings.alpha());
        double change = changePercent(base.center(), other.center());
        double floor = ratio.noiseFloorPercent(settings.minChange());
        boolean significant = ratio.beyondNoise(settings.minChange());
        String note = null;
        if (!ratio.bounded()) {
            note = n1 < 2 || n2 < 2 ? "one sample on a side (n=" + n1 + "+" + n2 + "): no interval, no verdict"
                    : "the base is 0: no ratio";
        } else if (ratio.excludesNoChange() && !significant) {
            note = "beyond the noise inside the files, but not beyond the drift between runs (--min-change "
                    + plain(settings.minChange()) + "%)";
        } else if (base.samples().forkCount() == 1 || other.samples().forkCount() == 1) {
            note = "one fork: the interval holds iteration noise only, not the variation between JVMs";
        }
        Verdict verdict;
        if (!significant) {
            verdict = Verdict.NO_DIFFERENCE;
        } else if (direction == Direction.UNKNOWN || change == 0 || Double.isNaN(change)) {
            verdict = Verdict.CHANGED;
        } else {
            boolean up = change > 0;
            verdict = up == (direction == Direction.HIGHER_IS_BETTER) ? Verdict.BETTER : Verdict.WORSE;
        }
        return new Delta(change, ratio.pValue(), floor, n1, n2, significant, verdict, note);
    }

    /** (new - base) / |base| in percent; 0 → 0 is no change, 0 → x is ±∞. */
    static double changePercent(double base, double value) {
        if (Double.isNaN(base) || Double.isNaN(value)) {
            return Double.NaN;
        }
        if (base == 0) {
            return value == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, value);
        }
        return (value - base) / Math.abs(base) * 100;
    }

    private static Table table(boolean primary, String metric, String mode, String unit, Direction direction,
            List<Row> rows) {
        return new Table(primary, metric, mode, unit, direction, List.copyOf(rows), geomean(rows));
    }

    static Geomean geomean(List<Row> rows) {
        int files = rows.isEmpty() ? 0 : rows.get(0).cells().size();
        List<Double> means = new ArrayList<>();
        List<Row> inAll = rows.stream().filter(r -> r.cells().stream().allMatch(Comparison::positive)).toList();
        for (int f = 0; f < files; f++) {
            int file = f;
            means.add(inAll.isEmpty() ? Double.NaN
                    : Math.exp(inAll.stream().mapToDouble(r -> Math.log(r.cells().get(file).center())).average()
                            .orElse(Double.NaN)));
        }
        List<Double> changes = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int f = 1; f < files; f++) {
            int file = f;
            double[] logRatios = rows.stream()
                    .filter(r -> positive(r.cells().get(0)) && positive(r.cells().get(file)))
                    .mapToDouble(r -> Math.log(r.cells().get(file).center() / r.cells().get(0).center())).toArray();
            counts.add(logRatios.length);
            changes.add(logRatios.length == 0 ? Double.NaN
                    : (Math.exp(Arrays.stream(logRatios).average().orElse(Double.NaN)) - 1) * 100);
        }
        return new Geomean(List.copyOf(means), List.copyOf(changes), List.copyOf(counts), inAll.size());
    }

    private static boolean positive(Cell c) {
        return c.present() && c.center() > 0 && Double.isFinite(c.center());
    }

    static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
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
     * primary score by more than {@code percent}: the change of the mean, in percent of the base's.
     */
    public List<Regression> regressionsBeyond(double percent) {
        if (!(percent >= 0) || Double.isInfinite(percent)) {
            throw new IllegalArgumentException("--threshold must be a percentage of 0 or more, not " + percent);
        }
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
