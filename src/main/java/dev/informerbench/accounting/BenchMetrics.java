package dev.informerbench.accounting;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Secondary metrics a benchmark measures itself (the observed resync period, say) and
 * hands to {@link ApiRequestProfiler}, which reports them per measurement iteration.
 * Published values are cleared at the start of every iteration.
 */
public final class BenchMetrics {
    private record Metric(double value, String unit, AggregationPolicy policy) {}

    private static final Map<String, Metric> METRICS = new ConcurrentHashMap<>();

    private BenchMetrics() {}

    /** A value averaged over iterations (a period, a rate). */
    public static void average(String label, double value, String unit) {
        METRICS.put(label, new Metric(value, unit, AggregationPolicy.AVG));
    }

    /** A count summed over iterations. */
    public static void sum(String label, double value, String unit) {
        METRICS.put(label, new Metric(value, unit, AggregationPolicy.SUM));
    }

    /** The smallest value seen over iterations. */
    public static void min(String label, double value, String unit) {
        METRICS.put(label, new Metric(value, unit, AggregationPolicy.MIN));
    }

    static void reset() {
        METRICS.clear();
    }

    static List<Result> drain() {
        List<Result> results = new ArrayList<>();
        METRICS.forEach((label, m) -> results.add(new ScalarResult(label, m.value(), m.unit(), m.policy())));
        METRICS.clear();
        return results;
    }
}
