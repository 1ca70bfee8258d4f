package dev.informerbench.fork;

import dev.informerbench.metrics.Merge;
import dev.informerbench.metrics.SuiteMetric;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.Statistics;

/**
 * Secondary metrics a benchmark measures itself (the observed resync period, say) and
 * hands to {@link ApiRequestProfiler}, which reports them per measurement iteration.
 * Published values are cleared at the start of every iteration. What a metric is (its name,
 * unit and how iterations merge) is the catalogue's, {@link SuiteMetric}: a benchmark names
 * the entry and gives the value.
 */
public final class BenchMetrics {
    private static final Map<SuiteMetric, Double> METRICS = new ConcurrentHashMap<>();

    private BenchMetrics() {}

    /**
     * This iteration's value of {@code metric}; iterations and forks merge as the catalogue says
     * (a {@link Merge#HARMONIC_MEAN} gives no error: see {@link HarmonicMeanResult}).
     */
    public static void publish(SuiteMetric metric, double value) {
        METRICS.put(metric, value);
    }

    static void reset() {
        METRICS.clear();
    }

    static List<Result> drain() {
        List<Result> results = new ArrayList<>();
        METRICS.forEach((metric, value) -> results.add(result(metric, value)));
        METRICS.clear();
        return results;
    }

    /** A JMH result for one iteration's value, aggregated as the catalogue says. */
    static Result<?> result(SuiteMetric metric, double value) {
        String label = metric.metricName();
        return switch (metric.merge()) {
            case SUM -> new ScalarResult(label, value, metric.unit(), AggregationPolicy.SUM);
            case MEAN -> new ScalarResult(label, value, metric.unit(), AggregationPolicy.AVG);
            case MIN -> new ScalarResult(label, value, metric.unit(), AggregationPolicy.MIN);
            case MAX -> new ScalarResult(label, value, metric.unit(), AggregationPolicy.MAX);
            case HARMONIC_MEAN ->
                    new HarmonicMeanResult(label, new ListStatistics(new double[] {value}), metric.unit());
        };
    }

    /**
     * A period, or any time per thing, whose aggregate over iterations and forks is the harmonic
     * mean: the one that goes with JMH's arithmetic mean of the iterations' rates, so that
     * {@code things / period} of the aggregate is the mean rate. (The arithmetic mean of periods
     * of 1 s and 2 s is 1.5 s; the mean of their rates, 1 and 0.5 per s, is 0.75 per s: 1 / 1.33 s.)
     * Keeps every value, scores their harmonic mean; no error is given.
     */
    static final class HarmonicMeanResult extends Result<HarmonicMeanResult> {
        private static final long serialVersionUID = 1L;

        HarmonicMeanResult(String label, Statistics values, String unit) {
            super(ResultRole.SECONDARY, label, values, unit, AggregationPolicy.AVG);
        }

        @Override
        public double getScore() {
            double reciprocals = 0;
            long n = 0;
            for (Iterator<Map.Entry<Double, Long>> it = statistics.getRawData(); it.hasNext(); ) {
                Map.Entry<Double, Long> e = it.next();
                reciprocals += e.getValue() / e.getKey();
                n += e.getValue();
            }
            return n == 0 ? Double.NaN : n / reciprocals;
        }

        @Override
        public double getScoreError() {
            return Double.NaN;
        }

        @Override
        public double[] getScoreConfidence() {
            return new double[] {Double.NaN, Double.NaN};
        }

        @Override
        protected Aggregator<HarmonicMeanResult> getThreadAggregator() {
            return HarmonicMeanResult::merge;
        }

        @Override
        protected Aggregator<HarmonicMeanResult> getIterationAggregator() {
            return HarmonicMeanResult::merge;
        }

        private static HarmonicMeanResult merge(Collection<HarmonicMeanResult> results) {
            ListStatistics all = new ListStatistics();
            String label = null;
            String unit = null;
            for (HarmonicMeanResult r : results) {
                label = r.getLabel();
                unit = r.getScoreUnit();
                for (Iterator<Map.Entry<Double, Long>> it = r.getStatistics().getRawData(); it.hasNext(); ) {
                    Map.Entry<Double, Long> e = it.next();
                    for (long i = 0; i < e.getValue(); i++) {
                        all.addValue(e.getKey());
                    }
                }
            }
            return new HarmonicMeanResult(label, all, unit);
        }
    }
}
