package dev.informerbench.comparison;

import static dev.informerbench.comparison.ReportNumbers.number;
import static dev.informerbench.comparison.ReportNumbers.percent;
import static dev.informerbench.comparison.ReportNumbers.percentWidth;
import static dev.informerbench.comparison.ReportNumbers.plain;

import dev.informerbench.text.TextTable;
import dev.informerbench.statistics.ForkStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare --history} as text or Markdown: per client, each score row's mean ± interval per
 * version in the order given, and between two versions the step (the later against the earlier:
 * its change, {@code ~} or better/worse, and its noise floor); then the steps beyond the noise,
 * one line each, and how the A/A steps (a version against itself) came out.
 */
public final class HistoryReport {
    private HistoryReport() {}

    public static String render(List<History> histories, boolean markdown) {
        StringBuilder out = new StringBuilder();
        for (History h : histories) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            history(out, h, markdown);
        }
        return out.toString();
    }

    private static void history(StringBuilder out, History h, boolean markdown) {
        Comparison c = h.comparison();
        out.append(markdown ? "### " : "== ").append(h.client()).append(": ")
                .append(String.join(" → ", h.versions().stream().map(v -> version(h, v.label())).toList()))
                .append(markdown ? "\n\n" : "\n");
        for (Source v : h.versions()) {
            out.append(markdown ? "- `" + v.label() + "`: `" + v.path() + "`\n"
                    : "  " + v.label() + ": " + v.path() + "\n");
        }
        out.append(markdown ? "\n" : "").append("Cells: mean of the forks' means ± ")
                .append(plain(c.confidence() * 100))
                .append("% t-interval. step: this version against the one before it, as compare has it (change, ~ "
                        + "or better/worse, ± the noise floor with --min-change ").append(plain(c.minChange()))
                .append("%). Scores only; `compare` gives every measure.\n");
        for (Table table : c.primaryTables()) {
            out.append('\n').append(markdown ? "#### " + table.title() + "\n\n" : table.title() + "\n");
            List<String> header = new ArrayList<>(List.of("benchmark", "params"));
            for (int v = 0; v < h.versions().size(); v++) {
                if (v > 0) {
                    header.add("step");
                }
                header.add(version(h, h.versions().get(v).label()));
            }
            TextTable text = new TextTable(header.toArray(String[]::new));
            for (Row row : table.rows()) {
                List<String> cells = new ArrayList<>(List.of(row.name(), row.params().isEmpty() ? "-" : row.params()));
                for (int v = 0; v < h.versions().size(); v++) {
                    if (v > 0) {
                        cells.add(step(h.step(table, row, v)));
                    }
                    cells.add(cell(row.cells().get(v)));
                }
                text.row(cells.toArray(String[]::new));
            }
            out.append(markdown ? text.markdown(2) : text.aligned());
        }
        changes(out, h, markdown);
    }

    private static void changes(StringBuilder out, History h, boolean markdown) {
        List<History.Change> changes = h.changes();
        out.append('\n').append(markdown ? "**Steps beyond the noise**" : "Steps beyond the noise")
                .append(changes.isEmpty() ? ": none\n" : ":\n");
        for (History.Change ch : changes) {
            Delta d = ch.delta();
            out.append(markdown ? "- " : "  ").append(version(h, ch.from())).append(" → ")
                    .append(version(h, ch.into()))
                    .append(h.repeat(ch.to()) ? " (A/A)" : "").append("  ").append(ch.row().label()).append(": ")
                    .append(step(d)).append(d.pValue() < 0.001 ? ", p<0.001" : String.format(Locale.ROOT, ", p=%.3f",
                            d.pValue())).append(" n=").append(d.baseN()).append('+').append(d.n()).append('\n');
        }
        for (int to = 1; to < h.versions().size(); to++) {
            if (!h.repeat(to)) {
                continue;
            }
            int rows = 0;
            int called = 0;
            for (Table table : h.comparison().primaryTables()) {
                for (Row row : table.rows()) {
                    Delta d = h.step(table, row, to);
                    if (d != null && d.verdict() != Verdict.NOT_COMPARED) {
                        rows++;
                        called += d.verdict() == Verdict.NO_DIFFERENCE ? 0 : 1;
                    }
                }
            }
            out.append(markdown ? "\n" : "").append("A/A step ").append(version(h, h.versions().get(to - 1).label()))
                    .append(" → ").append(version(h, h.versions().get(to).label())).append(": ").append(called)
                    .append(" of ").append(rows).append(" score rows called").append(called == 0 ? " (clean)\n" : "\n");
        }
    }

    /** The version without the client's name: the heading names it once. */
    public static String version(History h, String label) {
        return label.startsWith(h.client() + " ") ? label.substring(h.client().length() + 1) : label;
    }

    private static String cell(Cell cell) {
        if (!cell.present()) {
            return cell.missing();
        }
        ForkStatistics.Interval ci = cell.ci();
        if (cell.n() == 0 || !ci.bounded()) {
            return cell.n() == 0 ? "NaN" : number(ci.estimate()) + " ± ∞";
        }
        double half = ci.halfWidthPercent();
        return number(ci.estimate()) + " ± " + (Double.isInfinite(half) ? number(ci.halfWidth()) : percentWidth(half));
    }

    /** "+3.10% ~ ±8%", "-12.00% better ±8%"; "-" where a side lacks the row. */
    public static String step(Delta d) {
        if (d == null || d.verdict() == Verdict.NOT_COMPARED) {
            return "-";
        }
        String verdict = switch (d.verdict()) {
            case BETTER -> "better";
            case WORSE -> "worse";
            case CHANGED -> "changed";
            default -> "~";
        };
        String noise = Double.isInfinite(d.noiseFloorPercent()) ? "±∞" : "±" + percentWidth(d.noiseFloorPercent());
        return percent(d.changePercent()) + " " + verdict + " " + noise;
    }
}
