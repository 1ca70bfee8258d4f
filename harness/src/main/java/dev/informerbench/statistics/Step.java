package dev.informerbench.statistics;

import java.util.Arrays;

/**
 * A fork's iterations split into a before and an after segment at two levels: the two
 * segments' means and sizes. What {@link Stationarity} calls {@link Stationarity.Kind#TWO_LEVELS}.
 */
record Step(double before, double after, int countBefore, int countAfter) {
    double relative() {
        return (after - before) / before;
    }

    /**
     * The best split of one fork into a before and an after segment (each of at least
     * {@link Stationarity#MIN_SEGMENT} iterations), if its means differ by at least
     * {@link Stationarity#MIN_STEP} of the lower one and {@link Stationarity#STEP_VS_SPREAD} ×
     * the larger range; null if there is none.
     */
    static Step find(double[] x) {
        int n = x.length;
        Step best = null;
        double bestRatio = 0;
        for (int k = Stationarity.MIN_SEGMENT; k <= n - Stationarity.MIN_SEGMENT; k++) {
            double[] a = Arrays.copyOfRange(x, 0, k);
            double[] b = Arrays.copyOfRange(x, k, n);
            double ma = ForkStatistics.mean(a);
            double mb = ForkStatistics.mean(b);
            double gap = Math.abs(mb - ma);
            double lower = Math.min(Math.abs(ma), Math.abs(mb));
            double spread = Math.max(range(a), range(b));
            if (lower <= 0 || gap < Stationarity.MIN_STEP * lower || gap < Stationarity.STEP_VS_SPREAD * spread) {
                continue;
            }
            double ratio = spread == 0 ? Double.POSITIVE_INFINITY : gap / spread;
            if (best == null || ratio > bestRatio) {
                best = new Step(ma, mb, k, n - k);
                bestRatio = ratio;
            }
        }
        return best;
    }

    private static double range(double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return max - min;
    }
}
