package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Delta;
import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import dev.informerbench.comparison.Verdict;
import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Stationarity;
import java.util.List;

/** One question (benchmark family): its charts, its scores with their flags, its API requests. */
final class FamilySection {
    private FamilySection() {}

    static void write(Html page, String family, List<Table> tables, Comparison comparison, RequestCounts requests) {
        page.open("section", "id=\"" + Html.anchor("f-" + family) + "\"").element("h2", "", family);
        int files = comparison.sources().size();
        for (Table table : tables) {
            page.raw(Figures.scores(family, table, comparison));
            if (files > 1) {
                page.raw(Figures.changes(family, table, comparison));
            }
            scores(page, table, comparison);
        }
        requests.write(page, tables, comparison);
        page.close("section");
    }

    private static void scores(Html page, Table table, Comparison comparison) {
        List<String> labels = comparison.sources().stream().map(s -> s.label()).toList();
        page.element("h3", "", "Score: " + table.unit() + ", " + table.direction().description()
                + (table.mode().isEmpty() ? "" : " (" + table.mode() + ")"));
        page.open("div", "class=\"scroll\"").open("table", "").open("tr", "").element("th", "", "benchmark")
                .element("th", "", "params");
        labels.forEach(l -> page.element("th", "", l + ": mean ± CI"));
        for (int f = 1; f < labels.size(); f++) {
            page.element("th", "", labels.get(f) + " vs " + labels.get(0));
        }
        page.close("tr");
        for (Row row : table.rows()) {
            page.open("tr", "").element("td", "", method(row)).element("td", "", row.params());
            for (Cell cell : row.cells()) {
                cell(page, cell);
            }
            for (int f = 1; f < labels.size(); f++) {
                delta(page, row.delta(f));
            }
            page.close("tr");
        }
        page.close("table").close("div");
    }

    /** The method's name: the family is the section's heading. */
    static String method(Row row) {
        return row.name().substring(row.name().lastIndexOf('.') + 1);
    }

    /** The mean ± its interval, its fork count, and a flag when its iterations do not hold one level. */
    static void cell(Html page, Cell cell) {
        if (!cell.present()) {
            page.element("td", "class=\"flag\"", cell.missing().startsWith("missing") ? cell.missing()
                    : "missing (" + cell.missing() + ")");
            return;
        }
        ForkStatistics.Interval ci = cell.ci();
        String value = ReportNumbers.number(ci.estimate())
                + (ci.bounded() ? " ± " + ReportNumbers.number(ci.halfWidth()) : " ± ∞")
                + " (n=" + cell.n() + ")";
        page.open("td", "class=\"num\"").element("span", "class=\"v\"", value);
        Stationarity.Result steadiness = cell.steadiness();
        if (steadiness.flagged()) {
            page.raw("<br>").element("span", "class=\"flag\"", "unsteady: " + steadiness.description());
        } else if (cell.samples().forkCount() == 1) {
            page.raw("<br>").element("span", "class=\"flag\"", "one fork");
        }
        page.close("td");
    }

    /** The change, its noise floor, and the verdict in colour (green better, red worse). */
    private static void delta(Html page, Delta d) {
        if (d == null) {
            page.element("td", "", "–");
            return;
        }
        String floor = Double.isFinite(d.noiseFloorPercent())
                ? " (noise floor ±" + ReportNumbers.percentWidth(d.noiseFloorPercent()) + ")" : " (no interval)";
        String css = d.verdict() == Verdict.BETTER ? "better" : d.verdict() == Verdict.WORSE ? "worse" : "";
        String verdict = switch (d.verdict()) {
            case BETTER -> "better";
            case WORSE -> "worse";
            case CHANGED -> "changed";
            case NO_DIFFERENCE -> "~";
            default -> "not compared";
        };
        page.open("td", "class=\"num\"").element("span", "class=\"v" + (css.isEmpty() ? "" : " " + css) + "\"",
                ReportNumbers.percent(d.changePercent()) + " " + verdict).element("span", "class=\"v\"", floor);
        if (d.note() != null) {
            page.raw("<br>").element("span", "class=\"flag\"", d.note());
        }
        page.close("td");
    }
}
