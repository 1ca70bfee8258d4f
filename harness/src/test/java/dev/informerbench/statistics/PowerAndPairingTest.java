package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The detectable change and the paired comparison, checked by simulating the runs they describe. */
class PowerAndPairingTest {
    private static final int ROWS = 3000;

    /** n forks of a row: each at 100 × (1 + change) × its own luck (forkCv) × its round's (roundEffects). */
    private static double[] forks(Random random, double change, double forkCv, double[] roundEffects) {
        double[] v = new double[roundEffects.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = 100 * (1 + change) * (1 + forkCv * random.nextGaussian()) * (1 + roundEffects[i]);
        }
        return v;
    }

    private static double[] rounds(Random random, int n, double roundCv) {
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = roundCv * random.nextGaussian();
        }
        return r;
    }

    /** The mean "detects" over many A/A rows of 6 forks a side at 3% a fork, with a drift allowance. */
    private static double meanDetectable(Random random, double drift) {
        double sum = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, 6, 0);
            sum += ForkStatistics.ratio(forks(random, 0, 0.03, none), forks(random, 0, 0.03, none), 0.95)
                    .detectablePercent(drift, 0.8);
        }
        return sum / ROWS;
    }

    /**
     * How often a true change of {@code changePercent} is called with the allowance {@code drift},
     * the other side also drifting by a random amount of that size (a 95% range: sd drift / 1.96).
     */
    private static double calledAt(Random random, double changePercent, double drift) {
        int called = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, 6, 0);
            double shift = (1 + changePercent / 100) * Math.exp(Math.log1p(drift / 100) / 1.96 * random.nextGaussian());
            called += ForkStatistics.ratio(forks(random, 0, 0.03, none), forks(random, shift - 1, 0.03, none), 0.95)
                    .beyondNoise(drift) ? 1 : 0;
        }
        return (double) called / ROWS;
    }

    @Test
    void aChangeAsLargeAsTheDetectableOneIsCalledAboutFourTimesInFive() {
        Random random = new Random(7);
        double detectable = meanDetectable(random, 0);
        // 80% by construction of the statement; the estimate of se from 6 forks makes it approximate.
        assertThat(calledAt(random, detectable, 0)).isBetween(0.70, 0.90);
        // 3% per fork and 6 forks a side: (t + t80) · 3% · sqrt(2/6) is about 5.5%
        assertThat(detectable).isBetween(4.0, 7.0);
    }

    @Test
    void withADriftAllowanceTheDetectableChangeIsStillCalledFourTimesInFive() {
        // Runs made apart: the other side drifts by a random 10%, the allowance compare adds for it;
        // a change as large as "detects" must still be called about 80% of the time.
        Random random = new Random(19);
        double detectable = meanDetectable(random, 10);
        assertThat(calledAt(random, detectable, 10)).isBetween(0.72, 0.88);
        assertThat(detectable).isGreaterThan(meanDetectable(random, 0));
        Ratio r = ForkStatistics.ratio(new double[] {100, 102, 98}, new double[] {101, 99, 103}, 0.95);
        assertThat(r.detectablePercent(10, 0.8)).isGreaterThan(r.detectablePercent(0, 0.8))
                .isGreaterThan(r.noiseFloorPercent(10));
        assertThat(ForkStatistics.ratio(new double[] {5}, new double[] {5, 6}, 0.95).detectablePercent(0, 0.8))
                .isInfinite();
    }

    /** Over many A/A rows of {@code forks} rounds: false alarms and mean noise floors, paired and Welch's. */
    private record Pairing(double pairedAlarms, double unpairedAlarms, double pairedWidth, double unpairedWidth) {}

    private static Pairing aa(long seed, int forks, double roundCv, double forkCv) {
        Random random = new Random(seed);
        double[] sums = new double[4];
        for (int r = 0; r < ROWS; r++) {
            double[] round = rounds(random, forks, roundCv);
            double[] a = forks(random, 0, forkCv, round);
            double[] b = forks(random, 0, forkCv, round);
            Ratio paired = ForkStatistics.pairedRatio(a, b, 0.95);
            Ratio unpaired = ForkStatistics.ratio(a, b, 0.95);
            sums[0] += paired.excludesNoChange() ? 1 : 0;
            sums[1] += unpaired.excludesNoChange() ? 1 : 0;
            sums[2] += paired.noiseFloorPercent();
            sums[3] += unpaired.noiseFloorPercent();
        }
        return new Pairing(sums[0] / ROWS, sums[1] / ROWS, sums[2] / ROWS, sums[3] / ROWS);
    }

    @Test
    void pairingRemovesWhatTheRoundsShareAndKeepsFalseAlarmsNearFivePercent() {
        // each round moves both contenders alike by 6%; a fork's own luck is 1.5%
        Pairing p = aa(11, 8, 0.06, 0.015);
        assertThat(p.pairedAlarms()).isBetween(0.03, 0.07);
        assertThat(p.unpairedAlarms()).isLessThan(0.07);
        assertThat(p.pairedWidth()).isLessThan(p.unpairedWidth() / 2);
    }

    @Test
    void withoutARoundEffectPairingOnlyCostsDegreesOfFreedom() {
        Pairing p = aa(13, 4, 0, 0.03);
        assertThat(p.pairedAlarms()).isBetween(0.03, 0.07);
        assertThat(p.pairedWidth()).isGreaterThan(p.unpairedWidth());
    }

    @Test
    void aFallIsStatedOnItsOwnSide() {
        // the same spread relative to each side's mean: the same reach on the log scale
        Ratio fall = ForkStatistics.ratio(new double[] {100, 102, 98}, new double[] {80, 81.6, 78.4}, 0.95);
        Ratio rise = ForkStatistics.ratio(new double[] {100, 102, 98}, new double[] {120, 122.4, 117.6}, 0.95);
        // stated on its own side, a reach is smaller as a fall than as a rise, as the noise floor is
        assertThat(fall.detectablePercent(0, 0.8)).isLessThan(rise.detectablePercent(0, 0.8));
        assertThat(fall.detectablePercent(0, 0.8)).isGreaterThan(fall.noiseFloorPercent());
    }

    @Test
    void pairedSidesMustHaveOneUnitEach() {
        assertThatThrownBy(() -> ForkStatistics.pairedRatio(new double[] {1, 2}, new double[] {1, 2, 3}, 0.95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 and 3");
        assertThat(ForkStatistics.pairedRatio(new double[] {0, 0}, new double[] {0, 0}, 0.95).changePercent())
                .isZero();
        assertThat(ForkStatistics.pairedRatio(new double[] {2}, new double[] {3}, 0.95).bounded()).isFalse();
        // two rounds whose ratios agree are not a certainty
        assertThat(ForkStatistics.pairedRatio(new double[] {100, 200}, new double[] {110, 220}, 0.95).bounded())
                .isFalse();
    }
}
