package dev.informerbench.runner;

import dev.informerbench.results.JmhJson;
import dev.informerbench.results.RowKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The forks an adaptive interleaved run has measured so far, row by row: each row (a benchmark at
 * one combination of its params, matched across the contenders as compare matches them:
 * {@link RowKey#acrossFiles}) with its family, and per contender its pilot's and its
 * measurement's forks, each fork its measured iterations. Read from each one-fork part as its
 * process ends.
 */
final class RowSamples {
    /** One row: its family, mode and score unit, and each contender's forks by phase. */
    static final class Row {
        final RowKey key;
        final String family;
        final String mode;
        final String unit;
        final List<List<double[]>> pilot = new ArrayList<>();
        final List<List<double[]>> measured = new ArrayList<>();
        /** What one fork of this row took, in seconds: its process's time over the rows it ran. */
        final List<Double> forkSeconds = new ArrayList<>();
        double meanScore;

        Row(RowKey key, String family, String mode, String unit, int contenders) {
            this.key = key;
            this.family = family;
            this.mode = mode;
            this.unit = unit;
            for (int i = 0; i < contenders; i++) {
                pilot.add(new ArrayList<>());
                measured.add(new ArrayList<>());
            }
        }

        /** "ListerGet.lister_t1 objects=1000": as the summary names rows. */
        String label() {
            StringBuilder params = new StringBuilder();
            key.params().forEach((k, v) -> params.append(params.length() == 0 ? " " : ",").append(k).append('=')
                    .append(v));
            return JmhJson.shortName(key.benchmark()) + params;
        }

        double meanForkSeconds() {
            return forkSeconds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        }
    }

    private final int contenders;
    private final Map<RowKey, Row> rows = new LinkedHashMap<>();

    RowSamples(int contenders) {
        this.contenders = contenders;
    }

    /**
     * Adds the forks of one process of {@code contender}: its family's rows in {@code json}, into
     * the pilot or the measurement; {@code seconds}: how long the process took.
     */
    void add(int contender, String family, Path json, boolean pilot, double seconds) {
        List<JmhJson.Entry> entries = JmhJson.read(json);
        for (JmhJson.Entry e : entries) {
            RowKey key = RowKey.acrossFiles(e);
            Row row = rows.computeIfAbsent(key, k -> new Row(k, family, e.mode(), e.primary().unit(), contenders));
            List<double[]> forks = e.primary().samples().iterationForks();
            (pilot ? row.pilot : row.measured).get(contender).addAll(forks);
            row.forkSeconds.add(seconds / entries.size());
            int n = row.pilot.get(contender).size() + row.measured.get(contender).size();
            row.meanScore += (e.primary().score() - row.meanScore) / Math.max(1, n);
        }
    }

    List<Row> rows() {
        return List.copyOf(rows.values());
    }

    List<Row> of(String family) {
        return rows.values().stream().filter(r -> r.family.equals(family)).toList();
    }

    /**
     * What a process of {@code family} should run to measure {@code continuing} (some of its rows):
     * their benchmarks, and the values of each param where they need fewer than the family's rows
     * have (the smallest product of benchmarks and values that holds them: it may hold a row
     * that has stopped, whose forks are then left out of the result).
     */
    Narrowing narrowing(String family, List<Row> continuing) {
        Set<String> benchmarks = new LinkedHashSet<>();
        Map<String, Set<String>> needed = new TreeMap<>();
        continuing.forEach(r -> {
            benchmarks.add(r.key.benchmark());
            r.key.params().forEach((k, v) -> needed.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        });
        Map<String, Set<String>> all = new TreeMap<>();
        of(family).forEach(r -> r.key.params().forEach((k, v) -> all.computeIfAbsent(k, x -> new LinkedHashSet<>())
                .add(v)));
        Map<String, List<String>> params = new TreeMap<>();
        needed.forEach((k, values) -> {
            if (values.size() < all.get(k).size()) {
                params.put(k, List.copyOf(values));
            }
        });
        return new Narrowing(List.copyOf(benchmarks), params);
    }

    /** The benchmarks (full names) and the params (only those narrowed) of a process. */
    record Narrowing(List<String> benchmarks, Map<String, List<String>> params) {}
}
