package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.metrics.SuiteMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A server-cost answer against N (ServerCost's, RestartStorm's): per measure (kube-apiserver's CPU
 * and peak memory, then etcd's) a chart with a line per client and approach and a panel per churn
 * rate or object size, and its numbers in a
 * table, the files' lines together so that clients compare on one chart.
 */
final class ServerCostSection {
    private static final Map<SuiteMetric, String> NAMES = Map.of(
            SuiteMetric.SERVER_APISERVER_CORES, "kube-apiserver CPU",
            SuiteMetric.SERVER_APISERVER_PEAK_MIB, "kube-apiserver peak memory",
            SuiteMetric.SERVER_ETCD_CORES, "etcd CPU",
            SuiteMetric.SERVER_ETCD_PEAK_MIB, "etcd peak memory");

    private ServerCostSection() {}

    static void write(Html page, CostAgainstN data) {
        CostAgainstN.Question q = data.question();
        page.open("section", "id=\"" + q.id + "\"").element("h2", "", q.heading);
        page.element("p", "class=\"note\"", q.intro + ": CPU in cores (CPU seconds per second) and peak resident "
                + "memory in MiB (reset at each window's start). Each value is the mean of the forks' means with its "
                + ReportNumbers.plain(data.confidence() * 100) + "% interval, as in the tables above; one line per "
                + "client and approach, one panel per " + q.panel + ". A measure the server did not give (a hidden "
                + "/proc) is missing, never 0." + (data.shared().isEmpty() ? "" : " All rows: " + data.shared() + "."));
        for (SuiteMetric measure : CostAgainstN.MEASURES) {
            String what = NAMES.get(measure);
            page.element("h3", "", what + " (" + measure.unit() + ")");
            if (!data.measured(measure)) {
                page.element("p", "class=\"flag\"", what + ": not measured in any row (none has " + measure.metricName()
                        + ": the server's processes could not be read).");
                continue;
            }
            page.raw(Figures.serverCost(data, measure, what));
            table(page, data, measure);
        }
        page.close("section");
    }

    /** A row per line and churn rate, a column per N: mean ± CI (n), "missing (not recorded)", or – for no row. */
    private static void table(Html page, CostAgainstN data, SuiteMetric measure) {
        List<String> header = new ArrayList<>(List.of("client · approach", data.question().panel));
        data.ns().forEach(n -> header.add("N=" + n + ": mean ± CI"));
        page.open("div", "class=\"scroll\"").open("table", "").headerRow(header.toArray(String[]::new));
        for (CostAgainstN.Line line : data.lines()) {
            for (String churn : data.churns()) {
                page.open("tr", "").element("td", "", line.name()).element("td", "class=\"num\"", churn);
                for (String n : data.ns()) {
                    Cell cell = data.cell(line, churn, n, measure);
                    if (cell == null) {
                        page.element("td", "", "–");
                    } else {
                        FamilySection.cell(page, cell);
                    }
                }
                page.close("tr");
            }
        }
        page.close("table").close("div");
    }
}
