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

    @Test
    void aChangeAsLargeAsTheDetectableOneIsCalledAboutFourTimesInFive() {
        Random random = new Random(7);
        int forks = 6;
        double forkCv = 0.03;
        double detectable = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, forks, 0);
            detectable += ForkStatistics.ratio(forks(random, 0, forkCv, none), forks(random, 0, forkCv, none), 0.95)
                    .detectablePercent(0, 0.8);
        }
        detectable /= ROWS;
        int called = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, forks, 0);
            ForkStatistics.Ratio ratio = ForkStatistics.ratio(forks(random, 0, forkCv, none),
                    forks(random, detectable / 100, forkCv, none), 0.95);
            called += ratio.beyondNoise(0) ? 1 : 0;
        }
        // 80% by construction of the statement; the estimate of se from 6 forks makes it approximate.
        assertThat((double) called / ROWS).isBetween(0.70, 0.90);
        // 3% per fork and 6 forks a side: (t + t80) · 3% · sqrt(2/6) is about 5.5%
        assertThat(detectable).isBetween(4.0, 7.0);
    }

    @Test
    void withADriftAllowanceTheDetectableChangeIsStillCalledFourTimesInFive() {
        // Runs made apart: the other side drifts by a random 10% (a 95% range, sd 10/1.96%), the
        // allowance compare adds for it; a change as large as "detects" must still be called ~80%.
        Random random = new Random(19);
        int forks = 6;
        double drift = 10;
        double detectable = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, forks, 0);
            detectable += ForkStatistics.ratio(forks(random, 0, 0.03, none), forks(random, 0, 0.03, none), 0.95)
                    .detectablePercent(drift, 0.8);
        }
        detectable /= ROWS;
        int called = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, forks, 0);
            double shift = (1 + detectable / 100) * Math.exp(Math.log1p(drift / 100) / 1.96 * random.nextGaussian());
            called += ForkStatistics.ratio(forks(random, 0, 0.03, none), forks(random, shift - 1, 0.03, none), 0.95)
                    .beyondNoise(drift) ? 1 : 0;
        }
        assertThat((double) called / ROWS).isBetween(0.72, 0.88);
        ForkStatistics.Ratio r = ForkStatistics.ratio(new double[] {100, 102, 98}, new double[] {101, 99, 103}, 0.95);
        assertThat(r.detectablePercent(10, 0.8)).isGreaterThan(r.detectablePercent(0, 0.8))
                .isGreaterThan(r.noiseFloorPercent(10));
        assertThat(ForkStatistics.ratio(new double[] {5}, new double[] {5, 6}, 0.95).detectablePercent(0, 0.8))
                .isInfinite();
    }

    @Test
    void pairingRemovesWhatTheRoundsShareAndKeepsFalseAlarmsNearFivePercent() {
        Random random = new Random(11);
        int forks = 8;
        int pairedAlarms = 0;
        int unpairedAlarms = 0;
        double pairedWidth = 0;
        double unpairedWidth = 0;
        for (int r = 0; r < ROWS; r++) {
            // each round moves both contenders alike by 6%; a fork's own luck is 1.5%
            double[] round = rounds(random, forks, 0.06);
            double[] a = forks(random, 0, 0.015, round);
            double[] b = forks(random, 0, 0.015, round);
            ForkStatistics.Ratio paired = ForkStatistics.pairedRatio(a, b, 0.95);
            ForkStatistics.Ratio unpaired = ForkStatistics.ratio(a, b, 0.95);
            pairedAlarms += paired.excludesNoChange() ? 1 : 0;
            unpairedAlarms += unpaired.excludesNoChange() ? 1 : 0;
            pairedWidth += paired.noiseFloorPercent();
            unpairedWidth += unpaired.noiseFloorPercent();
        }
        assertThat((double) pairedAlarms / ROWS).isBetween(0.03, 0.07);
        assertThat((double) unpairedAlarms / ROWS).isLessThan(0.07);
        assertThat(pairedWidth / ROWS).isLessThan(unpairedWidth / ROWS / 2);
    }

    @Test
    void withoutARoundEffectPairingOnlyCostsDegreesOfFreedom() {
        Random random = new Random(13);
        int forks = 4;
        int alarms = 0;
        double pairedWidth = 0;
        double unpairedWidth = 0;
        for (int r = 0; r < ROWS; r++) {
            double[] none = rounds(random, forks, 0);
            double[] a = forks(random, 0, 0.03, none);
            double[] b = forks(random, 0, 0.03, none);
            ForkStatistics.Ratio paired = ForkStatistics.pairedRatio(a, b, 0.95);
            alarms += paired.excludesNoChange() ? 1 : 0;
            pairedWidth += paired.noiseFloorPercent();
            unpairedWidth += ForkStatistics.ratio(a, b, 0.95).noiseFloorPercent();
        }
        assertThat((double) alarms / ROWS).isBetween(0.03, 0.07);
        assertThat(pairedWidth).isGreaterThan(unpairedWidth);
    }

    @Test
    void aFallIsStatedOnItsOwnSide() {
        // the same spread relative to each side's mean: the same reach on the log scale
        ForkStatistics.Ratio fall = ForkStatistics.ratio(new double[] {100, 102, 98}, new double[] {80, 81.6, 78.4}, 0.95);
        ForkStatistics.Ratio rise = ForkStatistics.ratio(new double[] {100, 102, 98}, new double[] {120, 122.4, 117.6}, 0.95);
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
