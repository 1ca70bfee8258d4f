package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The false alarms of "run until precise, then test", simulated: A/A rows (both sides drawn from
 * one distribution of fork means) run by {@link PrecisionTarget} and then judged by compare's
 * test (Welch's t on the fork means, alpha 5%, no drift allowance, unpaired: an interleaved run's
 * own comparison), in several shapes of fork noise, with targets that make rows reach, run to the
 * maximum, or stop after their pilot. The same harness shows that a rule peeking at the
 * difference of the means, or stopping a row the moment its spread looks low, calls far more.
 */
class PrecisionTargetSimulationTest {
    private static final double ALPHA = 0.05;
    private static final int MAX_FORKS = 30;
    private static final int ITERATIONS = 3;

    /** How a fork's level varies from JVM to JVM; its iterations vary by 1% around it. */
    enum Shape {
        NORMAL(5) {
            double level(Random r) {
                return 1 + 0.05 * r.nextGaussian();
            }
        },
        LOGNORMAL(15) {
            double level(Random r) {
                return Math.exp(0.15 * r.nextGaussian());
            }
        },
        /** The JIT's outcome: 3 forks in 10 land 20% slower. */
        BIMODAL(9) {
            double level(Random r) {
                return (r.nextDouble() < 0.3 ? 1.2 : 1) * (1 + 0.017 * r.nextGaussian());
            }
        },
        /** Student's t with 3 degrees of freedom on the log scale: rare forks far off. */
        HEAVY_TAIL(9) {
            double level(Random r) {
                double chi = 0;
                for (int i = 0; i < 3; i++) {
                    double g = r.nextGaussian();
                    chi += g * g;
                }
                return Math.exp(0.05 * r.nextGaussian() / Math.sqrt(chi / 3));
            }
        };

        /** About the standard deviation of a fork's level, in percent. */
        final double spreadPercent;

        Shape(double spreadPercent) {
            this.spreadPercent = spreadPercent;
        }

        abstract double level(Random r);

        double[] fork(Random r) {
            double level = 100 * level(r);
            double[] iterations = new double[ITERATIONS];
            for (int i = 0; i < ITERATIONS; i++) {
                iterations[i] = level * (1 + 0.01 * r.nextGaussian());
            }
            return iterations;
        }
    }

    /** False alarms among A/A rows, and the forks a side they took. */
    record Rate(String what, int calls, int rows, double forks) {
        double rate() {
            return (double) calls / rows;
        }

        /** Wilson's 95% interval of the rate. */
        double[] interval() {
            double z = 1.96;
            double p = rate();
            double centre = (p + z * z / (2 * rows)) / (1 + z * z / rows);
            double half = z / (1 + z * z / rows) * Math.sqrt(p * (1 - p) / rows + z * z / (4.0 * rows * rows));
            return new double[] {centre - half, centre + half};
        }

        @Override
        public String toString() {
            double[] ci = interval();
            return String.format(Locale.ROOT, "%s: %d of %d A/A rows called = %.2f%% (95%% CI %.2f-%.2f%%), "
                    + "%.1f forks a side", what, calls, rows, 100 * rate(), 100 * ci[0], 100 * ci[1], forks);
        }
    }

    /** Targets at 0.4, 0.8 and 1.6 times the shape's spread: rows stopped after the pilot, at the maximum, reached. */
    private static Rate precise(Shape shape, int trialsPerTarget, long seed) {
        Random random = new Random(seed);
        int calls = 0;
        long forks = 0;
        for (double k : new double[] {0.4, 0.8, 1.6}) {
            PrecisionTarget rule = new PrecisionTarget(k * shape.spreadPercent, MAX_FORKS, ALPHA, 0.8);
            for (int t = 0; t < trialsPerTarget; t++) {
                List<List<double[]>> pilot = List.of(new ArrayList<>(), new ArrayList<>());
                List<List<double[]>> measured = List.of(new ArrayList<>(), new ArrayList<>());
                add(pilot, shape, random, PrecisionTarget.PILOT_FORKS);
                PrecisionTarget.Decision plan = rule.decide(pilot, measured, ITERATIONS);
                if (!plan.state().stops()) {
                    // the plan rests on the pilot alone: the measurement runs to it
                    add(measured, shape, random, plan.plannedForks());
                }
                PrecisionTarget.Decision end = rule.decide(pilot, measured, ITERATIONS);
                assertThat(end.state().stops()).as("%s stops at its plan", end).isTrue();
                List<List<double[]>> result = measured.get(0).size() >= 2 ? measured : pilot;
                calls += called(result) ? 1 : 0;
                forks += PrecisionTarget.PILOT_FORKS + measured.get(0).size();
            }
        }
        return new Rate(shape.name(), calls, 3 * trialsPerTarget, (double) forks / (3 * trialsPerTarget));
    }

    private static void add(List<List<double[]>> sides, Shape shape, Random random, int forks) {
        for (int f = 0; f < forks; f++) {
            sides.forEach(side -> side.add(shape.fork(random)));
        }
    }

    /** compare's verdict for the row: the change lies outside Welch's interval of the ratio. */
    private static boolean called(List<List<double[]>> sides) {
        return ForkStatistics.ratio(Samples.ofForks(sides.get(0)).values(), Samples.ofForks(sides.get(1)).values(),
                1 - ALPHA).beyondNoise(0);
    }

    /** A rule that looks after every round and stops at a verdict ({@code peek}) or a low spread, else at the max. */
    private static Rate sequential(String what, Shape shape, double targetPercent, int fewest, boolean peek,
            int trials, long seed) {
        Random random = new Random(seed);
        int calls = 0;
        long forks = 0;
        for (int t = 0; t < trials; t++) {
            List<List<double[]>> sides = List.of(new ArrayList<>(), new ArrayList<>());
            add(sides, shape, random, fewest);
            while (sides.get(0).size() < MAX_FORKS && !(peek ? called(sides) : PrecisionTarget.detectablePercent(
                    sides.get(0), sides.get(1), ALPHA, 0.8) <= targetPercent)) {
                add(sides, shape, random, 1);
            }
            calls += called(sides) ? 1 : 0;
            forks += sides.get(0).size();
        }
        return new Rate(what, calls, trials, (double) forks / trials);
    }

    @Test
    void runUntilPreciseThenTestCallsAtMostFivePercentOfAaRowsInEveryNoiseShape() {
        List<Rate> rates = new ArrayList<>();
        for (Shape shape : Shape.values()) {
            Rate rate = precise(shape, 1200, 11 + shape.ordinal());
            rates.add(rate);
            System.out.println(rate);
            // Welch's test itself, at a fixed count, calls 3.5-5.3% of such rows; rows stopped after their
            // pilot (a spread too wide to plan by) are judged on it, and are called less
            assertThat(rate.rate()).as(rate.toString()).isLessThanOrEqualTo(ALPHA);
        }
        Rate all = new Rate("every shape", rates.stream().mapToInt(Rate::calls).sum(),
                rates.stream().mapToInt(Rate::rows).sum(), rates.stream().mapToDouble(Rate::forks).average()
                        .orElseThrow());
        System.out.println(all);
        // at most 5% with 95% confidence
        assertThat(all.interval()[1]).as(all + "; " + rates).isLessThanOrEqualTo(ALPHA);
    }

    @Test
    void theSimulationCatchesARuleThatPeeksAtTheDifference() {
        // stop as soon as the test calls the row: the classic optional stopping
        Rate peeking = sequential("stop at p < 0.05", Shape.NORMAL, 0, 2, true, 1500, 3);
        System.out.println(peeking);
        assertThat(peeking.interval()[0]).as(peeking.toString()).isGreaterThan(0.15);
    }

    @Test
    void stoppingTheMomentTheSpreadLooksLowCallsMoreThanFivePercent() {
        // The rule this project did not take: stop when detects first reaches the target, on the forks
        // that are then tested. It never looks at the difference, yet the low spread it stops on is
        // the one the test divides by. From 3 forks a side here (8%); from 5 or 6 it still called
        // 6-7% at the worst targets tried (2,000 rows each), too close to 5% for a test this short.
        Rate naive = sequential("stop when detects <= target", Shape.NORMAL, 8, 3, false, 3000, 5);
        System.out.println(naive);
        assertThat(naive.interval()[0]).as(naive.toString()).isGreaterThan(ALPHA);
    }
}
