package dev.informerbench.comparison;

import java.util.List;

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
