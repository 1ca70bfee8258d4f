package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HierarchicalBootstrapTest {

    /** forks × iterations around {@code center}: each fork its own level (JVM luck), iterations noise around it. */
    static List<double[]> run(Random random, int forks, int iterations, double center, double forkCv, double iterationCv) {
        List<double[]> data = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double level = center * (1 + forkCv * random.nextGaussian());
            double[] it = new double[iterations];
            for (int i = 0; i < iterations; i++) {
                it[i] = level * (1 + iterationCv * random.nextGaussian());
            }
            data.add(it);
        }
        return data;
    }

    /** How often two runs of the same distribution are called different, over many simulated rows. */
    static double falseAlarmRate(int forks, int iterations, double forkCv, double iterationCv) {
        Random random = new Random(42);
        int rows = 400;
        int flagged = 0;
        for (int r = 0; r < rows; r++) {
            List<double[]> a = run(random, forks, iterations, 100, forkCv, iterationCv);
            List<double[]> b = run(random, forks, iterations, 100, forkCv, iterationCv);
            flagged += HierarchicalBootstrap.ratio(a, b, 0.95, r).excludesNoChange() ? 1 : 0;
        }
        return (double) flagged / rows;
    }

    @Test
    void sameDistributionIsRarelyCalledDifferentWhenForksVary() {
        // The failure the old method had: a fork's JVM luck counted as many independent samples.
        assertThat(falseAlarmRate(3, 5, 0.05, 0.01)).isLessThanOrEqualTo(0.08);
        assertThat(falseAlarmRate(5, 3, 0.05, 0.02)).isLessThanOrEqualTo(0.08);
        assertThat(falseAlarmRate(2, 5, 0.05, 0.01)).isLessThanOrEqualTo(0.08);
    }

    @Test
    void iterationsOfOneForkAreNotTakenAsIndependentForks() {
        // Five forks whose iterations are nearly equal: the spread between forks must set the interval.
        Random random = new Random(7);
        List<double[]> a = run(random, 5, 10, 100, 0.05, 0.001);
        HierarchicalBootstrap.Interval i = HierarchicalBootstrap.mean(a, 0.95, 1);
        assertThat(i.units()).isEqualTo(5);
        assertThat(i.halfWidthPercent()).isGreaterThan(2); // not the 0.1% the iterations alone would give
    }

    @Test
    void aFifteenPercentChangeIsFoundWithThreeForks() {
        Random random = new Random(3);
        List<double[]> base = run(random, 3, 5, 100, 0.02, 0.02);
        List<double[]> slower = run(random, 3, 5, 115, 0.02, 0.02);
        HierarchicalBootstrap.Ratio r = HierarchicalBootstrap.ratio(base, slower, 0.95, 9);
        assertThat(r.excludesNoChange()).isTrue();
        assertThat(r.changePercent()).isBetween(10.0, 20.0);
        assertThat(r.noiseFloorPercent()).isLessThan(Math.abs(r.changePercent()));
        assertThat(r.pValue()).isLessThan(0.05);
    }

    @Test
    void twoForksOfFiveIterationsGetABoundedButWideInterval() {
        Random random = new Random(11);
        HierarchicalBootstrap.Ratio r = HierarchicalBootstrap.ratio(run(random, 2, 5, 100, 0.03, 0.02),
                run(random, 2, 5, 100, 0.03, 0.02), 0.95, 5);
        assertThat(r.bounded()).isTrue();
        assertThat(r.noiseFloorPercent()).isFinite().isGreaterThan(5);
    }

    @Test
    void oneForkUsesItsIterationsAndOneSampleHasNoInterval() {
        HierarchicalBootstrap.Interval iterations = HierarchicalBootstrap.mean(
                List.of(new double[] {100, 102, 98, 101, 99, 100}), 0.95, 1);
        assertThat(iterations.units()).isEqualTo(6);
        assertThat(iterations.bounded()).isTrue();
        assertThat(iterations.estimate()).isCloseTo(100, within(1e-9));

        HierarchicalBootstrap.Interval single = HierarchicalBootstrap.mean(List.<double[]>of(new double[] {5}), 0.95, 1);
        assertThat(single.bounded()).isFalse();
        assertThat(HierarchicalBootstrap.ratio(List.<double[]>of(new double[] {5}),
                List.<double[]>of(new double[] {6}), 0.95, 1).bounded()).isFalse();
    }

    @Test
    void theEstimateWeighsEachForkAlike() {
        // A fork with more iterations does not count more.
        assertThat(HierarchicalBootstrap.estimate(List.of(new double[] {10}, new double[] {20, 20, 20})))
                .isCloseTo(15, within(1e-12));
    }

    @Test
    void zerosOnBothSidesAreNoChangeAndZerosAgainstCountsAreNotARatio() {
        List<double[]> zeros = List.of(new double[] {0, 0}, new double[] {0, 0});
        HierarchicalBootstrap.Ratio none = HierarchicalBootstrap.ratio(zeros, zeros, 0.95, 1);
        assertThat(none.ratio()).isEqualTo(1.0);
        assertThat(none.pValue()).isEqualTo(1.0);
        assertThat(none.excludesNoChange()).isFalse();
        assertThat(HierarchicalBootstrap.ratio(zeros, List.of(new double[] {3}, new double[] {4}), 0.95, 1).bounded())
                .isFalse();
    }

    @Test
    void smallSampleWideningFollowsStudentT() {
        assertThat(HierarchicalBootstrap.tOverZ(2, 0.95)).isCloseTo(4.303 / 1.960, within(0.001));
        assertThat(HierarchicalBootstrap.tOverZ(1e6, 0.95)).isCloseTo(1, within(0.001));
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        List<double[]> a = run(new Random(1), 3, 4, 50, 0.05, 0.02);
        assertThat(HierarchicalBootstrap.mean(a, 0.95, 77)).isEqualTo(HierarchicalBootstrap.mean(a, 0.95, 77));
    }
}
