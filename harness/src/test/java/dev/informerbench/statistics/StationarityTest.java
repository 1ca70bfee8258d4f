package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.statistics.Stationarity.Direction;
import dev.informerbench.statistics.Stationarity.Kind;
import dev.informerbench.statistics.Stationarity.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StationarityTest {

    private static List<double[]> forks(double[]... forks) {
        return List.of(forks);
    }

    /** {@code rows} simulated rows of forks × iterations of Gaussian noise; the share flagged. */
    private static double falseFlagRate(int rows, int forks, int iterations, double cv, long seed) {
        Random random = new Random(seed);
        int flagged = 0;
        for (int row = 0; row < rows; row++) {
            List<double[]> data = new ArrayList<>();
            double rowLevel = 1000 * (1 + random.nextDouble());
            for (int f = 0; f < forks; f++) {
                double level = rowLevel * (1 + 0.2 * random.nextGaussian()); // forks differ: not a flag
                double[] x = new double[iterations];
                for (int i = 0; i < iterations; i++) {
                    x[i] = level * (1 + cv * random.nextGaussian());
                }
                data.add(x);
            }
            if (Stationarity.check(data).flagged()) {
                flagged++;
            }
        }
        return (double) flagged / rows;
    }

    @Test
    void stationaryNoiseIsRarelyFlaggedThreeForksFiveIterations() {
        for (long seed = 1; seed <= 5; seed++) {
            assertThat(falseFlagRate(1000, 3, 5, 0.05, seed)).as("seed %d", seed).isLessThanOrEqualTo(0.02);
        }
    }

    @Test
    void stationaryNoiseIsRarelyFlaggedOneForkSixIterations() {
        for (long seed = 1; seed <= 5; seed++) {
            assertThat(falseFlagRate(1000, 1, 6, 0.05, seed)).as("seed %d", seed).isLessThanOrEqualTo(0.02);
        }
    }

    @Test
    void stationaryNoiseIsRarelyFlaggedInOtherShapes() {
        assertThat(falseFlagRate(1000, 5, 3, 0.05, 11)).isLessThanOrEqualTo(0.02);
        assertThat(falseFlagRate(1000, 2, 4, 0.05, 12)).isLessThanOrEqualTo(0.02);
        assertThat(falseFlagRate(1000, 1, 10, 0.05, 13)).isLessThanOrEqualTo(0.02);
        assertThat(falseFlagRate(1000, 6, 6, 0.10, 14)).isLessThanOrEqualTo(0.02);
    }

    @Test
    void aModerateTrendUnderNoiseIsUsuallyFound() {
        // 3 forks × 5 iterations climbing 20% with 2% noise: the test has the power to see it.
        Random random = new Random(42);
        int trends = 0;
        for (int row = 0; row < 200; row++) {
            List<double[]> data = new ArrayList<>();
            for (int f = 0; f < 3; f++) {
                double[] x = new double[5];
                for (int i = 0; i < 5; i++) {
                    x[i] = 100 * (1 + 0.05 * i) * (1 + 0.02 * random.nextGaussian());
                }
                data.add(x);
            }
            if (Stationarity.check(data).kind() == Kind.TREND) {
                trends++;
            }
        }
        assertThat(trends).isGreaterThanOrEqualTo(180);
    }

    @Test
    void theIssuesClimbIsATrendUp() {
        // DirectGet.unthrottled objects=100: 500 -> 1,071 ops/s over six measured iterations.
        Result r = Stationarity.check(forks(new double[] {500, 640, 705, 868, 930, 1071}));
        assertThat(r.kind()).isEqualTo(Kind.TREND);
        assertThat(r.flagged()).isTrue();
        assertThat(r.direction()).isEqualTo(Direction.UP);
        assertThat(r.pValue()).isCloseTo(2.0 / 720, within(1e-12)); // exact: only 1 of 720 orders is as monotone
        assertThat(r.driftPercent()).isBetween(90.0, 130.0);
        assertThat(r.description()).startsWith("measured iterations trend up ").contains("warm-up not over?");
    }

    @Test
    void theIssuesFallingTimeIsATrendDown() {
        // map_t1 objects=10000: 74 -> 48 ns.
        Result r = Stationarity.check(forks(new double[] {74, 70, 63, 59, 52, 48}));
        assertThat(r.kind()).isEqualTo(Kind.TREND);
        assertThat(r.direction()).isEqualTo(Direction.DOWN);
        assertThat(r.driftPercent()).isBetween(-40.0, -30.0);
        assertThat(r.description()).startsWith("measured iterations trend down 3");
    }

    @Test
    void aTrendPooledOverForksIsFound() {
        // Three forks of five, each climbing about 12% with some noise, at different levels.
        Result r = Stationarity.check(forks(new double[] {100, 104, 103, 108, 112},
                new double[] {150, 153, 158, 157, 168}, new double[] {80, 83, 85, 88, 89}));
        assertThat(r.kind()).isEqualTo(Kind.TREND);
        assertThat(r.forksJudged()).isEqualTo(3);
        assertThat(r.pValue()).isLessThan(Stationarity.ALPHA);
        assertThat(r.description()).contains("median of 3 forks");
    }

    @Test
    void aSignificantButSmallDriftIsNotFlagged() {
        // Perfectly monotone, but only 1% from the first iteration to the last.
        Result r = Stationarity.check(forks(new double[] {1000, 1002, 1004, 1006, 1008, 1010}));
        assertThat(r.pValue()).isLessThan(Stationarity.ALPHA);
        assertThat(r.kind()).isEqualTo(Kind.OK);
    }

    @Test
    void aStepIsTwoLevels() {
        Result r = Stationarity.check(forks(new double[] {100, 101, 99, 130, 131, 129}));
        assertThat(r.kind()).isEqualTo(Kind.TWO_LEVELS);
        assertThat(r.direction()).isEqualTo(Direction.UP);
        assertThat(r.levelBefore()).isCloseTo(100, within(1e-9));
        assertThat(r.levelAfter()).isCloseTo(130, within(1e-9));
        assertThat(r.iterationsBefore()).isEqualTo(3);
        assertThat(r.iterationsAfter()).isEqualTo(3);
        assertThat(r.description())
                .isEqualTo("measured iterations split into two levels 3 at 100 then 3 at 130 (+30%; JIT change?)");
    }

    @Test
    void aStepInMostForksIsTwoLevelsInOneForkOfThreeIsNot() {
        double[] stepDown = {200, 202, 160, 161, 159};
        double[] steady = {180, 182, 179, 181, 180};
        assertThat(Stationarity.check(forks(stepDown, stepDown.clone(), steady)).kind()).isEqualTo(Kind.TWO_LEVELS);
        Result minority = Stationarity.check(forks(stepDown, steady, steady.clone()));
        assertThat(minority.kind()).isNotEqualTo(Kind.TWO_LEVELS);
    }

    @Test
    void forksAtDifferentLevelsAreNotUnsteady() {
        Result r = Stationarity.check(forks(new double[] {100, 102, 99, 101, 100},
                new double[] {130, 131, 129, 132, 130}, new double[] {160, 158, 161, 159, 160}));
        assertThat(r.kind()).isEqualTo(Kind.OK);
        assertThat(r.flagged()).isFalse();
    }

    @Test
    void aStraightLineIsATrendNotTwoLevels() {
        assertThat(Step.find(new double[] {500, 614, 728, 843, 957, 1071})).isNull();
        assertThat(Step.find(new double[] {1, 2, 3, 4})).isNull();
    }

    @Test
    void twoIterationsAreNotJudged() {
        Result r = Stationarity.check(forks(new double[] {100, 130}, new double[] {101, 131},
                new double[] {99, 129}));
        assertThat(r.kind()).isEqualTo(Kind.TOO_FEW);
        assertThat(r.flagged()).isFalse();
        assertThat(r.description()).isEqualTo("too few measured iterations to judge (3 forks × 2 iterations)");
        assertThat(Stationarity.check(forks(new double[] {500, 1071})).kind()).isEqualTo(Kind.TOO_FEW);
        assertThat(Stationarity.check(List.of()).kind()).isEqualTo(Kind.TOO_FEW);
    }

    @Test
    void oneForkOfThreeCannotReachSignificance() {
        // Even a perfectly monotone climb over three iterations has p = 1/3.
        assertThat(Stationarity.check(forks(new double[] {100, 200, 300})).kind()).isEqualTo(Kind.TOO_FEW);
    }

    @Test
    void exactAndNormalPValuesAgreeRoughly() {
        double[] a = {1, 3, 2, 5, 4, 6, 8, 7, 9, 10};
        long s = MannKendall.s(a);
        assertThat(s).isEqualTo(45 - 2 * 3);
        double exact = MannKendall.pValue(List.of(a), s);
        double[] tied = a.clone();
        tied[0] = 3; // one tie forces the normal approximation
        double normal = MannKendall.pValue(List.of(tied), MannKendall.s(tied));
        assertThat(exact).isLessThan(0.001);
        assertThat(normal).isLessThan(0.005);
        double[] mahonian = MannKendall.mahonian(4);
        double[] counts = {1, 3, 5, 6, 5, 3, 1};
        assertThat(mahonian).hasSize(counts.length);
        for (int k = 0; k < counts.length; k++) {
            assertThat(mahonian[k]).isCloseTo(counts[k] / 24, within(1e-12));
        }
    }

    @Test
    void nonFiniteIterationsAreDropped() {
        Result r = Stationarity.check(forks(new double[] {74, Double.NaN, 70, 63, 59, 52, 48}));
        assertThat(r.kind()).isEqualTo(Kind.TREND);
    }
}
