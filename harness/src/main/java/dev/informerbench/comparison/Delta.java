package dev.informerbench.comparison;

import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Ratio;
import java.util.Locale;

/**
 * A file against the base in one row.
 *
 * @param changePercent the change of the mean, (new - base) / |base| · 100; ±∞ from a base of 0
 * @param pValue two-sided p-value of no change (Welch's t on the forks' means, or the paired t of the rounds'
 *     ratios); NaN when a side has too few samples
 * @param noiseFloorPercent the smallest change this row could call: the half-width of the
 *     ratio's interval with min-change added in quadrature; ∞ when there is no interval
 * @param detectablePercent the change this row's design would call 4 times in 5 ({@link #POWER}); a
 *     {@code ~} row rules out only what lies outside its change ± noise; ∞ when there is no interval
 * @param paired whether the forks were compared round by round ({@link ForkStatistics#pairedRatio})
 * @param note a caveat, e.g. one fork only, or a change inside min-change; null if none
 */
public record Delta(double changePercent, double pValue, double noiseFloorPercent, double detectablePercent,
        int baseN, int n, boolean significant, boolean paired, Verdict verdict, String note) {
    /** The power at which {@link #detectablePercent} is stated. */
    public static final double POWER = 0.8;

    /**
     * {@code other} against {@code base}: significant when the change lies outside the ratio's
     * {@code 1 - alpha} interval widened by {@code minChange} percent; null where a side is missing.
     * {@code paired}: the files' forks are rounds of one interleaved run, the i-th of each measured
     * together; they are compared round by round where both sides have the same number of forks.
     */
    static Delta of(Cell base, Cell other, Direction direction, double alpha, double minChange, boolean paired) {
        return of(base, other, direction, alpha, minChange, paired, 0);
    }

    /**
     * As above, for a metric whose means differ meaningfully only by {@code resolution} or more
     * ({@code SuiteMetric#resolution}): a smaller difference is not called, with a note saying so.
     */
    static Delta of(Cell base, Cell other, Direction direction, double alpha, double minChange, boolean paired,
            double resolution) {
        Delta delta = unresolved(base, other, direction, alpha, minChange, paired);
        if (delta != null && delta.significant && Math.abs(other.center() - base.center()) < resolution) {
            String difference = String.format(Locale.ROOT, "%.2g", Math.abs(other.center() - base.center()));
            return new Delta(delta.changePercent, delta.pValue, delta.noiseFloorPercent, delta.detectablePercent,
                    delta.baseN, delta.n, false, delta.paired, Verdict.NO_DIFFERENCE, "a difference of " + difference
                    + ", under the metric's resolution (" + ReportNumbers.plain(resolution) + "): not called");
        }
        return delta;
    }

    private static Delta unresolved(Cell base, Cell other, Direction direction, double alpha, double minChange,
            boolean paired) {
        if (!base.present() || !other.present()) {
            return null;
        }
        int n1 = base.n();
        int n2 = other.n();
        if (n1 == 0 || n2 == 0) {
            return new Delta(changePercent(base.center(), other.center()), Double.NaN, Double.POSITIVE_INFINITY,
                    Double.POSITIVE_INFINITY, n1, n2, false, false, Verdict.NOT_COMPARED,
                    "no samples (n=" + n1 + "+" + n2 + ")");
        }
        boolean byRound = paired && n1 == n2 && n1 >= ForkStatistics.MIN_ROUNDS && base.samples().forkCount() == n1
                && other.samples().forkCount() == n2;
        Ratio ratio = byRound
                ? ForkStatistics.pairedRatio(base.samples().values(), other.samples().values(), 1 - alpha)
                : ForkStatistics.ratio(base.samples().values(), other.samples().values(), 1 - alpha);
        // paired, the change is the rounds' (geometric) mean ratio: the one tested, and the noise's centre
        double change = byRound ? ratio.changePercent() : changePercent(base.center(), other.center());
        boolean significant = ratio.beyondNoise(minChange);
        String note = null;
        if (!ratio.bounded()) {
            note = n1 < 2 || n2 < 2 ? "one sample on a side (n=" + n1 + "+" + n2 + "): no interval, no verdict"
                    : "the base is 0: no ratio";
        } else if (ratio.excludesNoChange() && !significant) {
            note = "beyond the noise inside the files, but not beyond the drift between runs (--min-change "
                    + ReportNumbers.plain(minChange) + "%)";
        } else if (base.samples().forkCount() == 1 || other.samples().forkCount() == 1) {
            note = "one fork: the interval holds iteration noise only, not the variation between JVMs";
        }
        return new Delta(change, ratio.pValue(), ratio.noiseFloorPercent(minChange),
                ratio.detectablePercent(minChange, POWER), n1, n2, significant, byRound,
                verdict(significant, change, direction), note);
    }

    private static Verdict verdict(boolean significant, double change, Direction direction) {
        if (!significant) {
            return Verdict.NO_DIFFERENCE;
        }
        if (direction == Direction.UNKNOWN || change == 0 || Double.isNaN(change)) {
            return Verdict.CHANGED;
        }
        return change > 0 == (direction == Direction.HIGHER_IS_BETTER) ? Verdict.BETTER : Verdict.WORSE;
    }

    /** (new - base) / |base| in percent; 0 → 0 is no change, 0 → x is ±∞. */
    static double changePercent(double base, double value) {
        if (Double.isNaN(base) || Double.isNaN(value)) {
            return Double.NaN;
        }
        if (base == 0) {
            return value == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, value);
        }
        return (value - base) / Math.abs(base) * 100;
    }
}
