package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunProgressTest {

    @Test
    void aFamilyTakesItsRowsTimesItsForks() {
        Family family = Family.of("ListerGet", "ListerGetBenchmark").forks(3).warmup(2, 1).measurement(6, 1).build();
        // 4 rows × 3 forks × (2 s + 6 s + 8 s)
        assertThat(RunProgress.estimateSeconds(family, 4, family.forks())).isEqualTo(192.0);
        assertThat(RunProgress.estimateSeconds(family, 1, family.forks())).isEqualTo(48.0);
        assertThat(RunProgress.estimateSeconds(family, 1, 1)).isEqualTo(16.0);
    }

    @Test
    void aRowIsOneCombinationOfTheBenchmarksOwnParamsWithTheGivenOnesInTheirPlace() {
        Map<String, String[]> declared = new LinkedHashMap<>();
        declared.put("controllers", new String[] {"1", "10", "100"});
        declared.put("churnPerSecond", new String[] {"0", "10"});
        declared.put("windowMillis", new String[] {"2000"});
        assertThat(JmhArgs.combinations(declared, Map.of("windowMillis", new String[] {"4000", "8000"}))).isEqualTo(12);
        assertThat(JmhArgs.combinations(declared, Map.of("controllers", new String[] {"7"}))).isEqualTo(2);
        assertThat(JmhArgs.combinations(Map.of(), Map.of("objects", new String[] {"1", "2"}))).isEqualTo(1);
    }

    @Test
    void serverCostsRowsAreItsOwnDeclaredParams() {
        // The estimate once took ServerCost for one row a fork (its params are the benchmark's own,
        // not the profile's): "about 9 min 40 s left" with 35 minutes to go.
        Family serverCost = Profile.QUICK.families().stream().filter(f -> f.name().equals("ServerCost")).findFirst()
                .orElseThrow();
        JmhArgs args = JmhArgs.parse(List.of());
        assertThat(args.rowsMatching(args.include(serverCost), args.params(serverCost.params()))).isEqualTo(18);
    }

    @Test
    void theEstimateFollowsThePaceOfTheFamiliesSoFar() {
        RunProgress progress = new RunProgress(List.of(new RunProgress.Planned("ListerGet", 100),
                new RunProgress.Planned("DirectGet", 300), new RunProgress.Planned("Relist", 200)));
        assertThat(progress.startLine(0, 0)).isEqualTo("family 1 of 3: ListerGet, 0 s elapsed, about 10 min 00 s left");
        // ListerGet took 150 s where 100 were planned (pace 1.5), a sixth of the plan: the 500 s
        // left become 500 × (1/6 × 1.5 + 5/6) = 541.7 s.
        assertThat(progress.startLine(1, 150)).isEqualTo(
                "family 2 of 3: DirectGet, 2 min 30 s elapsed, about 9 min 02 s left");
        assertThat(RunProgress.words(3_900)).isEqualTo("1 h 05 min");
    }
}
