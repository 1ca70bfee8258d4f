package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class IterationAllocationTest {
    private static VarianceComponents row(double iterationCv, double forkCv, double iterations) {
        return new VarianceComponents(100, iterationCv, forkCv, Double.NaN, 5, iterations);
    }

    @Test
    void kaliberaAndJonesOptimumIsTheRootOfCostRatioTimesVarianceRatio() {
        // a fork 20 s besides its iterations, an iteration 1 s; iterations 10% apart, forks 5%: √(20 · 4) ≈ 8.9
        assertThat(IterationAllocation.iterationsPerFork(List.of(row(10, 5, 3)), 20, 1, 1, 50)).isEqualTo(9);
        // forks that vary ten times their iterations (a cache read): one iteration would do, two kept
        assertThat(IterationAllocation.iterationsPerFork(List.of(row(1, 10, 3)), 10, 1, 2, 20)).isEqualTo(2);
        // no fork component: as many as allowed; no iteration component: as few
        assertThat(IterationAllocation.iterationsPerFork(List.of(row(5, 0, 3)), 10, 1, 2, 20)).isEqualTo(20);
        assertThat(IterationAllocation.iterationsPerFork(List.of(row(0, 5, 3)), 10, 1, 2, 20)).isEqualTo(2);
    }

    @Test
    void rowsThatShareAProcessShareTheSumsOfTheirComponents() {
        List<VarianceComponents> rows = List.of(row(10, 2, 3), row(2, 6, 3));
        // √(10 · (100 + 4) / (4 + 36)) = 5.1
        assertThat(IterationAllocation.iterationsPerFork(rows, 10, 1, 1, 50)).isEqualTo(5);
        double atOptimum = IterationAllocation.timeFactor(rows, 10, 1, 5, 3);
        assertThat(atOptimum).isLessThan(1);
        assertThat(atOptimum).isLessThan(IterationAllocation.timeFactor(rows, 10, 1, 3, 3))
                .isLessThan(IterationAllocation.timeFactor(rows, 10, 1, 9, 3));
    }

    @Test
    void theSpreadOfAForkMeanFollowsItsIterations() {
        // σf² = 16, σi² = 36: 16 + 36/3 = 28 at the pilot's 3, 16 + 36/12 = 19 at 12
        assertThat(IterationAllocation.spreadScale(row(6, 4, 3), 12)).isCloseTo(19.0 / 28, within(1e-9));
        assertThat(IterationAllocation.spreadScale(row(6, 4, 3), 0)).isEqualTo(1);
        assertThat(IterationAllocation.spreadScale(row(Double.NaN, 4, 1), 12)).isEqualTo(1);
    }
}
