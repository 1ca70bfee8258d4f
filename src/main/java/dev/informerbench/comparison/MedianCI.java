package dev.informerbench.comparison;

/**
 * The median of some samples and a distribution-free confidence interval for it, as Go's
 * benchstat computes it: the interval between two order statistics x(k) and x(n+1-k), with
 * the largest k whose coverage 1 - 2·P(B ≤ k-1), B ~ Binomial(n, 1/2), still reaches the
 * confidence level. No assumption of normality, which benchmark scores rarely meet. With
 * too few samples no such k exists (fewer than 6 for 95%): the interval is then unbounded.
 *
 * @param bounded false when there are too few samples for an interval at this confidence
 */
public record MedianCI(double median, double low, double high, double confidence, int n, boolean bounded) {

    public static MedianCI of(Samples samples, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, not " + confidence);
        }
        double[] s = samples.sorted();
        int n = s.length;
        if (n == 0) {
            return new MedianCI(Double.NaN, Double.NaN, Double.NaN, confidence, 0, false);
        }
        double median = samples.median();
        int k = orderStatistic(n, confidence);
        if (k == 0) {
            return new MedianCI(median, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, confidence, n, false);
        }
        return new MedianCI(median, s[k - 1], s[n - k], confidence, n, true);
    }

    /**
     * The largest k (1-based) such that [x(k), x(n+1-k)] covers the median with at least the
     * given probability; 0 when even [min, max] does not.
     */
    static int orderStatistic(int n, double confidence) {
        double tail = (1 - confidence) / 2;
        // P(B <= j) for B ~ Binomial(n, 1/2), summed in log space so that large n do not overflow.
        double logPmf = -n * Math.log(2); // P(B = 0)
        double cdf = 0;
        int k = 0;
        for (int j = 0; j < (n + 1) / 2; j++) {
            if (j > 0) {
                logPmf += Math.log(n - j + 1) - Math.log(j);
            }
            cdf += Math.exp(logPmf);
            // [x(j+1), x(n-j)] misses the median with probability 2·P(B <= j).
            if (cdf <= tail * (1 + 1e-12)) {
                k = j + 1;
            } else {
                break;
            }
        }
        return k;
    }

    /** The smallest sample count with a bounded interval at this confidence (6 for 95%). */
    public static int minimumSamples(double confidence) {
        int n = 1;
        while (orderStatistic(n, confidence) == 0) {
            n++;
        }
        return n;
    }

    /** The larger distance from the median to a bound, relative to the median, in percent. */
    public double halfWidthPercent() {
        if (!bounded) {
            return Double.POSITIVE_INFINITY;
        }
        double half = Math.max(high - median, median - low);
        if (half == 0) {
            return 0;
        }
        return median == 0 ? Double.POSITIVE_INFINITY : 100 * half / Math.abs(median);
    }

    /** The larger distance from the median to a bound, in the metric's unit; 0 when unbounded. */
    public double halfWidth() {
        return bounded ? Math.max(high - median, median - low) : 0;
    }
}
