package dev.informerbench.report;

import dev.informerbench.plot.Axis;
import dev.informerbench.plot.PercentileFigure;
import dev.informerbench.results.Hgrm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The GET latency percentile curves from the runs' {@code .hgrm} files (microseconds, the
 * measurement iterations of all forks; a throttled GET's wait for its token included): one
 * chart per benchmark row, a curve per run (and per round of an interleaved run), and their
 * percentiles in a table.
 */
final class LatencySection {
    private static final double[] PERCENTILES = {0.5, 0.9, 0.99, 0.999};

    private LatencySection() {}

    static boolean any(List<ReportInput> inputs) {
        return inputs.stream().anyMatch(i -> i.latencies().stream().anyMatch(l -> l.table() != null));
    }

    static void write(Html page, List<ReportInput> inputs) {
        Map<String, List<PercentileFigure.Curve>> byRow = new LinkedHashMap<>();
        Map<String, List<Hgrm>> tables = new LinkedHashMap<>();
        for (ReportInput input : inputs) {
            for (ReportInput.Latency latency : input.latencies()) {
                Hgrm hgrm = latency.table();
                if (hgrm == null) {
                    continue; // listed among the flags
                }
                String name = input.label() + (latency.round().isEmpty() ? "" : " " + latency.round());
                List<PercentileFigure.Point> points = hgrm.points().stream()
                        .map(p -> new PercentileFigure.Point(p.percentile(), p.value())).toList();
                byRow.computeIfAbsent(latency.name(), k -> new ArrayList<>()).add(new PercentileFigure.Curve(name,
                        points));
                tables.computeIfAbsent(latency.name(), k -> new ArrayList<>()).add(hgrm);
            }
        }
        page.open("section", "id=\"latency\"").element("h2", "", "GET latency percentiles");
        page.element("p", "class=\"note\"", "Each GET's latency in the measurement iterations of all forks, in µs "
                + "(HdrHistogram); a throttled GET's includes its wait for a token of the client's rate limiter.");
        byRow.forEach((row, curves) -> {
            page.element("h3", "", row);
            PercentileFigure figure = new PercentileFigure(row + ": GET latency by percentile", "latency (µs)",
                    Axis.Scale.LOG, curves, "The latency at or below which a share of the GETs lie; the x axis "
                    + "gives each nine the same room, so the tail shows. Log y axis.");
            page.raw(Figures.wrap(figure.svg()));
            percentiles(page, curves, tables.get(row));
        });
        page.close("section");
    }

    private static void percentiles(Html page, List<PercentileFigure.Curve> curves, List<Hgrm> tables) {
        page.open("div", "class=\"scroll\"").open("table", "")
                .headerRow("run", "GETs", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs", "max µs");
        for (int i = 0; i < curves.size(); i++) {
            Hgrm hgrm = tables.get(i);
            page.open("tr", "").element("td", "", curves.get(i).name())
                    .element("td", "class=\"num\"", String.format(Locale.ROOT, "%,d", hgrm.totalCount()));
            for (double p : PERCENTILES) {
                page.element("td", "class=\"num\"", us(valueAt(hgrm, p)));
            }
            page.element("td", "class=\"num\"", us(hgrm.max())).close("tr");
        }
        page.close("table").close("div");
    }

    /** The first step at or past {@code p}: the value at or below which that share of GETs lie. */
    static double valueAt(Hgrm hgrm, double p) {
        return hgrm.points().stream().filter(point -> point.percentile() >= p).findFirst()
                .map(Hgrm.Point::value).orElse(Double.NaN);
    }

    private static String us(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%,.1f", v);
    }
}
