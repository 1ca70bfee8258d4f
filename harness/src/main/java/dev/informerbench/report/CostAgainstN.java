package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.JmhJson;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a server-cost benchmark (ServerCost, RestartStorm: {@link Question}) measured on the server,
 * as lines against N: one line per client (a file, or the {@code client} param where one file holds
 * several, as {@code all-clients.json}) × approach (× any other param that varies between the
 * rows), per panel (ServerCost's churn rate, RestartStorm's object size), a value per
 * {@code controllers} N. Each value is a {@link Cell}, the mean of the forks' means with its
 * interval computed as {@code compare} and the tables compute it; a row without the measure (a
 * server that hid {@code /proc}) is a cell "not recorded", never 0. A row that repeats in a file
 * counts once, its first.
 *
 * @param lines in the order of the files, then of the approaches as the rows list them
 * @param churns the panel param's values (churnPerSecond, objectKiB), ascending
 * @param ns the controllers values, ascending
 * @param shared the params every row has alike ({@code objects=100, ...}), for the section's note
 */
record CostAgainstN(Question question, List<Line> lines, List<String> churns, List<String> ns, String shared,
        double confidence) {
    static final String N = "controllers";
    static final String APPROACH = "approach";
    static final String CLIENT = "client";
    /** The measures drawn, in the section's order: kube-apiserver's CPU and memory, then etcd's. */
    static final List<SuiteMetric> MEASURES = List.of(SuiteMetric.SERVER_APISERVER_CORES,
            SuiteMetric.SERVER_APISERVER_PEAK_MIB, SuiteMetric.SERVER_ETCD_CORES, SuiteMetric.SERVER_ETCD_PEAK_MIB);

    /**
     * Which benchmark's server cost is drawn: its rows, the param its panels are by, and how the
     * section names it.
     */
    enum Question {
        /** N controllers in steady state, a panel per churn rate. */
        STEADY("ServerCostBenchmark", "churnPerSecond", "writes a second", "server-cost",
                "Server cost against N controllers",
                "What N controllers cost the control plane's processes (ServerCost), read from /proc in each window"),
        /** N informers after a kube-apiserver restart, a panel per object size. */
        STORM("RestartStormBenchmark", "objectKiB", "KiB more per object", "restart-storm",
                "Restart storm against N informers",
                "What a kube-apiserver restart under N informers costs the control plane's processes (RestartStorm), "
                        + "read from /proc over each storm, on the restarted kube-apiserver");

        final String benchmark;
        final String panel;
        final String panelUnit;
        final String id;
        final String heading;
        final String intro;

        Question(String benchmark, String panel, String panelUnit, String id, String heading, String intro) {
            this.benchmark = benchmark;
            this.panel = panel;
            this.panelUnit = panelUnit;
            this.id = id;
            this.heading = heading;
            this.intro = intro;
        }
    }

    /**
     * A line: its name, which client (file or client param, in order) and which approach (in order)
     * it is, and its rows by churn and N.
     */
    record Line(String name, int client, int approach, Map<String, JmhJson.Entry> rows) {
        JmhJson.Entry row(String churn, String n) {
            return rows.get(churn + "/" + n);
        }
    }

    /** The rows of {@code question}'s benchmark in {@code inputs}; no lines when they hold none. */
    static CostAgainstN of(List<ReportInput> inputs, double confidence, Question question) {
        String churnParam = question.panel;
        List<List<JmhJson.Entry>> rows = new ArrayList<>();
        for (ReportInput input : inputs) {
            rows.add(JmhJson.read(input.file()).stream().filter(e -> isRow(e, question)).toList());
        }
        Map<String, Set<String>> values = new TreeMap<>();
        rows.forEach(file -> file.forEach(e -> e.params().forEach((k, v) -> {
            if (!Set.of(N, churnParam, APPROACH, CLIENT).contains(k)) {
                values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
            }
        })));
        List<String> varying = values.entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey)
                .toList();
        List<String> shared = new ArrayList<>();
        values.forEach((k, v) -> {
            if (v.size() == 1) {
                shared.add(k + "=" + v.iterator().next());
            }
        });
        Map<String, Line> lines = new LinkedHashMap<>();
        Map<String, Integer> clients = new LinkedHashMap<>();
        Map<String, Integer> approaches = new LinkedHashMap<>();
        Set<String> churns = new LinkedHashSet<>();
        Set<String> ns = new LinkedHashSet<>();
        for (int f = 0; f < inputs.size(); f++) {
            boolean severalClients = rows.get(f).stream().map(e -> e.params().get(CLIENT)).distinct().count() > 1;
            for (JmhJson.Entry e : rows.get(f)) {
                String client = inputs.get(f).label() + (severalClients ? " " + e.params().get(CLIENT) : "");
                String approach = e.params().getOrDefault(APPROACH, "?");
                StringBuilder name = new StringBuilder(client).append(" · ").append(approach);
                varying.forEach(k -> name.append(", ").append(k).append('=').append(e.params().get(k)));
                int c = clients.computeIfAbsent(f + "\n" + client, k -> clients.size());
                int a = approaches.computeIfAbsent(approach, k -> approaches.size());
                Line line = lines.computeIfAbsent(f + "\n" + name, k -> new Line(name.toString(), c, a,
                        new HashMap<>()));
                String churn = e.params().get(churnParam);
                String n = e.params().get(N);
                line.rows().putIfAbsent(churn + "/" + n, e);
                churns.add(churn);
                ns.add(n);
            }
        }
        List<Line> ordered = lines.values().stream()
                .sorted(Comparator.comparingInt(Line::client).thenComparingInt(Line::approach)).toList();
        return new CostAgainstN(question, ordered, numeric(churns), numeric(ns), String.join(", ", shared), confidence);
    }

    /**
     * A row of the question's benchmark, with a positive number of controllers and a number for its
     * panel param (a row without them could be drawn nowhere).
     */
    private static boolean isRow(JmhJson.Entry e, Question question) {
        String[] parts = e.benchmark().split("\\.");
        return parts.length > 1 && parts[parts.length - 2].equals(question.benchmark)
                && number(e.params().get(N)) > 0 && number(e.params().get(question.panel)) >= 0;
    }

    /** The value of a numeric param; NaN when it is none. */
    static double number(String value) {
        try {
            return value == null ? Double.NaN : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static List<String> numeric(Set<String> values) {
        return values.stream().sorted(Comparator.comparingDouble(CostAgainstN::number)).toList();
    }

    boolean any() {
        return !lines.isEmpty();
    }

    /**
     * The measure of {@code line} at {@code churn} and {@code n}: null where the line has no such
     * row, "not recorded" where the row lacks the measure.
     */
    Cell cell(Line line, String churn, String n, SuiteMetric measure) {
        JmhJson.Entry row = line.row(churn, n);
        if (row == null) {
            return null;
        }
        JmhJson.Metric metric = row.secondary().get(measure.metricName());
        return metric == null ? Cell.absent("not recorded") : Cell.of(metric, measure.unit(), confidence);
    }

    /** Whether any row has the measure: a measure no server gave is said in one line, not drawn. */
    boolean measured(SuiteMetric measure) {
        return lines.stream().anyMatch(l -> l.rows().values().stream()
                .anyMatch(e -> e.secondary().containsKey(measure.metricName())));
    }

    /** How many clients the lines are of. */
    int clients() {
        return lines.stream().mapToInt(Line::client).max().orElse(-1) + 1;
    }
}
