package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --precision and --budget as the run command reads them, and a process narrowed to the rows still going. */
class PrecisionGoalTest {
    @Test
    void aTargetIsAPercentAndABudgetHoursMinutesAndSeconds() {
        assertThat(PrecisionGoal.of("5%", "40m", true, -1)).isEqualTo(new PrecisionGoal(5, Duration.ofMinutes(40),
                PrecisionGoal.DEFAULT_MAX_FORKS));
        assertThat(PrecisionGoal.percent("2.5")).isEqualTo(2.5);
        assertThat(PrecisionGoal.duration("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(PrecisionGoal.duration("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(PrecisionGoal.duration("2H")).isEqualTo(Duration.ofHours(2));
        // -f N after -- is the most forks a side
        assertThat(PrecisionGoal.of(null, "2h", true, 12)).isEqualTo(new PrecisionGoal(0, Duration.ofHours(2), 12));
        assertThat(PrecisionGoal.of(null, null, false, -1)).isNull();
        assertThat(new PrecisionGoal(5, Duration.ofMinutes(40), 30).asked())
                .isEqualTo("--precision 5%, --budget 40 min 00 s, up to 30 forks a side");
    }

    @Test
    void badInputSaysWhatIsAccepted() {
        assertThatThrownBy(() -> PrecisionGoal.percent("0%")).hasMessage("--precision '0%' is not a detectable change"
                + " to reach; accepted: a percentage from 0.1% to 50%, e.g. --precision 5%");
        assertThatThrownBy(() -> PrecisionGoal.percent("five")).hasMessageStartingWith("--precision 'five' is not");
        assertThatThrownBy(() -> PrecisionGoal.duration("40")).hasMessage("--budget '40' is not a time the run may"
                + " take; accepted: a minute or more as hours, minutes and seconds, e.g. --budget 40m, 90s, 2h, 1h30m");
        assertThatThrownBy(() -> PrecisionGoal.duration("30s")).hasMessageStartingWith("--budget '30s' is not");
        assertThatThrownBy(() -> PrecisionGoal.duration("")).hasMessageStartingWith("--budget '' is not");
        assertThatThrownBy(() -> PrecisionGoal.of("5%", null, false, -1)).hasMessage("--precision and --budget plan"
                + " the rounds of an interleaved run; accepted: with --client-versions or --clients");
        assertThatThrownBy(() -> PrecisionGoal.of("5%", null, true, 2)).hasMessage("-f 2 with --precision or --budget"
                + " is the most forks a side a row gets; accepted: -f 3 or more, or no -f (up to 30)");
    }

    @Test
    void aLaterRoundsProcessRunsTheRowsStillGoingAtItsIterations() {
        JmhArgs user = JmhArgs.parse(List.of("ListerGet", "-p", "objects=1000", "-i", "3", "-wi=2", "-prof", "gc"));
        RowSamples.Narrowing rows = new RowSamples.Narrowing(List.of("dev.informerbench.bench.ListerGetBenchmark"
                + ".lister_t1"), Map.of("objects", List.of("1000")));
        JmhArgs narrowed = UnitArgs.narrowed(user, rows, 5);
        assertThat(narrowed.raw()).containsExactly("-wi=2", "-prof", "gc", "-p", "objects=1000", "-i", "5",
                "^dev\\.informerbench\\.bench\\.ListerGetBenchmark\\.lister_t1$");
        Family listerGet = Profile.COMPARE.families().get(0);
        assertThat(narrowed.benchmarksMatching(narrowed.include(listerGet)))
                .containsExactly("dev.informerbench.bench.ListerGetBenchmark.lister_t1");
        // no iterations given: the user's -i stays
        assertThat(UnitArgs.narrowed(user, new RowSamples.Narrowing(List.of(), Map.of()), 0).raw())
                .containsExactly("-p", "objects=1000", "-i", "3", "-wi=2", "-prof", "gc");
    }
}
