package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.statistics.PrecisionTarget.Decision;
import dev.informerbench.statistics.PrecisionTarget.State;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PrecisionTargetTest {
    private static final PrecisionTarget FIVE = new PrecisionTarget(5, 30, 0.05, 0.8);

    /** n forks of 3 iterations around {@code level}, forks {@code forkCv} apart, iterations {@code iterationCv}. */
    private static List<double[]> forks(Random r, int n, double level, double forkCv, double iterationCv) {
        List<double[]> forks = new ArrayList<>();
        for (int f = 0; f < n; f++) {
            double mean = level * (1 + forkCv * r.nextGaussian());
            forks.add(new double[] {mean * (1 + iterationCv * r.nextGaussian()),
                mean * (1 + iterationCv * r.nextGaussian()), mean * (1 + iterationCv * r.nextGaussian())});
        }
        return forks;
    }

    private static List<List<double[]>> none() {
        return List.of(List.of(), List.of());
    }

    @Test
    void aRowIsInItsPilotUntilFiveForksASideThenMeasuredToItsPlan() {
        Random r = new Random(1);
        List<List<double[]>> pilot = List.of(forks(r, 4, 100, 0.03, 0.01), forks(r, 5, 100, 0.03, 0.01));
        assertThat(FIVE.decide(pilot, none(), 0).state()).isEqualTo(State.PILOT);
        pilot = List.of(forks(r, 5, 100, 0.03, 0.01), forks(r, 5, 100, 0.03, 0.01));
        Decision plan = FIVE.decide(pilot, none(), 0);
        // 3% a fork, 5% to detect: about 2 (2.0 + 0.85)² (3/4.9)² = 6 forks a side, 1.7 times that at the
        // pilot's upper bound, and the pilot's spread is itself an estimate from 5 forks a side
        assertThat(plan.state()).isEqualTo(State.MEASURING);
        assertThat(plan.plannedForks()).isBetween(6, 30).isEqualTo(plan.neededForks());
        int planned = plan.plannedForks();
        List<List<double[]>> measured = List.of(forks(r, planned - 1, 100, 0.03, 0.01),
                forks(r, planned, 100, 0.03, 0.01));
        assertThat(FIVE.decide(pilot, measured, 0).state()).isEqualTo(State.MEASURING);
        measured.get(0).addAll(forks(r, 1, 100, 0.03, 0.01));
        Decision end = FIVE.decide(pilot, measured, 0);
        assertThat(end.state()).isIn(State.REACHED, State.MISSED);
        assertThat(end.state() == State.REACHED).isEqualTo(end.detectablePercent() <= 5);
        assertThat(end.forks()).isEqualTo(planned);
    }

    @Test
    void aRowTheMachineCannotMakePreciseStopsAfterItsPilotOrAtTheMaximum() {
        Random r = new Random(2);
        // 30% a fork (two threads on two shared cores): 5% would take hundreds of forks a side
        List<List<double[]>> loud = List.of(forks(r, 5, 100, 0.3, 0.01), forks(r, 5, 100, 0.3, 0.01));
        Decision hopeless = FIVE.decide(loud, none(), 0);
        assertThat(hopeless.state()).isEqualTo(State.CANNOT_REACH);
        assertThat(hopeless.neededForks()).isGreaterThan(4 * 30);
        assertThat(hopeless.state().stops()).isTrue();
        // 8% a fork: more than 30, fewer than 120
        List<List<double[]>> wide = List.of(forks(r, 5, 100, 0.08, 0.01), forks(r, 5, 100, 0.08, 0.01));
        Decision capped = FIVE.decide(wide, none(), 0);
        assertThat(capped.neededForks()).isBetween(31, 120);
        assertThat(capped.plannedForks()).isEqualTo(30);
        Decision atMax = FIVE.decide(wide, List.of(forks(r, 30, 100, 0.08, 0.01), forks(r, 30, 100, 0.08, 0.01)), 0);
        assertThat(atMax.state()).isEqualTo(State.MAX_FORKS);
    }

    @Test
    void thePlanReadsTheSpreadNotTheDifference() {
        Random r = new Random(3);
        List<double[]> base = forks(r, 5, 100, 0.04, 0.01);
        List<double[]> other = forks(r, 5, 100, 0.04, 0.01);
        List<double[]> slower = other.stream().map(f -> new double[] {f[0] * 1.3, f[1] * 1.3, f[2] * 1.3}).toList();
        assertThat(FIVE.decide(List.of(base, slower), none(), 0).plannedForks())
                .isEqualTo(FIVE.decide(List.of(base, other), none(), 0).plannedForks());
    }

    @Test
    void theDetectableChangeIsComparesOnTheSideWhereItIsLarger() {
        Random r = new Random(4);
        List<double[]> base = forks(r, 6, 100, 0.04, 0.01);
        List<double[]> rise = forks(r, 6, 110, 0.04, 0.01);
        Ratio compared = ForkStatistics.ratio(Samples.ofForks(base).values(), Samples.ofForks(rise).values(), 0.95);
        assertThat(PrecisionTarget.detectablePercent(base, rise, 0.05, 0.8))
                .isCloseTo(compared.detectablePercent(0, 0.8), within(1e-9));
        Ratio fall = ForkStatistics.ratio(Samples.ofForks(rise).values(), Samples.ofForks(base).values(), 0.95);
        assertThat(PrecisionTarget.detectablePercent(rise, base, 0.05, 0.8))
                .isGreaterThan(fall.detectablePercent(0, 0.8));
    }

    @Test
    void moreIterationsAForkShortenThePlanOnlyWhereIterationsVary() {
        Random r = new Random(5);
        List<List<double[]>> iterationBound = List.of(forks(r, 5, 100, 0.005, 0.08), forks(r, 5, 100, 0.005, 0.08));
        assertThat(FIVE.decide(iterationBound, none(), 12).plannedForks())
                .isLessThan(FIVE.decide(iterationBound, none(), 0).plannedForks());
        List<List<double[]>> forkBound = List.of(forks(r, 5, 100, 0.05, 0.001), forks(r, 5, 100, 0.05, 0.001));
        assertThat(FIVE.decide(forkBound, none(), 12).plannedForks())
                .isEqualTo(FIVE.decide(forkBound, none(), 0).plannedForks());
    }

    @Test
    void aTargetNeedsAPositivePercentAndRoomForAMeasurement() {
        assertThatThrownBy(() -> new PrecisionTarget(0, 30, 0.05, 0.8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PrecisionTarget(5, 2, 0.05, 0.8)).isInstanceOf(IllegalArgumentException.class);
    }
}
