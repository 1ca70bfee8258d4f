package dev.informerbench.statistics;

import java.util.List;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * When a row of an interleaved run has forks enough, for {@code --precision}: Kalibera and Jones'
 * two experiments. A pilot of {@link #PILOT_FORKS} forks a side measures the row's spread; from
 * the pilot alone the rule plans the forks a side of the measurement, the forks the result files
 * hold, so that its detectable change ({@link #detectablePercent}: what {@code compare} prints as
 * {@code detects}) reaches the target; the row runs to that plan (or {@code maxForks}, or the
 * budget's end) and is judged by compare's test on the measurement's forks alone.
 *
 * <p>Why the pilot is not part of the result, and why the rule does not stop a row as soon as its
 * {@code detects} reaches the target: that stops a row when its spread happens to be low, and
 * the test then divides by that low spread. Simulated (PrecisionTargetSimulationTest), such a rule
 * called 7% of A/A rows at alpha 5% from 3 forks a side, and still 6-7% at the worst targets from
 * 5 or 6; a pilot counted in the result, 6-7% too. The plan here depends on the pilot only, so the
 * measurement is tested as if its count had been fixed beforehand: 3.5-4.3% of A/A rows called,
 * in four shapes of noise.
 *
 * <p>The plan takes the pilot's spread at the upper end of its {@link #PLAN_CONFIDENCE} interval,
 * so that the measurement reaches the target about 4 times in 5 (forks that vary normally) rather
 * than one time in two; and
 * scales it to the measurement's iterations per fork ({@link IterationAllocation}).
 *
 * @param targetPercent the detectable change to reach, in percent (above 0)
 * @param maxForks the most forks a side of the measurement
 * @param alpha compare's significance level
 * @param power the power at which the detectable change is stated (compare's 0.8)
 */
public record PrecisionTarget(double targetPercent, int maxForks, double alpha, double power) {
    /**
     * The pilot's forks a side. A variance from fewer is too rough to plan by: with 3 a side (4
     * degrees of freedom) the upper 80% bound of the variance is 2.4 times the estimate, and the
     * plan as many times longer than the spread needs; with 5 (8 degrees of freedom) 1.7 times.
     */
    public static final int PILOT_FORKS = 5;
    /** The fewest forks a side of a measurement: Welch's test on fewer has hardly a degree of freedom. */
    public static final int MIN_FORKS = 3;
    /** A row whose pilot plans more than this many times {@code maxForks} stops after its pilot. */
    public static final int HOPELESS = 4;
    /** How sure the plan is to reach the target: the pilot's spread at this upper confidence bound. */
    public static final double PLAN_CONFIDENCE = 0.8;

    public PrecisionTarget {
        if (!(targetPercent > 0) || maxForks < MIN_FORKS) {
            throw new IllegalArgumentException("a precision target needs a target above 0 and at least " + MIN_FORKS
                    + " forks a side, not " + targetPercent + "% and " + maxForks);
        }
    }

    /** Where a row is: still measuring, or why it stopped. */
    public enum State {
        /** Its pilot is not complete. */
        PILOT,
        /** Its measurement has fewer forks than planned. */
        MEASURING,
        /** Planned forks measured, the target reached. */
        REACHED,
        /** Planned forks measured, the target missed (the plan is a projection). */
        MISSED,
        /** The plan needed more than {@code maxForks}: measured to the maximum. */
        MAX_FORKS,
        /** The pilot plans more than {@link #HOPELESS} times the maximum: stopped after it. */
        CANNOT_REACH;

        public boolean stops() {
            return this != PILOT && this != MEASURING;
        }
    }

    /**
     * @param detectablePercent the row's detectable change: the measurement's, the pilot's before it
     * @param forks the fewest forks of a side in the measurement
     * @param plannedForks the measurement's forks a side as planned (0 before the plan)
     * @param neededForks what the target needs by the pilot's spread, uncapped ({@link Integer#MAX_VALUE}: beyond
     *     10,000)
     */
    public record Decision(State state, double detectablePercent, int forks, int plannedForks, int neededForks) {}

    /**
     * The decision for a row: {@code pilot} and {@code measured} hold each contender's forks (the
     * base first), each fork its measured iterations ({@code [fork][iteration]}, as JMH's rawData);
     * {@code iterationsPerFork}: the measurement's (0: as in the pilot).
     */
    public Decision decide(List<List<double[]>> pilot, List<List<double[]>> measured, double iterationsPerFork) {
        int pilotForks = fewest(pilot);
        int forks = fewest(measured);
        if (pilotForks < PILOT_FORKS && measured.stream().allMatch(List::isEmpty)) {
            return new Decision(State.PILOT, widest(pilot), 0, 0, 0);
        }
        // a pilot cut short (a process failed) plans from what it has, from 2 forks a side
        int needed = pilotForks < 2 ? Integer.MAX_VALUE : plan(pilot, iterationsPerFork);
        int planned = Math.max(MIN_FORKS, Math.min(needed, maxForks));
        if (needed > (long) HOPELESS * maxForks) {
            return new Decision(State.CANNOT_REACH, widest(pilot), forks, planned, needed);
        }
        if (forks < planned) {
            return new Decision(State.MEASURING, forks < 2 ? widest(pilot) : widest(measured), forks, planned, needed);
        }
        double detects = widest(measured);
        State state = detects <= targetPercent ? State.REACHED : needed > maxForks ? State.MAX_FORKS : State.MISSED;
        return new Decision(state, detects, forks, planned, needed);
    }

    /**
     * The forks a side the measurement needs, from the pilot alone: each contender's Welch
     * comparison with the base, its standard error taken at its upper {@link #PLAN_CONFIDENCE} bound
     * (chi-square on Welch's degrees of freedom) and scaled to {@code iterationsPerFork}, shrunk as
     * 1/√n until its detectable change (t on 2n - 2 degrees of freedom) reaches the target; the
     * most over the contenders.
     */
    int plan(List<List<double[]>> pilot, double iterationsPerFork) {
        double scale = IterationAllocation.spreadScale(VarianceComponents.of(pilot), iterationsPerFork);
        int most = MIN_FORKS;
        for (int i = 1; i < pilot.size(); i++) {
            Ratio r = ratio(pilot.get(0), pilot.get(i), alpha);
            if (!r.bounded()) {
                return Integer.MAX_VALUE;
            }
            double reach = r.logScale() ? Math.log1p(targetPercent / 100) : targetPercent / 100;
            double upper = r.se() == 0 ? 0
                    : r.df() / ChiSquaredDistribution.of(r.df()).inverseCumulativeProbability(1 - PLAN_CONFIDENCE);
            int forks = Math.min(Samples.ofForks(pilot.get(0)).forkCount(), Samples.ofForks(pilot.get(i)).forkCount());
            most = Math.max(most, forksFor(r.se() * Math.sqrt(upper * scale * forks), reach));
        }
        return most;
    }

    /** The fewest n for which (t(alpha/2) + t(power)) · spread / √n, t at 2n - 2 degrees of freedom, is in reach. */
    int forksFor(double spread, double reach) {
        if (spread == 0) {
            return MIN_FORKS;
        }
        // normal quantiles first: t's are larger, so n is at least this
        NormalDistribution z = NormalDistribution.of(0, 1);
        double atLeast = Math.pow((z.inverseSurvivalProbability(alpha / 2) + z.inverseCumulativeProbability(power))
                * spread / reach, 2);
        for (int n = Math.max(2, (int) atLeast); n <= 10_000; n++) {
            TDistribution t = TDistribution.of(2.0 * n - 2);
            if ((t.inverseSurvivalProbability(alpha / 2) + t.inverseCumulativeProbability(power)) * spread
                    / Math.sqrt(n) <= reach) {
                return n;
            }
        }
        return Integer.MAX_VALUE;
    }

    /**
     * The change {@code compare} would detect between two sides of a row, whichever way it went:
     * its test on the forks' means (the iterations of a single fork), no drift allowance.
     */
    public static double detectablePercent(List<double[]> base, List<double[]> other, double alpha, double power) {
        return ratio(base, other, alpha).detectablePercentEitherWay(0, power);
    }

    /** The largest detectable change of the contenders against the base; ∞ with fewer than two forks a side. */
    private double widest(List<List<double[]>> contenders) {
        double most = 0;
        for (int i = 1; i < contenders.size(); i++) {
            most = Math.max(most, detectablePercent(contenders.get(0), contenders.get(i), alpha, power));
        }
        return contenders.size() < 2 ? Double.POSITIVE_INFINITY : most;
    }

    private static int fewest(List<List<double[]>> contenders) {
        return contenders.stream().mapToInt(c -> c.isEmpty() ? 0 : Samples.ofForks(c).forkCount()).min().orElse(0);
    }

    private static Ratio ratio(List<double[]> base, List<double[]> other, double alpha) {
        return ForkStatistics.ratio(Samples.ofForks(base).values(), Samples.ofForks(other).values(), 1 - alpha);
    }
}
