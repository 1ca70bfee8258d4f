package dev.informerbench.comparison;

import static dev.informerbench.comparison.ReportNumbers.number;
import static dev.informerbench.comparison.ReportNumbers.plain;

import dev.informerbench.text.TextTable;
import dev.informerbench.statistics.VarianceComponents;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./run-bench.sh noise}: for every score row of result files of the same code, where
 * its variance comes from ({@link VarianceComponents}: iterations, forks, files) and how many
 * forks per side an interleaved comparison of two contenders needs to hold its noise to
 * {@link #TARGET_PERCENT} and to call a change of that size with 80% power, at the row's
 * iterations per fork.
 */
public final class NoiseReport {
    /** The change the suite aims to see (issue: "see a 5% change"). */
    public static final double TARGET_PERCENT = 5;

    /** One row's components and what they imply. */
    public record Line(String name, String params, String unit, VarianceComponents components, int forksForNoise,
            int forksForPower) {}

    private NoiseReport() {}

    /** The score rows of {@code comparison} (its files taken as runs of one code), each split by level. */
    public static List<Line> lines(Comparison comparison) {
        List<Line> lines = new ArrayList<>();
        for (Table table : comparison.primaryTables()) {
            for (Row row : table.rows()) {
                List<List<double[]>> runs = row.cells().stream().filter(Cell::present)
                        .map(c -> c.samples().iterationForks()).filter(f -> !f.isEmpty()).toList();
                if (runs.isEmpty() || runs.stream().allMatch(r -> r.stream().allMatch(f -> f.length == 0))) {
                    continue;
                }
                VarianceComponents v = VarianceComponents.of(runs);
                if (v.mean() == 0 || !Double.isFinite(v.mean())) {
                    continue; // a count that is 0 everywhere has no spread to split
                }
                double iterations = Math.max(1, Math.round(v.iterations()));
                lines.add(new Line(row.name(), row.params(), table.unit(), v,
                        Double.isNaN(v.forkCv()) ? -1 : v.forksFor(TARGET_PERCENT, 0.5, 0.05, iterations),
                        Double.isNaN(v.forkCv()) ? -1 : v.forksFor(TARGET_PERCENT, 0.8, 0.05, iterations)));
            }
        }
        return lines;
    }

    /**
     * The score rows of {@code comparison} whose change against the base, in any file, could not
     * be called at {@link #TARGET_PERCENT} with 80% power, each with why: how much its forks and
     * iterations vary (over all the files) and the forks a side it would need. Empty when every
     * row reaches it.
     */
    public static List<String> shortfalls(Comparison comparison) {
        List<String> out = new ArrayList<>();
        List<Line> lines = lines(comparison);
        for (Table table : comparison.primaryTables()) {
            for (Row row : table.rows()) {
                double worst = 0;
                for (int f = 1; f < comparison.sources().size(); f++) {
                    Delta d = row.delta(f);
                    worst = d == null ? worst : Math.max(worst, d.detectablePercent());
                }
                if (worst <= TARGET_PERCENT) {
                    continue;
                }
                Line why = lines.stream().filter(l -> l.name().equals(row.name()) && l.params().equals(row.params()))
                        .findFirst().orElse(null);
                StringBuilder line = new StringBuilder(row.name())
                        .append(row.params().isEmpty() ? "" : " " + row.params()).append(": detects ")
                        .append(Double.isInfinite(worst) ? "∞" : ReportNumbers.percentWidth(worst));
                if (why != null) {
                    line.append(" (forks differ by ").append(cv(why.components().forkCv())).append(", iterations by ")
                            .append(cv(why.components().iterationCv())).append("; ").append(plain(TARGET_PERCENT))
                            .append("% needs ").append(forks(why.forksForPower())).append(" forks a side)");
                }
                out.add(line.toString());
            }
        }
        return out;
    }

    /** The lines as an aligned text table with a legend. */
    public static String render(Comparison comparison) {
        List<Line> lines = lines(comparison);
        StringBuilder out = new StringBuilder();
        out.append("Where each row's variance comes from, as % of its mean (Kalibera & Jones' levels): iterations: "
                + "the sd of iterations inside a fork; forks: the sd of fork means beyond their iterations' share; "
                + "files: the sd of the files' means beyond their forks' share, the drift between runs made apart in "
                + "time, or what tells apart the contenders of one interleaved A/A run (")
                .append(comparison.sources().size())
                .append(comparison.sources().size() == 1 ? " file: no such level" : " files")
                .append("). forks ±5%: forks per side for an interleaved comparison's noise to be ±5% at this many "
                        + "iterations per fork; 5% at 80%: to call a 5% change with 80% power. The file level is left "
                        + "out of both: interleaving puts drift on both sides.\n\n");
        TextTable table = new TextTable("benchmark", "params", "mean", "unit", "iterations", "forks", "files",
                "forks×iter", "forks ±5%", "5% at 80%");
        for (Line l : lines) {
            VarianceComponents v = l.components();
            table.row(l.name(), l.params().isEmpty() ? "-" : l.params(), number(v.mean()), l.unit(),
                    cv(v.iterationCv()), cv(v.forkCv()), cv(v.runCv()),
                    plain(round1(v.forks())) + "×" + plain(round1(v.iterations())), forks(l.forksForNoise()),
                    forks(l.forksForPower()));
        }
        out.append(table.aligned());
        return out.toString();
    }

    private static String cv(double percent) {
        return Double.isNaN(percent) ? "-" : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    private static String forks(int n) {
        return n < 0 ? "-" : n == Integer.MAX_VALUE ? ">1000" : Integer.toString(n);
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
