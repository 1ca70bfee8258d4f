package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.Delta;
import dev.informerbench.comparison.History;
import dev.informerbench.comparison.HistoryReport;
import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import dev.informerbench.comparison.Verdict;
import dev.informerbench.plot.Axis;
import dev.informerbench.plot.DotWhiskerFigure;
import dev.informerbench.plot.LineFigure;
import dev.informerbench.statistics.ForkStatistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report --history}: per client and question, each score row across the versions in the
 * order given, as a percentage of the first version's mean (rows of 10 ns and 10 ms share one
 * axis, and a step of 5% reads as one), each version's interval as a bar; a filled point where the
 * step from the version before is beyond the noise, as {@code compare --history} calls it. Under
 * each chart the table of means and steps.
 */
final class HistorySection {
    private HistorySection() {}

    static String id(History h) {
        return Html.anchor("history-" + h.client());
    }

    static void write(Html page, History h) {
        page.open("section", "id=\"" + id(h) + "\"").element("h2", "", "History: " + h.client());
        List<String> versions = h.versions().stream().map(v -> HistoryReport.version(h, v.label())).toList();
        page.open("p", "class=\"note\"").text("Versions in the order given: " + String.join(" → ", versions)
                + ". A point: the version's mean as a percentage of the first version's; its bar: the version's own "
                + ReportNumbers.plain(h.comparison().confidence() * 100) + "% interval on that scale. Filled: the step "
                + "from the version before is beyond the noise (--min-change "
                + ReportNumbers.plain(h.comparison().minChange()) + "%); open: within it (~), or the first version.")
                .close("p");
        for (Table table : h.comparison().primaryTables()) {
            Map<String, List<Row>> families = new LinkedHashMap<>();
            table.rows().forEach(r -> families.computeIfAbsent(RunReport.family(r), k -> new ArrayList<>()).add(r));
            families.forEach((family, rows) -> {
                page.element("h3", "", family + " (" + table.unit() + ", " + table.direction().description() + ")");
                page.raw(Figures.wrap(figure(h, family, table, rows, versions).svg()));
                table(page, h, table, rows, versions);
            });
        }
        List<History.Change> changes = h.changes();
        page.element("h3", "", "Steps beyond the noise");
        if (changes.isEmpty()) {
            page.element("p", "", "None: every step of every score row is within its noise.");
        } else {
            page.open("ul", "");
            for (History.Change c : changes) {
                page.element("li", "", HistoryReport.version(h, c.from()) + " → " + HistoryReport.version(h, c.into())
                        + (h.repeat(c.to()) ? " (A/A)" : "") + ": " + c.row().label() + " "
                        + HistoryReport.step(c.delta()));
            }
            page.close("ul");
        }
        page.close("section");
    }

    private static LineFigure figure(History h, String family, Table table, List<Row> rows, List<String> versions) {
        List<LineFigure.Line> lines = new ArrayList<>();
        List<List<LineFigure.Point>> series = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            lines.add(new LineFigure.Line(
                    FamilySection.method(row) + (row.params().isEmpty() ? "" : " " + row.params()), r, r));
            series.add(points(h, table, row));
        }
        return new LineFigure(family + ": " + h.client() + " across versions", "version",
                "% of " + versions.get(0), Axis.Scale.LINEAR, lines,
                List.of(new LineFigure.Panel(table.unit() + ", " + table.direction().description(), series)),
                new DotWhiskerFigure.Legend("step beyond the noise", "within the noise, or the first", "missing"),
                "Point: the version's mean over forks as a percentage of the first version's mean; bar: its own "
                        + "interval (Student's t over forks) on that scale. Filled: the step from the version before "
                        + "is called (better or worse beyond its noise floor).", versions);
    }

    /** A row's points, each version's mean over the first version's; missing where a version lacks the row. */
    private static List<LineFigure.Point> points(History h, Table table, Row row) {
        double reference = row.cells().get(0).present() && row.cells().get(0).n() > 0 ? row.cells().get(0).center()
                : Double.NaN;
        List<LineFigure.Point> points = new ArrayList<>();
        for (int v = 0; v < row.cells().size(); v++) {
            Cell cell = row.cells().get(v);
            double x = v + 1;
            if (!cell.present() || cell.n() == 0 || !(reference > 0)) {
                points.add(LineFigure.Point.missing(x));
                continue;
            }
            Delta step = v == 0 ? null : h.step(table, row, v);
            boolean called = step != null && step.significant();
            ForkStatistics.Interval ci = cell.ci();
            double scale = 100 / reference;
            points.add(ci.bounded() ? new LineFigure.Point(x, ci.estimate() * scale, ci.low() * scale,
                    ci.high() * scale, called) : new LineFigure.Point(x, ci.estimate() * scale, Double.NaN, Double.NaN,
                    called));
        }
        return points;
    }

    private static void table(Html page, History h, Table table, List<Row> rows, List<String> versions) {
        page.open("div", "class=\"scroll\"").open("table", "").open("tr", "").element("th", "", "benchmark")
                .element("th", "", "params");
        for (int v = 0; v < versions.size(); v++) {
            if (v > 0) {
                page.element("th", "", "step");
            }
            page.element("th", "", versions.get(v));
        }
        page.close("tr");
        for (Row row : rows) {
            page.open("tr", "").element("td", "", FamilySection.method(row)).element("td", "", row.params());
            for (int v = 0; v < versions.size(); v++) {
                if (v > 0) {
                    Delta d = h.step(table, row, v);
                    String css = d == null ? "" : d.verdict() == Verdict.BETTER ? "better"
                            : d.verdict() == Verdict.WORSE ? "worse" : "";
                    page.open("td", "class=\"num\"").element("span", "class=\"v" + (css.isEmpty() ? "" : " " + css)
                            + "\"", HistoryReport.step(d)).close("td");
                }
                FamilySection.cell(page, row.cells().get(v));
            }
            page.close("tr");
        }
        page.close("table").close("div");
    }
}
