package dev.informerbench.comparison;

import static dev.informerbench.comparison.ReportNumbers.number;
import static dev.informerbench.comparison.ReportNumbers.percent;
import static dev.informerbench.comparison.ReportNumbers.percentWidth;

import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Stationarity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cells of one table of a text or Markdown report: benchmark and parameters | per file,
 * mean ± CI | per file after the base, the change against the base, its noise floor and the
 * p-value, {@code ~} where the difference is not significant. Caveats become numbered
 * footnotes of the table.
 */
final class ReportLines {
    private static final String[] SUPERSCRIPTS = {"¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};

    private final int files;
    private final Map<String, Integer> footnotes = new LinkedHashMap<>();

    ReportLines(int files) {
        this.files = files;
    }

    static String[] header(List<String> columns) {
        List<String> h = new ArrayList<>(List.of("benchmark", "params"));
        for (int f = 0; f < columns.size(); f++) {
            h.add(columns.get(f));
            if (f > 0) {
                h.add("vs base");
                h.add("noise");
                h.add("detects");
                h.add("p");
            }
        }
        return h.toArray(String[]::new);
    }

    String[] row(Row row, boolean primary) {
        List<String> l = new ArrayList<>(List.of(row.name(), row.params().isEmpty() ? "-" : row.params()));
        for (int f = 0; f < files; f++) {
            l.add(cell(row.cells().get(f), primary));
            if (f > 0) {
                Delta d = row.delta(f);
                l.add(d == null ? "-" : change(d));
                l.add(d == null ? "-" : noise(d));
                l.add(d == null ? "-" : detectable(d));
                l.add(d == null ? "-" : significance(d));
            }
        }
        return l.toArray(String[]::new);
    }

    /** Mean ± interval; a score whose measured iterations trend or step gets a footnote saying so. */
    private String cell(Cell cell, boolean primary) {
        if (!cell.present()) {
            return cell.missing();
        }
        if (cell.n() == 0) {
            return "NaN" + mark("no finite score");
        }
        ForkStatistics.Interval ci = cell.ci();
        // Scores only: secondary metrics (request counts, heap) are not meant to be steady per iteration.
        Stationarity.Result steadiness = primary ? cell.steadiness() : null;
        String unsteady = steadiness != null && steadiness.flagged()
                ? mark("unsteady: " + steadiness.description()) : "";
        if (!ci.bounded()) {
            return number(ci.estimate()) + " ± ∞" + mark("need >= 2 samples for a confidence interval") + unsteady;
        }
        double half = ci.halfWidthPercent();
        if (Double.isInfinite(half)) {
            return number(ci.estimate()) + " ± " + number(ci.halfWidth()) + unsteady;
        }
        return number(ci.estimate()) + " ± " + percentWidth(half) + unsteady;
    }

    private static String change(Delta d) {
        String change = percent(d.changePercent());
        return switch (d.verdict()) {
            case BETTER -> change + " better";
            case WORSE -> change + " worse";
            default -> change;
        };
    }

    /** The noise floor: "±4.2%", "±∞" where there is no interval. */
    private static String noise(Delta d) {
        if (d.verdict() == Verdict.NOT_COMPARED) {
            return "-";
        }
        return Double.isInfinite(d.noiseFloorPercent()) ? "±∞" : "±" + percentWidth(d.noiseFloorPercent());
    }

    /** The smallest change called with 80% power: "9.8%", "∞" where there is no interval. */
    private static String detectable(Delta d) {
        if (d.verdict() == Verdict.NOT_COMPARED) {
            return "-";
        }
        return Double.isInfinite(d.detectablePercent()) ? "∞" : percentWidth(d.detectablePercent());
    }

    private String significance(Delta d) {
        if (d.verdict() == Verdict.NOT_COMPARED) {
            return "no samples";
        }
        String p = Double.isNaN(d.pValue()) ? String.format(Locale.ROOT, "n=%d+%d", d.baseN(), d.n())
                : String.format(Locale.ROOT, "p=%.3f n=%d+%d", d.pValue(), d.baseN(), d.n());
        if (d.pValue() < 0.001) {
            p = String.format(Locale.ROOT, "p<0.001 n=%d+%d", d.baseN(), d.n());
        }
        return (d.significant() ? "" : "~ ") + p + (d.note() == null ? "" : mark(d.note()));
    }

    String[] geomean(Table table) {
        Geomean g = table.geomean();
        List<String> l = new ArrayList<>(List.of("geomean", ""));
        String allNote = g.rowsInAll() < table.rows().size() && g.rowsInAll() > 0
                ? mark("geomean of the means over the " + g.rowsInAll() + " of " + table.rows().size()
                        + " rows every file has with a mean above 0")
                : "";
        for (int f = 0; f < files; f++) {
            double m = g.means().get(f);
            l.add(Double.isNaN(m) ? "-" : number(m) + allNote);
            if (f > 0) {
                double change = g.changePercents().get(f - 1);
                int compared = g.rowsCompared().get(f - 1);
                String note = compared < table.rows().size() && compared > 0
                        ? mark("change over the " + compared + " of " + table.rows().size()
                                + " rows both files have with a mean above 0")
                        : "";
                l.add(Double.isNaN(change) ? "-" : percent(change) + note);
                l.add("");
                l.add("");
                l.add("");
            }
        }
        return l.toArray(String[]::new);
    }

    /** The footnote mark of a note; the same text gets the same number. */
    private String mark(String note) {
        return symbol(footnotes.computeIfAbsent(note, k -> footnotes.size() + 1));
    }

    private static String symbol(int n) {
        return n <= SUPERSCRIPTS.length ? SUPERSCRIPTS[n - 1] : "[" + n + "]";
    }

    boolean hasFootnotes() {
        return !footnotes.isEmpty();
    }

    /** The footnotes below the table, a line each (a Markdown line break after each in Markdown). */
    void appendFootnotes(StringBuilder out, boolean markdown) {
        footnotes.forEach((note, n) -> out.append(symbol(n)).append(' ').append(note).append(markdown ? "  \n" : "\n"));
    }
}
