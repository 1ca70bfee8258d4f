package dev.informerbench.comparison;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The geometric means of a table.
 *
 * @param means per file: the geometric mean of the means over the rows every file has
 *     with a mean above 0 ({@code rowsInAll}); NaN when there are none
 * @param changePercents per file after the base: the geometric mean of the ratios of the
 *     means to the base's, over the rows both have with means above 0, as a change in percent
 * @param rowsCompared per file after the base: how many rows that ratio covers
 */
public record Geomean(List<Double> means, List<Double> changePercents, List<Integer> rowsCompared, int rowsInAll) {
    static Geomean of(List<Row> rows) {
        int files = rows.isEmpty() ? 0 : rows.get(0).cells().size();
        List<Double> means = new ArrayList<>();
        List<Row> inAll = rows.stream().filter(r -> r.cells().stream().allMatch(Geomean::positive)).toList();
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
}
