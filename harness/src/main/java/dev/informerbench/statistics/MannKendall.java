package dev.informerbench.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Mann-Kendall's trend test over the iterations of one or more forks, in the order they ran:
 * S per fork, summed over the forks, its null distribution ("every fork's iterations in
 * random order") the convolution of the forks' — exact when there are no ties and few enough
 * pairs, normal otherwise. What {@link Stationarity} calls {@link Stationarity.Kind#TREND}.
 */
final class MannKendall {
    /**
     * Above this many within-fork pairs the exact null distribution of S is costly and the
     * normal approximation is good; below it the exact one is used.
     */
    static final int EXACT_PAIRS_LIMIT = 2_000;

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private MannKendall() {}

    /** Mann-Kendall S: concordant minus discordant pairs, in the order the iterations ran. */
    static long s(double[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                s += x[j] > x[i] ? 1 : x[j] < x[i] ? -1 : 0;
            }
        }
        return s;
    }

    /** Two-sided p of the summed S under "every fork's iterations in random order". */
    static double pValue(List<double[]> forks, long s) {
        if (s == 0) {
            return 1;
        }
        long pairs = forks.stream().mapToLong(f -> (long) f.length * (f.length - 1) / 2).sum();
        boolean ties = forks.stream().anyMatch(f -> Arrays.stream(f).distinct().count() < f.length);
        if (!ties && pairs <= EXACT_PAIRS_LIMIT) {
            // S = pairs - 2 × inversions; the inversion count of a random permutation of n has
            // the Mahonian distribution, and the forks are independent.
            double[] inversions = {1};
            for (double[] f : forks) {
                inversions = convolve(inversions, mahonian(f.length));
            }
            long most = (pairs - Math.abs(s)) / 2; // P(S >= |s|) = P(inversions <= most)
            double tail = 0;
            for (int k = 0; k <= most; k++) {
                tail += inversions[k];
            }
            return Math.min(1, 2 * tail);
        }
        double variance = 0;
        for (double[] f : forks) {
            variance += kendallVariance(f);
        }
        if (variance <= 0) {
            return 1;
        }
        double z = (Math.abs(s) - 1) / Math.sqrt(variance); // continuity correction
        return Math.min(1, 2 * STANDARD_NORMAL.survivalProbability(z));
    }

    /** The smallest p the test can give these forks: every fork perfectly monotone, no ties. */
    static double smallestPValue(List<double[]> forks) {
        List<double[]> ranks = new ArrayList<>();
        long s = 0;
        for (double[] f : forks) {
            double[] r = new double[f.length];
            Arrays.setAll(r, i -> i);
            ranks.add(r);
            s += (long) f.length * (f.length - 1) / 2;
        }
        return pValue(ranks, s);
    }

    /** Var(S) of one fork under the null, corrected for tied values. */
    private static double kendallVariance(double[] x) {
        int n = x.length;
        double v = n * (n - 1.0) * (2 * n + 5);
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        int i = 0;
        while (i < n) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) {
                j++;
            }
            int t = j - i;
            v -= t * (t - 1.0) * (2 * t + 5);
            i = j;
        }
        return v / 18;
    }

    /** Probability of k inversions in a random permutation of n, k = 0..n(n-1)/2. */
    static double[] mahonian(int n) {
        double[] p = {1};
        for (int m = 2; m <= n; m++) {
            double[] next = new double[p.length + m - 1];
            for (int k = 0; k < p.length; k++) {
                for (int add = 0; add < m; add++) {
                    next[k + add] += p[k] / m;
                }
            }
            p = next;
        }
        return p;
    }

    private static double[] convolve(double[] a, double[] b) {
        double[] c = new double[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] += a[i] * b[j];
            }
        }
        return c;
    }
}
