package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InterleavePlanTest {
    @Test
    void oneUnitPerFamilyAndForkRoundRoundByRound() {
        List<InterleavePlan.Unit> full = InterleavePlan.units(Profile.FULL.families(), JmhArgs.parse(List.of()));
        assertThat(full).hasSize(13 * 6);
        assertThat(full.get(0).round()).isEqualTo(1);
        assertThat(full.get(0).family().name()).isEqualTo("ListerGet");
        assertThat(full.get(13).round()).isEqualTo(2);
        assertThat(full.get(13).family().name()).isEqualTo("ListerGet");

        // quick: 2 or 3 forks per family; round 3 holds only the families with 3
        List<InterleavePlan.Unit> quick = InterleavePlan.units(Profile.QUICK.families(), JmhArgs.parse(List.of()));
        assertThat(quick).hasSize(Profile.QUICK.families().stream().mapToInt(Family::forks).sum());
        assertThat(quick.stream().filter(u -> u.round() == 3).map(u -> u.family().name()))
                .doesNotContain("DirectGet.throttled", "ResyncFanout", "ResyncZero", "RestartStorm")
                .contains("ListerGet", "ServerCost");

        // -f wins over the profile; the user's patterns leave out families with nothing to run
        List<InterleavePlan.Unit> listerGet = InterleavePlan.units(Profile.SMOKE.families(),
                JmhArgs.parse(List.of("ListerGetBenchmark.lister_t1", "-f", "3")));
        assertThat(listerGet).extracting(u -> u.round() + " " + u.family().name())
                .containsExactly("1 ListerGet", "2 ListerGet", "3 ListerGet");
        assertThat(InterleavePlan.units(Profile.SMOKE.families(),
                JmhArgs.parse(List.of("ListerGetBenchmark", "-f", "0")))).hasSize(1);
    }

    @Test
    void theVersionsOrderRotatesFromUnitToUnit() {
        assertThat(InterleavePlan.order(0, 2)).containsExactly(0, 1);
        assertThat(InterleavePlan.order(1, 2)).containsExactly(1, 0);
        assertThat(InterleavePlan.order(2, 2)).containsExactly(0, 1);
        assertThat(InterleavePlan.order(1, 3)).containsExactly(1, 2, 0);
    }

    @Test
    void eachJvmGetsOneForkAndTheUsersOtherArguments() {
        assertThat(JmhArgs.parse(List.of("ListerGet", "-f", "3", "-i", "2")).withForks(1))
                .containsExactly("ListerGet", "-i", "2", "-f", "1");
        assertThat(JmhArgs.parse(List.of("-f5", "-wi", "0")).withForks(1)).containsExactly("-wi", "0", "-f", "1");
        assertThat(JmhArgs.parse(List.of()).withForks(1)).containsExactly("-f", "1");
        assertThat(JmhArgs.parse(List.of("-f", "4")).forks()).isEqualTo(4);
        assertThat(JmhArgs.parse(List.of()).forks()).isEqualTo(-1);
    }

    @Test
    void aJvmOfTheRunIsToldItsFamily() {
        SuiteRunner.Request one = new SuiteRunner.Request(Profile.SMOKE, null, JmhArgs.parse(List.of()), null, null,
                Set.of("DirectGet.throttled"));
        assertThat(one.selectedFamilies()).extracting(Family::name).containsExactly("DirectGet.throttled");
        assertThat(new SuiteRunner.Request(Profile.SMOKE, null, JmhArgs.parse(List.of()), null, null)
                .selectedFamilies()).hasSize(Profile.SMOKE.families().size());
        assertThatThrownBy(() -> new SuiteRunner.Request(Profile.SMOKE, null,
                JmhArgs.parse(List.of()), null, null, Set.of("Nope")))
                .hasMessage("profile smoke has no family Nope");
    }
}
