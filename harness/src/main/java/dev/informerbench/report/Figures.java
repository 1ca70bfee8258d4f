package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.ComparisonChart;
import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.plot.Axis;
import dev.informerbench.plot.DotWhiskerFigure;
import dev.informerbench.plot.LineFigure;
import dev.informerbench.statistics.ForkStatistics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The page's charts, as inline SVG in a {@code <figure>}: each family's scores (every file a
 * colour, a dot at the mean, whiskers over its interval, on a log axis so 10 ns and 10 µs rows
 * both read), and with several files each one's change against the first, drawn by the same
 * figure as {@code compare --chart}; and the server's cost against N (ServerCost), a line per
 * client and approach, a panel per churn rate.
 */
final class Figures {
    private Figures() {}

    static String scores(String family, Table table, Comparison comparison) {
        List<String> series = comparison.sources().stream().map(s -> s.label()).toList();
        List<DotWhiskerFigure.Row> rows = new ArrayList<>();
        for (Row row : table.rows()) {
            List<DotWhiskerFigure.Point> points = new ArrayList<>();
            for (Cell cell : row.cells()) {
                points.add(point(cell));
            }
            rows.add(new DotWhiskerFigure.Row(FamilySection.method(row) + (row.params().isEmpty() ? ""
                    : " " + row.params()), points));
        }
        String pct = ReportNumbers.plain(comparison.confidence() * 100) + "%";
        DotWhiskerFigure.Panel panel = new DotWhiskerFigure.Panel(family + " (" + table.unit() + ", "
                + table.direction().description() + ")", Axis.Scale.LOG, " " + table.unit(), OptionalDouble.empty(), 0,
                rows);
        DotWhiskerFigure figure = new DotWhiskerFigure(family + ": mean score per run", series, List.of(panel),
                new DotWhiskerFigure.Legend("mean ± " + pct + " CI", "no interval", "missing"),
                "Dot: the mean of the forks' means. Whiskers: its " + pct + " interval (Student's t over forks); "
                        + "where a row has a single sample, no interval. Log axis.");
        return wrap(figure.svg());
    }

    static String changes(String family, Table table, Comparison comparison) {
        Set<Row> rows = new HashSet<>(table.rows());
        DotWhiskerFigure figure = ComparisonChart.figure(comparison, rows::contains);
        return wrap(figure.svg());
    }

    /**
     * {@code measure} against N: a colour per client (per approach when there is one client), a
     * style per approach; CPU on a log axis (pollers cost decades more than informers), memory on
     * a linear one (it moves by percents).
     */
    static String serverCost(CostAgainstN data, SuiteMetric measure, String what) {
        boolean clients = data.clients() > 1;
        List<LineFigure.Line> lines = data.lines().stream().map(l -> new LineFigure.Line(l.name(),
                clients ? l.client() : l.approach(), l.approach())).toList();
        List<LineFigure.Panel> panels = new ArrayList<>();
        for (String churn : data.churns()) {
            List<List<LineFigure.Point>> series = new ArrayList<>();
            for (CostAgainstN.Line line : data.lines()) {
                List<LineFigure.Point> points = new ArrayList<>();
                for (String n : data.ns()) {
                    Cell cell = data.cell(line, churn, n, measure);
                    if (cell != null) {
                        points.add(point(CostAgainstN.number(n), cell));
                    }
                }
                series.add(points);
            }
            panels.add(new LineFigure.Panel(data.question().panel + "=" + churn + " (" + data.question().panelUnit
                    + ")", series));
        }
        String pct = ReportNumbers.plain(data.confidence() * 100) + "%";
        Axis.Scale scale = measure.unit().equals("cores") ? Axis.Scale.LOG : Axis.Scale.LINEAR;
        LineFigure figure = new LineFigure(what + " against N controllers", "controllers N (log scale)",
                measure.unit(), scale, lines, panels, new DotWhiskerFigure.Legend("mean ± " + pct + " CI",
                "no interval", "not measured"),
                "Point: the mean of the forks' means; bar: its " + pct + " interval (Student's t over forks; "
                        + "with two forks it is wide; a bar without a cap runs past the plot's edge). Points of one "
                        + "N are spread sideways a little so that bars do not cover each other. A measure the "
                        + "server did not give is an × under the axis, not a value"
                        + (scale == Axis.Scale.LOG ? ". Log y axis." : "."));
        return wrap(figure.svg());
    }

    private static LineFigure.Point point(double n, Cell cell) {
        if (!cell.present() || cell.n() == 0) {
            return LineFigure.Point.missing(n);
        }
        ForkStatistics.Interval ci = cell.ci();
        return ci.bounded() ? new LineFigure.Point(n, ci.estimate(), ci.low(), ci.high(), true)
                : new LineFigure.Point(n, ci.estimate(), Double.NaN, Double.NaN, false);
    }

    /** The mean and its interval; a mean without one (a single sample) as an open dot. */
    private static DotWhiskerFigure.Point point(Cell cell) {
        if (!cell.present() || cell.n() == 0) {
            return null;
        }
        ForkStatistics.Interval ci = cell.ci();
        return ci.bounded() ? new DotWhiskerFigure.Point(ci.estimate(), ci.low(), ci.high(), true)
                : new DotWhiskerFigure.Point(ci.estimate(), Double.NaN, Double.NaN, false);
    }

    /** The figure's own caption says what it shows: no second one under it. */
    static String wrap(String svg) {
        return "<figure>" + svg + "</figure>\n";
    }
}
