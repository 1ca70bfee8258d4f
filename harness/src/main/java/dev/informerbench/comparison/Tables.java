package dev.informerbench.comparison;

import dev.informerbench.metrics.Kind;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.RowKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * How the compared files' entries become tables: rows matched across files by their
 * {@link RowKey}, one table per primary metric mode and unit and one per secondary metric and
 * unit, in the order they first appear (the base's first). Rows that some files lack are
 * kept, their cells marked missing.
 */
record Tables(double alpha, double confidence, double minChange, boolean paired) {

    /** A row across the files: its name and parameters as shown, and its entry in each file (null where missing). */
    private record RowSpec(String name, String params, List<JmhJson.Entry> entries) {
        JmhJson.Entry first() {
            return Tables.first(entries);
        }
    }

    /** A row's key and which repeat of it within a file it is: a benchmark run twice gives two rows. */
    private record Occurrence(RowKey key, int repeat) {}

    /** What a table holds: a mode (scores) or a metric's name, in one unit. */
    private record Contents(String name, String unit) {}

    /** The tables of entries read from the files, the base's first. */
    List<Table> of(List<List<JmhJson.Entry>> files) {
        List<RowSpec> specs = rowSpecs(files);
        List<Table> tables = new ArrayList<>(scoreTables(specs));
        tables.addAll(secondaryTables(specs));
        return tables;
    }

    /**
     * Rows in the order they first appear. A row is matched across files by benchmark, mode,
     * parameters (in any order, without {@code client}: it says whose file it is) and thread count;
     * the thread count is shown where a row runs at several.
     */
    private static List<RowSpec> rowSpecs(List<List<JmhJson.Entry>> files) {
        Map<Occurrence, JmhJson.Entry[]> byOccurrence = new LinkedHashMap<>();
        Map<RowKey, Set<Integer>> threadCounts = new HashMap<>();
        for (int f = 0; f < files.size(); f++) {
            Map<RowKey, Integer> seen = new HashMap<>();
            for (JmhJson.Entry e : files.get(f)) {
                RowKey key = RowKey.acrossFiles(e);
                Occurrence at = new Occurrence(key, seen.merge(key, 1, Integer::sum));
                byOccurrence.computeIfAbsent(at, k -> new JmhJson.Entry[files.size()])[f] = e;
                threadCounts.computeIfAbsent(key.anyThreads(), k -> new HashSet<>()).add(e.threads());
            }
        }
        Map<String, String> names =
                displayNames(byOccurrence.keySet().stream().map(at -> at.key().benchmark()).toList());
        List<RowSpec> specs = new ArrayList<>();
        byOccurrence.forEach((at, entries) -> {
            List<JmhJson.Entry> inFiles = Arrays.asList(entries);
            boolean threadsVary = threadCounts.get(at.key().anyThreads()).size() > 1;
            specs.add(new RowSpec(names.get(at.key().benchmark()), params(first(inFiles), threadsVary, at.repeat()),
                    inFiles));
        });
        return specs;
    }

    private static JmhJson.Entry first(List<JmhJson.Entry> entries) {
        return entries.stream().filter(e -> e != null).findFirst().orElseThrow();
    }

    /**
     * "k=v,k=v" as the first file lists them (less the params that label a file: the column
     * header says whose it is), then the thread count where it varies, then "(run n)" for a repeat. */
    private static String params(JmhJson.Entry entry, boolean threadsVary, int repeat) {
        StringBuilder params = new StringBuilder();
        RowKey.withoutLabels(entry.params())
                .forEach((k, v) -> params.append(params.length() == 0 ? "" : ",").append(k).append('=').append(v));
        if (threadsVary) {
            params.append(params.length() == 0 ? "" : ",").append("threads=").append(entry.threads());
        }
        if (repeat > 1) {
            params.append(params.length() == 0 ? "" : " ").append("(run ").append(repeat).append(')');
        }
        return params.toString();
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

    private List<Table> scoreTables(List<RowSpec> specs) {
        Map<Contents, List<RowSpec>> groups = new LinkedHashMap<>();
        for (RowSpec spec : specs) {
            JmhJson.Entry first = spec.first();
            groups.computeIfAbsent(new Contents(first.mode(), first.primary().unit()), k -> new ArrayList<>())
                    .add(spec);
        }
        List<Table> tables = new ArrayList<>();
        groups.forEach((score, rows) -> tables.add(table(true, "score", score.name(), score.unit(),
                Direction.ofPrimary(score.name(), score.unit()), rows, JmhJson.Entry::primary)));
        return tables;
    }

    /**
     * One table per secondary metric, as the catalogue reads it ({@link SuiteMetric}): a request
     * total per operation ({@code api.get/op}), never as the total that grows with forks ×
     * iterations; {@code ops.*}, what those are per, left out.
     */
    private List<Table> secondaryTables(List<RowSpec> specs) {
        Map<Contents, List<RowSpec>> groups = new LinkedHashMap<>();
        Map<String, Function<JmhJson.Entry, JmhJson.Metric>> metricOf = new HashMap<>();
        for (RowSpec spec : specs) {
            Map<String, String> unitOfMetric = new LinkedHashMap<>();
            for (JmhJson.Entry e : spec.entries()) {
                if (e == null) {
                    continue;
                }
                e.secondary().forEach((name, m) -> {
                    Optional<SuiteMetric> known = SuiteMetric.of(name);
                    if (known.filter(k -> k.kind() == Kind.REQUESTS).isPresent()) {
                        String perOp = known.get().perOperationName();
                        unitOfMetric.putIfAbsent(perOp, SuiteMetric.PER_OPERATION_UNIT);
                        metricOf.putIfAbsent(perOp, entry -> entry.perOperation(known.get()));
                    } else if (known.filter(k -> k == SuiteMetric.OPS_ALL || k == SuiteMetric.OPS_MEASURED).isEmpty()) {
                        unitOfMetric.putIfAbsent(name, m.unit());
                        metricOf.putIfAbsent(name, entry -> entry.secondary().get(name));
                    }
                });
            }
            unitOfMetric.forEach((name, unit) -> groups.computeIfAbsent(new Contents(name, unit),
                    k -> new ArrayList<>()).add(spec));
        }
        List<Table> tables = new ArrayList<>();
        groups.forEach((metric, rows) -> tables.add(table(false, metric.name(), "", metric.unit(),
                Direction.ofSecondary(metric.name(), metric.unit()), rows, metricOf.get(metric.name()))));
        return tables;
    }

    private Table table(boolean primary, String metric, String mode, String unit, Direction direction,
            List<RowSpec> specs, Function<JmhJson.Entry, JmhJson.Metric> metricOf) {
        double resolution = primary ? 0 : SuiteMetric.of(metric).map(SuiteMetric::resolution).orElse(0.0);
        List<Row> rows = new ArrayList<>();
        for (RowSpec spec : specs) {
            List<Cell> cells = new ArrayList<>();
            for (JmhJson.Entry e : spec.entries()) {
                JmhJson.Metric m = e == null ? null : metricOf.apply(e);
                cells.add(e == null ? Cell.absent("missing") : m == null ? Cell.absent("not recorded")
                        : Cell.of(m, unit, confidence));
            }
            List<Delta> deltas = new ArrayList<>();
            for (int f = 1; f < cells.size(); f++) {
                deltas.add(Delta.of(cells.get(0), cells.get(f), direction, alpha, minChange, paired, resolution));
            }
            JmhJson.Entry first = spec.first();
            rows.add(new Row(first.benchmark(), spec.name(), spec.params(), first.mode(), List.copyOf(cells),
                    Collections.unmodifiableList(deltas)));
        }
        return new Table(primary, metric, mode, unit, direction, List.copyOf(rows), Geomean.of(rows));
    }
}
