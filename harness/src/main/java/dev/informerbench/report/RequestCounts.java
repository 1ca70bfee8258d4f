package dev.informerbench.report;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import dev.informerbench.metrics.Kind;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.RowKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The API requests each row sent during its measurement iterations, all forks together (the
 * {@code api.*} secondary metrics the suite's profiler records), per file. Files of other
 * projects have none, and the table is left out.
 */
final class RequestCounts {
    /** The request kinds, in the order of the run summary's columns. */
    /** The catalogue's request totals, in its order: LIST, WATCH, GET, writes, other, 429. */
    static final List<String> KINDS = Arrays.stream(SuiteMetric.values())
            .filter(m -> m.kind() == Kind.REQUESTS).map(SuiteMetric::metricName).toList();

    /** Per file: row key → kind → count. */
    private final List<Map<String, Map<String, Double>>> files;

    private RequestCounts(List<Map<String, Map<String, Double>>> files) {
        this.files = files;
    }

    static RequestCounts of(List<Path> paths) {
        List<Map<String, Map<String, Double>>> files = new ArrayList<>();
        for (Path path : paths) {
            Map<String, Map<String, Double>> rows = new HashMap<>();
            for (JmhJson.Entry e : JmhJson.read(path)) {
                Map<String, Double> counts = new HashMap<>();
                KINDS.forEach(kind -> {
                    double v = e.secondaryScore(kind);
                    if (!Double.isNaN(v)) {
                        counts.put(kind, v);
                    }
                });
                if (!counts.isEmpty()) {
                    rows.put(key(e.benchmark(), params(RowKey.withoutLabels(e.params()))), counts);
                }
            }
            files.add(rows);
        }
        return new RequestCounts(files);
    }

    private static String key(String benchmark, String params) {
        return benchmark + " " + params;
    }

    private static String params(Map<String, String> params) {
        StringBuilder b = new StringBuilder();
        params.forEach((k, v) -> b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return b.toString();
    }

    /** Row × file → counts by kind; nothing when no file recorded requests for these rows. */
    void write(Html page, List<Table> tables, Comparison comparison) {
        List<Row> rows = tables.stream().flatMap(t -> t.rows().stream())
                .filter(r -> files.stream().anyMatch(f -> f.containsKey(key(r.benchmark(), r.params())))).toList();
        if (rows.isEmpty()) {
            return;
        }
        List<Row> quiet = rows.stream().filter(r -> files.stream().allMatch(f -> silent(f.get(key(r.benchmark(),
                r.params()))))).toList();
        if (quiet.size() == rows.size()) {
            page.element("p", "class=\"note\"", "API requests during the measurement iterations: none, in every "
                    + "row and run (reads from the informer's cache only).");
            return;
        }
        page.element("h3", "", "API requests during the measurement iterations (all forks)");
        page.open("div", "class=\"scroll\"").open("table", "").open("tr", "").element("th", "", "benchmark")
                .element("th", "", "params").element("th", "", "run");
        KINDS.forEach(k -> page.element("th", "", k.substring(4).toUpperCase(Locale.ROOT)));
        page.close("tr");
        for (Row row : rows) {
            if (quiet.contains(row)) {
                continue;
            }
            for (int f = 0; f < files.size(); f++) {
                Map<String, Double> counts = files.get(f).get(key(row.benchmark(), row.params()));
                page.open("tr", "").element("td", "", FamilySection.method(row)).element("td", "", row.params())
                        .element("td", "", comparison.sources().get(f).label());
                for (String kind : KINDS) {
                    Double v = counts == null ? null : counts.get(kind);
                    page.element("td", "class=\"num\"", v == null ? "–" : String.format(Locale.ROOT, "%,.0f", v));
                }
                page.close("tr");
            }
        }
        page.close("table").close("div");
        if (!quiet.isEmpty()) {
            page.element("p", "class=\"note\"", quiet.size() + " more row(s) sent no request in any run.");
        }
    }

    private static boolean silent(Map<String, Double> counts) {
        return counts == null || counts.values().stream().allMatch(v -> v == 0);
    }
}
