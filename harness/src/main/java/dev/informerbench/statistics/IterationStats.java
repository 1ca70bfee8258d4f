package dev.informerbench.statistics;

import dev.informerbench.metrics.Merge;
import java.util.Arrays;

/**
 * Summary statistics of a metric's iteration values (or histogram values, each with a count),
 * from which a merge of result files recomputes what JMH reports.
 *
 * @param m2 the sum of squared deviations from the mean
 * @param sorted the values in ascending order, {@code sortedCounts} their counts
 */
public record IterationStats(long n, double mean, double sum, double min, double max, double m2, double[] sorted,
        long[] sortedCounts) {
    /** The values, each with a count (null: each once). */
    public static IterationStats of(double[] values, long[] counts) {
        long n = 0;
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < values.length; i++) {
            long c = counts == null ? 1 : counts[i];
            if (c == 0) {
                continue;
            }
            n += c;
            sum += values[i] * c;
            min = Math.min(min, values[i]);
            max = Math.max(max, values[i]);
        }
        double mean = n == 0 ? Double.NaN : sum / n;
        double m2 = 0;
        for (int i = 0; i < values.length; i++) {
            long c = counts == null ? 1 : counts[i];
            m2 += c * (values[i] - mean) * (values[i] - mean);
        }
        Integer[] order = new Integer[values.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        double[] sorted = new double[values.length];
        long[] sortedCounts = new long[values.length];
        for (int i = 0; i < order.length; i++) {
            sorted[i] = values[order[i]];
            sortedCounts[i] = counts == null ? 1 : counts[order[i]];
        }
        return new IterationStats(n, mean, sum, min, max, m2, sorted, sortedCounts);
    }

    public double stddev() {
        return n > 1 ? Math.sqrt(m2 / (n - 1)) : Double.NaN;
    }

    /**
     * The percentile as JMH reports it (commons-math's legacy estimate: position p(n+1)/100,
     * interpolated; the minimum at 0 and below the first position, the maximum past the last).
     */
    public double percentile(double p) {
        if (n == 0) {
            return Double.NaN;
        }
        if (p == 0) {
            return min;
        }
        double pos = p * (n + 1) / 100;
        if (pos < 1) {
            return min;
        }
        if (pos >= n) {
            return max;
        }
        long lower = (long) Math.floor(pos);
        double d = pos - lower;
        double lo = valueAtRank(lower);
        double hi = valueAtRank(lower + 1);
        return lo + d * (hi - lo);
    }

    /** The value at 1-based rank {@code rank} among all n (counts expanded). */
    private double valueAtRank(long rank) {
        long seen = 0;
        for (int i = 0; i < sorted.length; i++) {
            seen += sortedCounts[i];
            if (seen >= rank) {
                return sorted[i];
            }
        }
        return max;
    }

    /** The one figure {@code merge} makes of these values. */
    public double score(Merge merge) {
        return switch (merge) {
            case MEAN -> mean;
            case SUM -> sum;
            case MAX -> max;
            case MIN -> min;
            case HARMONIC_MEAN -> harmonicMean();
        };
    }

    private double harmonicMean() {
        double reciprocals = 0;
        for (int i = 0; i < sorted.length; i++) {
            reciprocals += sortedCounts[i] / sorted[i];
        }
        return n == 0 ? Double.NaN : n / reciprocals;
    }
}
