package dev.informerbench.results;

import dev.informerbench.metrics.SuiteMetric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The secondary metrics of a result file by family ({@code api.*}, {@code server.*}, …), as
 * {@code results/README.md} lists them: every metric of {@link SuiteMetric}, grouped by the name
 * before its first dot, with its units, kinds and the benchmarks that write it. A family the
 * catalogue gains fails {@link ResultsIndexTest} until {@link #WRITTEN_BY} says who writes it.
 */
final class MetricFamilies {
    static final String BEGIN = "<!-- metric families: generated from SuiteMetric by ResultsIndexTest"
            + " (-Dgolden.update=true rewrites it) -->";
    static final String END = "<!-- end of the metric families -->";

    /** Family → the benchmarks (or tool) that write it. */
    static final Map<String, String> WRITTEN_BY = new LinkedHashMap<>();

    static {
        WRITTEN_BY.put("api", "every benchmark: each client's request hook (OkHttp interceptor, fabric8 `Interceptor`,"
                + " client-go `RoundTripper`), summed over the forks' measured iterations");
        WRITTEN_BY.put("ops", "every benchmark: the operations behind the score and behind `api.*`");
        WRITTEN_BY.put("heap", "SyncAndMemory, CacheMemory");
        WRITTEN_BY.put("cache", "SyncAndMemory, CacheMemory (what cached object 0 holds)");
        WRITTEN_BY.put("process", "CacheMemory: the process's resident memory");
        WRITTEN_BY.put("object", "CacheMemory: one object's JSON as the server sends it");
        WRITTEN_BY.put("request", "SyncAndMemory");
        WRITTEN_BY.put("recovery", "Relist (per recovery from a broken watch); RestartStorm (per informer and storm)");
        WRITTEN_BY.put("delivery", "HandlerFanout");
        WRITTEN_BY.put("handler", "HandlerFanout");
        WRITTEN_BY.put("setup", "HandlerFanout");
        WRITTEN_BY.put("resync", "ResyncFanout; ResyncZero (`resync.callbacks`)");
        WRITTEN_BY.put("events", "ResyncZero");
        WRITTEN_BY.put("window", "ResyncZero, ServerCost: the windows the counts are per");
        WRITTEN_BY.put("server", "ServerCost, RestartStorm: kube-apiserver and etcd, from `/proc` and `/metrics`");
        WRITTEN_BY.put("probe", "ServerCost, RestartStorm: a probe client's GET, one every 100 ms");
        WRITTEN_BY.put("client", "ServerCost, RestartStorm: the client process's own CPU");
        WRITTEN_BY.put("poll", "ServerCost: the pollers");
        WRITTEN_BY.put("gc", "JMH's own `-prof gc`, and client-go's program's (`TotalAlloc`), by default on the"
                + " in-process families: ListerGet, IndexerList, CustomIndex, ResyncFanout, Plant");
    }

    private MetricFamilies() {}

    static String family(SuiteMetric m) {
        return m.metricName().substring(0, m.metricName().indexOf('.'));
    }

    /** The table, one line per family in the catalogue's order. */
    static String table() {
        Map<String, List<SuiteMetric>> families = new LinkedHashMap<>();
        for (SuiteMetric m : SuiteMetric.values()) {
            families.computeIfAbsent(family(m), f -> new ArrayList<>()).add(m);
        }
        StringBuilder b =
                new StringBuilder("| family | metrics | units | kinds | written by |\n|---|---|---|---|---|\n");
        families.forEach((family, metrics) -> {
            if (!WRITTEN_BY.containsKey(family)) {
                throw new AssertionError("SuiteMetric has a family " + family + ".* that MetricFamilies.WRITTEN_BY"
                        + " does not describe");
            }
            b.append("| `").append(family).append(".*` | ")
                    .append(metrics.stream().map(m -> "`" + m.metricName() + "`").collect(Collectors.joining(", ")))
                    .append(" | ").append(String.join(", ", distinct(metrics.stream().map(SuiteMetric::unit).toList())))
                    .append(" | ").append(String.join(", ", distinct(metrics.stream()
                            .map(m -> m.kind().name().toLowerCase(Locale.ROOT)).toList())))
                    .append(" | ").append(WRITTEN_BY.get(family)).append(" |\n");
        });
        return b.toString();
    }

    private static Set<String> distinct(List<String> values) {
        return new LinkedHashSet<>(values);
    }
}
