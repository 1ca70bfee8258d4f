package dev.informerbench.comparison;

import static dev.informerbench.comparison.ReportNumbers.number;
import static dev.informerbench.comparison.ReportNumbers.percent;
import static dev.informerbench.comparison.ReportNumbers.percentWidth;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a comparison with a planted slowdown ({@code --plant}) saw of it: for each planted row,
 * the last file's change against the base with its verdict and noise, beside the effect the
 * plant should have had, measured apart in the same run ({@code PlantBenchmark}, the planted
 * work alone, over the base's score of the row). The proof of power rests on that measured
 * effect, not on the calibration.
 */
public final class PlantCheck {
    /** A planted row and the row of PlantBenchmark that measures its plant alone. */
    private record Planted(String benchmark, String params, String plantRow, boolean throughput) {}

    private static final List<Planted> PLANTED = List.of(
            new Planted("ListerGetBenchmark.lister_t1", "objects=1000", "PlantBenchmark.listerRead", false),
            new Planted("DirectGetBenchmark.unthrottled", "objects=1000", "PlantBenchmark.get", true));

    private PlantCheck() {}

    /** A line per planted row found in {@code c}: seen or not, with the measured plant; empty when none is there. */
    public static List<String> lines(Comparison c) {
        List<String> lines = new ArrayList<>();
        int last = c.sources().size() - 1;
        for (Planted p : PLANTED) {
            Optional<Row> row = find(c, p.benchmark(), p.params());
            Optional<Row> plant = find(c, p.plantRow(), null);
            if (row.isEmpty() || last < 1 || row.get().delta(last) == null) {
                continue;
            }
            Delta d = row.get().delta(last);
            StringBuilder line = new StringBuilder(p.benchmark()).append(' ').append(p.params()).append(": ")
                    .append(percent(d.changePercent())).append(' ')
                    .append(switch (d.verdict()) {
                        case WORSE -> "worse";
                        case BETTER -> "better";
                        case CHANGED -> "changed";
                        default -> "~";
                    })
                    .append(" (noise ±").append(percentWidth(d.noiseFloorPercent())).append(")");
            double baseCost = row.get().cells().get(0).center();
            if (plant.isPresent() && plant.get().cells().get(0).present() && baseCost > 0) {
                double plantCost = plant.get().cells().get(0).center();
                // the plant row is in ns (lister) or µs (GET); the GET's base is a rate in ops/s
                double effect = p.throughput() ? plantCost / (1e6 / baseCost) : plantCost / baseCost;
                line.append("; the plant alone measured ").append(number(plantCost))
                        .append(p.throughput() ? " µs" : " ns").append(" = ").append(percent(100 * effect))
                        .append(" of the base's ").append(p.throughput() ? "time per GET" : "score");
            }
            lines.add(line.toString());
        }
        return lines;
    }

    private static Optional<Row> find(Comparison c, String name, String params) {
        return c.primaryTables().stream().flatMap(t -> t.rows().stream())
                .filter(r -> r.name().endsWith(name)
                        && (params == null || List.of(r.params().split(",")).contains(params))).findFirst();
    }
}
