package dev.informerbench.statistics;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Confidence intervals for results measured as forks × iterations, with forks as the unit.
 *
 * <p>Iterations of one fork are not independent: they share the JVM's JIT decisions, its heap
 * layout and the machine's state at that moment, so a fork's luck moves all of them together.
 * Taking them as independent samples is what made two runs of the same code "differ" at
 * p=0.002. Forks are independent, so each fork contributes one value, the mean of its measured
 * iterations, and the statistics are Student's and Welch's t over those values: the file's
 * estimate is the mean of its forks' means, its interval a t-interval, and the change against
 * another file Welch's t on the log of the ratio of the two estimates (delta method), with
 * Welch-Satterthwaite's degrees of freedom. With the 2-6 forks a run affords, t's fat tails
 * are what keeps two runs of the same code from being called different: the interval of 2
 * forks is wide, as it should be.
 *
 * <p>A bootstrap over forks would only reproduce these standard errors (and a two-level one,
 * forks then iterations within them as in Kalibera and Jones, counts the iteration noise twice:
 * it is already in each fork's mean), while making p-values coarse with so few forks.
 *
 * <p>A result with one fork has only its iterations: they are then the units, and the
 * interval holds iteration noise alone (callers say so). One value gives no interval.
 */
public final class ForkStatistics {
    /** The fewest rounds a paired comparison rests on. */
    public static final int MIN_ROUNDS = 3;

    private ForkStatistics() {}

    /**
     * One file's mean with its confidence interval.
     *
     * @param units how many independent values it rests on: forks, or iterations of a single fork
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

    /** The mean of the units with a two-sided t-interval at {@code confidence}. */
    public static Interval mean(double[] units, double confidence) {
        int n = units.length;
        double m = n == 0 ? Double.NaN : mean(units);
        if (n < 2) {
            return new Interval(m, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, n, false);
        }
        double half = t(n - 1, confidence) * Math.sqrt(variance(units) / n);
        return new Interval(m, m - half, m + half, n, true);
    }

    /**
     * other against base, the units being fork means (or iterations of a single fork). On the
     * log scale when every value is above 0 (times and rates, where a ratio is what matters);
     * otherwise, for counts that can be 0, as a difference relative to the base.
     */
    public static Ratio ratio(double[] base, double[] other, double confidence) {
        int nb = base.length;
        int no = other.length;
        double mb = nb == 0 ? Double.NaN : mean(base);
        double mo = no == 0 ? Double.NaN : mean(other);
        if (allZero(base) && allZero(other) && nb > 0 && no > 0) {
            return new Ratio(1, 1, 1, 1, 0, false, true, 0, Double.NaN);
        }
        double change = (mo - mb) / Math.abs(mb);
        if (nb < 2 || no < 2 || mb == 0 || !Double.isFinite(change)) {
            return unbounded(change);
        }
        boolean logs = Arrays.stream(base).allMatch(v -> v > 0) && Arrays.stream(other).allMatch(v -> v > 0);
        // Each side's squared standard error, relative to its own mean on the log scale (delta
        // method), relative to the base's mean on the linear one.
        double vb = variance(base) / nb / (mb * mb);
        double vo = variance(other) / no / (logs ? mo * mo : mb * mb);
        double centre = logs ? Math.log(mo / mb) : change;
        double se = Math.sqrt(vb + vo);
        if (se == 0) {
            // No variation on either side: constant samples, e.g. a count or a rate a limiter fixes.
            double p = centre == 0 ? 1 : 0;
            return new Ratio(1 + change, 1 + change, 1 + change, p, 0, logs, true, 0, Double.NaN);
        }
        double df = (vb + vo) * (vb + vo) / (vb * vb / (nb - 1) + vo * vo / (no - 1));
        return tested(logs ? mo / mb : 1 + change, centre, se, df, logs, confidence);
    }

    /**
     * other against base where the i-th units of the two were measured together (the i-th fork
     * round of an interleaved run): the t-test of the mean of the n differences, on the log
     * scale when every value is above 0. Tighter than {@link #ratio} when what the two units of a
     * round share (the machine's state in that round) is a large part of their variation; with
     * n - 1 degrees of freedom instead of about 2n - 2, wider when it is not. Needs
     * {@link #MIN_ROUNDS} rounds; with fewer there is no interval.
     *
     * @throws IllegalArgumentException when the two sides have different numbers of units
     */
    public static Ratio pairedRatio(double[] base, double[] other, double confidence) {
        // (two rounds whose ratios happen to agree would be "certain" at 1 degree of freedom)
        if (base.length != other.length) {
            throw new IllegalArgumentException("paired samples of different sizes: " + base.length + " and "
                    + other.length);
        }
        int n = base.length;
        double mb = n == 0 ? Double.NaN : mean(base);
        double mo = n == 0 ? Double.NaN : mean(other);
        if (allZero(base) && allZero(other) && n > 0) {
            return new Ratio(1, 1, 1, 1, 0, false, true, 0, Double.NaN);
        }
        double change = (mo - mb) / Math.abs(mb);
        if (n < MIN_ROUNDS || mb == 0 || !Double.isFinite(change)) {
            return unbounded(change);
        }
        boolean logs = Arrays.stream(base).allMatch(v -> v > 0) && Arrays.stream(other).allMatch(v -> v > 0);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = logs ? Math.log(other[i] / base[i]) : (other[i] - base[i]) / Math.abs(mb);
        }
        double centre = mean(d);
        double se = Math.sqrt(variance(d) / n);
        if (se == 0) {
            double p = centre == 0 ? 1 : 0;
            double r = logs ? Math.exp(centre) : 1 + centre;
            return new Ratio(r, r, r, p, 0, logs, true, 0, Double.NaN);
        }
        return tested(logs ? Math.exp(centre) : 1 + centre, centre, se, n - 1, logs, confidence);
    }

    /** The interval and p-value of a change estimated as {@code centre} ± t(df) · se. */
    private static Ratio tested(double ratio, double centre, double se, double df, boolean logs, double confidence) {
        TDistribution t = TDistribution.of(df);
        double half = t.inverseSurvivalProbability((1 - confidence) / 2) * se;
        double p = Math.min(1, 2 * t.survivalProbability(Math.abs(centre) / se));
        if (logs) {
            return new Ratio(ratio, ratio * Math.exp(-half), ratio * Math.exp(half), p, half, true, true, se, df);
        }
        return new Ratio(ratio, ratio - half, ratio + half, p, half, false, true, se, df);
    }

    private static Ratio unbounded(double change) {
        return new Ratio(1 + change, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN,
                Double.POSITIVE_INFINITY, false, false, Double.NaN, Double.NaN);
    }

    /** Student's t quantile for a two-sided interval at {@code confidence}. */
    static double t(double df, double confidence) {
        return TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    static double variance(double[] values) {
        double m = mean(values);
        double s = 0;
        for (double v : values) {
            s += (v - m) * (v - m);
        }
        return s / (values.length - 1);
    }

    private static boolean allZero(double[] values) {
        return Arrays.stream(values).allMatch(v -> v == 0);
    }
}
