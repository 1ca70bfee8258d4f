package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class VarianceComponentsTest {

    /** Runs × forks × iterations around 100 with the given coefficient of variation at each level. */
    private static List<List<double[]>> simulate(Random random, int runs, int forks, int iterations, double runCv,
            double forkCv, double iterationCv) {
        List<List<double[]>> all = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            double run = 100 * (1 + runCv * random.nextGaussian());
            List<double[]> fs = new ArrayList<>();
            for (int f = 0; f < forks; f++) {
                double fork = run * (1 + forkCv * random.nextGaussian());
                double[] it = new double[iterations];
                for (int i = 0; i < iterations; i++) {
                    it[i] = fork * (1 + iterationCv * random.nextGaussian());
                }
                fs.add(it);
            }
            all.add(fs);
        }
        return all;
    }

    @Test
    void recoversEachLevelOfAKnownSimulation() {
        VarianceComponents v = VarianceComponents.of(simulate(new Random(3), 40, 30, 5, 0.02, 0.04, 0.06));
        assertThat(v.iterationCv()).isCloseTo(6, within(0.4));
        assertThat(v.forkCv()).isCloseTo(4, within(0.5));
        assertThat(v.runCv()).isCloseTo(2, within(0.6));
        assertThat(v.forks()).isEqualTo(30);
        assertThat(v.iterations()).isEqualTo(5);
    }

    @Test
    void iterationNoiseAloneIsNotMistakenForForkOrRunNoise() {
        VarianceComponents v = VarianceComponents.of(simulate(new Random(5), 20, 20, 3, 0, 0, 0.05));
        assertThat(v.iterationCv()).isCloseTo(5, within(0.4));
        assertThat(v.forkCv()).isLessThan(1.5);
        assertThat(v.runCv()).isLessThan(0.8);
    }

    @Test
    void theRunLevelIsWhatTheForksDoNotExplain() {
        // few, loud forks a run: their means alone make the runs' means differ by 6% / sqrt(3) = 3.5%;
        // none of it is the runs' own (what is left is the estimate's own sampling noise)
        VarianceComponents v = VarianceComponents.of(simulate(new Random(17), 200, 3, 3, 0, 0.06, 0.01));
        assertThat(v.runCv()).isLessThan(2.5);
        assertThat(v.forkCv()).isCloseTo(6, within(0.6));
    }

    @Test
    void oneRunHasNoRunLevelAndForksNeededGrowWithTheForkLevel() {
        VarianceComponents quiet = VarianceComponents.of(simulate(new Random(9), 1, 40, 3, 0, 0.01, 0.02));
        VarianceComponents loud = VarianceComponents.of(simulate(new Random(9), 1, 40, 3, 0, 0.06, 0.02));
        assertThat(quiet.runCv()).isNaN();
        int few = quiet.forksFor(5, 0.8, 0.05, 3);
        int many = loud.forksFor(5, 0.8, 0.05, 3);
        assertThat(few).isBetween(2, 4);
        // (t + t80) · sd · sqrt(2/n) <= ln 1.05, t + t80 being about 2.85 at these sizes
        double sd = loud.forkMeanCv(3);
        assertThat(sd).isBetween(5.0, 8.0);
        assertThat(many).isCloseTo((int) Math.round(2 * Math.pow(2.85 * sd / (100 * Math.log1p(0.05)), 2)),
                within(2));
        assertThat(loud.forksFor(5, 0.5, 0.05, 3)).isLessThan(many);
    }
}
