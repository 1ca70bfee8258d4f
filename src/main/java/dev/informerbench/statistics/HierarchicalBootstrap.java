package dev.informerbench.statistics;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Confidence intervals for results measured as forks × iterations, where iterations of one
 * fork are not independent (they share the JVM's JIT decisions, heap layout and the machine's
 * state at that moment) and forks are.
 *
 * <p>The estimate of a file is the mean of its forks' means. Its spread is found by a
 * hierarchical bootstrap (Kalibera &amp; Jones, "Rigorous Benchmarking in Reasonable Time",
 * 2013): draw forks with replacement, then within each drawn fork its iterations with
 * replacement, and take the mean again, {@value #RESAMPLES} times. A result with one fork has
 * only its iterations to draw from: its interval then holds iteration noise alone.
 *
 * <p>With the few forks a benchmark run affords (2-6), a plain percentile bootstrap is too
 * narrow: it under-states the variance by (n-1)/n and has normal tails where Student's t has
 * fat ones. So the bootstrap deviations are widened by √(n/(n-1)) per side and then by
 * t(df)/z, with Welch-Satterthwaite's df for a ratio (Hesterberg's "expanded percentile"
 * interval). With 2 forks an interval is wide, as it should be; with 1 sample it is unbounded.
 *
 * <p>Resampling is seeded by the caller, so the same files give the same report.
 */
public final class HierarchicalBootstrap {
    /** Enough for stable 2.5% and 97.5% quantiles (±0.3 percentile points). */
    public static final int RESAMPLES = 4000;

    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private HierarchicalBootstrap() {}

    /**
     * The mean of one file's forks with its confidence interval.
     *
     * @param units how many independent units it rests on: forks, or iterations of a single fork
     * @param bounded false with fewer than two units: no interval exists
     */
    public record Interval(double estimate, double low, double high, int units, boolean bounded) {
        /** The larger distance from the estimate to a bound, in percent of the estimate. */
        public double halfWidthPercent() {
            if (!bounded) {
                return Double.POSITIVE_INFINITY;
            }
            double half = halfWidth();
            if (half == 0) {
                return 0;
            }
            return estimate == 0 ? Double.POSITIVE_INFINITY : 100 * half / Math.abs(estimate);
        }

        /** The larger distance from the estimate to a bound; 0 when unbounded. */
        public double halfWidth() {
            return bounded ? Math.max(high - estimate, estimate - low) : 0;
        }
    }

    /**
     * A file's estimate against the base's: other / base, with its confidence interval and a
     * two-sided bootstrap p-value for "no change" (ratio 1).
     *
     * @param bounded false when either side rests on fewer than two units or the base is 0
     */
    public record Ratio(double ratio, double low, double high, double pValue, boolean bounded) {
        public double changePercent() {
            return (ratio - 1) * 100;
        }

        /** The interval lies wholly above or below 1. */
        public boolean excludesNoChange() {
            return bounded && (low > 1 || high < 1);
        }

        /**
         * The smallest change these samples could tell from noise: the larger distance from the
         * estimated ratio to a bound of its interval, in percent. A change inside it is {@code ~}.
         */
        public double noiseFloorPercent() {
            if (!bounded) {
                return Double.POSITIVE_INFINITY;
            }
            return 100 * Math.max(high / ratio - 1, 1 - low / ratio);
        }
    }

    /** The independent units: the forks, or the iterations of a single fork, each its own unit. */
    static List<double[]> units(List<double[]> forks) {
        if (forks.size() == 1) {
            return Arrays.stream(forks.get(0)).mapToObj(v -> new double[] {v}).toList();
        }
        return forks;
    }

    /** Mean of the forks' means (each fork weighs the same, whatever its iteration count). */
    public static double estimate(List<double[]> forks) {
        return mean(units(forks).stream().mapToDouble(HierarchicalBootstrap::mean).toArray());
    }

    public static Interval mean(List<double[]> forks, double confidence, long seed) {
        List<double[]> units = units(forks);
        int n = units.size();
        double estimate = n == 0 ? Double.NaN : estimate(forks);
        if (n < 2) {
            return new Interval(estimate, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, n, false);
        }
        double[] means = resample(units, new SplittableRandom(seed));
        double widen = Math.sqrt(n / (n - 1.0)) * tOverZ(n - 1, confidence);
        for (int b = 0; b < means.length; b++) {
            means[b] = estimate + widen * (means[b] - estimate);
        }
        Arrays.sort(means);
        double tail = (1 - confidence) / 2;
        return new Interval(estimate, quantile(means, tail), quantile(means, 1 - tail), n, true);
    }

    /**
     * other / base. In log space when every value is above 0 (times, rates: a ratio is what
     * matters), else as a difference relative to the base (counts that can be 0).
     */
    public static Ratio ratio(List<double[]> base, List<double[]> other, double confidence, long seed) {
        List<double[]> ub = units(base);
        List<double[]> uo = units(other);
        double eb = ub.isEmpty() ? Double.NaN : estimate(base);
        double eo = uo.isEmpty() ? Double.NaN : estimate(other);
        double point = eo / eb;
        if (eb == 0 && eo == 0 && allZero(base) && allZero(other)) {
            return new Ratio(1, 1, 1, 1, true);
        }
        if (ub.size() < 2 || uo.size() < 2 || eb == 0 || !Double.isFinite(point)) {
            return new Ratio(point, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, false);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] mb = resample(ub, random);
        double[] mo = resample(uo, random);
        boolean logs = allPositive(base) && allPositive(other);
        double cb = Math.sqrt(ub.size() / (ub.size() - 1.0));
        double co = Math.sqrt(uo.size() / (uo.size() - 1.0));
        double centre = logs ? Math.log(point) : point - 1;
        double[] sideB = new double[mb.length];
        double[] sideO = new double[mo.length];
        for (int b = 0; b < mb.length; b++) {
            // Each side's deviation from its own estimate, widened for its own sample count.
            sideB[b] = cb * (logs ? Math.log(mb[b]) - Math.log(eb) : (mb[b] - eb) / Math.abs(eb));
            sideO[b] = co * (logs ? Math.log(mo[b]) - Math.log(eo) : (mo[b] - eo) / Math.abs(eb));
        }
        double vb = variance(sideB);
        double vo = variance(sideO);
        if (vb + vo == 0) {
            // Not a single difference between resamples: the samples are constant on both sides.
            double p = point == 1 ? 1 : 0;
            return new Ratio(point, point, point, p, true);
        }
        double df = (vb + vo) * (vb + vo)
                / (vb * vb / (ub.size() - 1) + vo * vo / (uo.size() - 1));
        double widen = tOverZ(df, confidence);
        double[] d = new double[mb.length];
        int atOrBelow = 0;
        int atOrAbove = 0;
        for (int b = 0; b < d.length; b++) {
            d[b] = centre + widen * (sideO[b] - sideB[b]);
            atOrBelow += d[b] <= 0 ? 1 : 0;
            atOrAbove += d[b] >= 0 ? 1 : 0;
        }
        Arrays.sort(d);
        double tail = (1 - confidence) / 2;
        double lo = quantile(d, tail);
        double hi = quantile(d, 1 - tail);
        // Equal estimates are no evidence of a change at all, whatever the resamples' shape.
        double p = centre == 0 ? 1 : Math.min(1, 2.0 * Math.max(1, Math.min(atOrBelow, atOrAbove)) / d.length);
        return logs ? new Ratio(point, Math.exp(lo), Math.exp(hi), p, true)
                : new Ratio(point, 1 + lo, 1 + hi, p, true);
    }

    /** t quantile over normal quantile at the interval's level: how much fatter small-sample tails are. */
    static double tOverZ(double df, double confidence) {
        double q = 1 - (1 - confidence) / 2;
        return TDistribution.of(df).inverseCumulativeProbability(q) / NORMAL.inverseCumulativeProbability(q);
    }

    /** {@value #RESAMPLES} means of units drawn with replacement, each unit's values drawn with replacement. */
    private static double[] resample(List<double[]> units, SplittableRandom random) {
        int n = units.size();
        double[] means = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double[] unit = units.get(random.nextInt(n));
                if (unit.length == 1) {
                    sum += unit[0];
                } else {
                    double s = 0;
                    for (int j = 0; j < unit.length; j++) {
                        s += unit[random.nextInt(unit.length)];
                    }
                    sum += s / unit.length;
                }
            }
            means[b] = sum / n;
        }
        return means;
    }

    /** Linear interpolation between the order statistics of sorted values. */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int i = (int) Math.floor(h);
        return i + 1 >= sorted.length ? sorted[sorted.length - 1] : sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]);
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double variance(double[] values) {
        double m = mean(values);
        double s = 0;
        for (double v : values) {
            s += (v - m) * (v - m);
        }
        return s / (values.length - 1);
    }

    private static boolean allPositive(List<double[]> forks) {
        return forks.stream().flatMapToDouble(Arrays::stream).allMatch(v -> v > 0);
    }

    private static boolean allZero(List<double[]> forks) {
        return forks.stream().flatMapToDouble(Arrays::stream).allMatch(v -> v == 0);
    }
}
