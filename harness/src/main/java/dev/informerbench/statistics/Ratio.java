package dev.informerbench.statistics;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Another file against the base: {@code ratio} = 1 + change / 100, with its confidence
 * interval and the two-sided p-value of no change. Apart from {@link ForkStatistics}, which makes
 * it (Welch's or the paired test): this is what a change is then asked, its noise floor with the
 * drift between runs and the change the design could detect.
 *
 * @param halfWidth the interval's half-width on the comparison's scale: of the log of the
 *     ratio when {@code logScale}, else of the change as a fraction of the base
 * @param bounded false when a side rests on fewer than two units or the base is 0
 * @param se the standard error of the change on the same scale as {@code halfWidth}
 * @param df the degrees of freedom of its t distribution (Welch's, or n - 1 when paired)
 */
public record Ratio(double ratio, double low, double high, double pValue, double halfWidth, boolean logScale,
        boolean bounded, double se, double df) {
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    /** The interval lies wholly above or below 1 (no change). */
    public boolean excludesNoChange() {
        return beyondNoise(0);
    }

    /** The interval's half-width in percent; ∞ when there is no interval. */
    public double noiseFloorPercent() {
        return noiseFloorPercent(0);
    }

    /**
     * The half-width in percent once a drift between runs of ± {@code driftPercent} (as
     * wide as a 95% range) is added: the drift is independent of the noise inside the
     * files, so the two add in quadrature. A change smaller than this cannot be told from
     * none; ∞ when there is no interval.
     */
    public double noiseFloorPercent(double driftPercent) {
        if (!bounded) {
            return Double.POSITIVE_INFINITY;
        }
        double total = withDrift(driftPercent);
        // On the log scale the interval is symmetric around the ratio, not around the change:
        // the floor is given on the side the change went (a fall of 14.5% is as far as a rise of 17%).
        return 100 * (!logScale ? total : ratio < 1 ? 1 - Math.exp(-total) : Math.exp(total) - 1);
    }

    /** The change lies outside the interval widened by the drift. */
    public boolean beyondNoise(double driftPercent) {
        if (!bounded) {
            return false;
        }
        double centre = logScale ? Math.log(ratio) : ratio - 1;
        return Math.abs(centre) > withDrift(driftPercent);
    }

    /**
     * The smallest change this comparison's design would call with probability
     * {@code power}, in percent: a true change must clear the noise floor (drift included)
     * by t(power) times the spread of its estimate, which holds the drift too (its ±
     * {@code driftPercent} being a 95% range, sd drift / 1.96). On the side the change went,
     * as the noise floor is. ∞ without an interval; the floor alone when both sides are
     * constant.
     */
    public double detectablePercent(double driftPercent, double power) {
        return percent(detectableReach(driftPercent, power), ratio < 1);
    }

    /**
     * {@link #detectablePercent} on the side where it is larger (a rise, on the log scale): what the
     * design detects whichever way a change goes, so that a caller asking "is this row precise
     * enough?" ({@link PrecisionTarget}) does not look at which way the means went.
     */
    public double detectablePercentEitherWay(double driftPercent, double power) {
        return percent(detectableReach(driftPercent, power), false);
    }

    /** The detectable change on the comparison's scale (log of the ratio, or fraction of the base); ∞ unbounded. */
    double detectableReach(double driftPercent, double power) {
        if (!bounded) {
            return Double.POSITIVE_INFINITY;
        }
        double drift = (logScale ? Math.log1p(driftPercent / 100) : driftPercent / 100) / 1.96;
        double spread = Math.sqrt(se * se + drift * drift);
        // the drift alone (constant samples) is normal; with samples, t of their degrees of freedom
        double quantile = se == 0 ? NormalDistribution.of(0, 1).inverseCumulativeProbability(power)
                : TDistribution.of(df).inverseCumulativeProbability(power);
        return withDrift(driftPercent) + (spread == 0 ? 0 : quantile * spread);
    }

    /** A distance on the comparison's scale in percent, on the side of a fall or a rise. */
    private double percent(double reach, boolean fall) {
        if (Double.isInfinite(reach)) {
            return Double.POSITIVE_INFINITY;
        }
        return 100 * (!logScale ? reach : fall ? 1 - Math.exp(-reach) : Math.exp(reach) - 1);
    }

    private double withDrift(double driftPercent) {
        double drift = logScale ? Math.log1p(driftPercent / 100) : driftPercent / 100;
        return Math.sqrt(halfWidth * halfWidth + drift * drift);
    }
}
