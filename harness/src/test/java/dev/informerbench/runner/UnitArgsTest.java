package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.bench.DirectGetBenchmark;
import dev.informerbench.fork.ApiRequestProfiler;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exact command lines of a fabric8 unit (JMH's CLI) and a client-go unit (its program's contract). */
class UnitArgsTest {
    private static final Family UNTHROTTLED = Profile.SMOKE.families().stream()
            .filter(f -> f.name().equals("DirectGet.unthrottled")).findFirst().orElseThrow();
    private static final String BENCHMARK = "^" + DirectGetBenchmark.class.getName().replace(".", "\\.")
            + "\\.unthrottled$";
    private static final ForkProperties FORK = new ForkProperties(Path.of("/k/config"), null, "r20261130-160043",
            "host:1:2", Path.of("/parts/.latency"), Path.of("/parts/.phase"), null);
    private static final Path RESULT = Path.of("/parts/result.json");

    @Test
    void fabric8GetsTheFamilyAsJmhOptions() {
        UnitArgs unit = UnitArgs.of(UNTHROTTLED, JmhArgs.parse(List.of()), "client=FABRIC8", true);
        assertThat(unit.jmh(FamilyRun.FORK_HEAP, FORK, RESULT, List.of())).containsExactly(
                "-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-p", "client=FABRIC8", "-p", "objects=100",
                "-rf", "json", "-rff", "/parts/result.json",
                "-foe", "true", "-prof", ApiRequestProfiler.class.getName(), "-jvmArgsAppend",
                "-Xms2g -Xmx2g -Dinformerbench.kubeconfig=/k/config -Dinformerbench.runId=r20261130-160043"
                        + " -Dinformerbench.owner=host:1:2 -Dinformerbench.latencyDir=/parts/.latency"
                        + " -Dinformerbench.phaseFile=/parts/.phase",
                "-to", "30m", BENCHMARK);
    }

    @Test
    void clientGoGetsTheSameShapeAsItsContractSaysIt() {
        UnitArgs unit = UnitArgs.of(UNTHROTTLED, JmhArgs.parse(List.of()), "client=CLIENT_GO", true);
        ForkProperties withContext =
                new ForkProperties(Path.of("/k/config"), "ctx", "r1", "host:1:2", null, null, null);
        assertThat(unit.program(withContext, RESULT, List.of())).containsExactly(
                "-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-p", "client=CLIENT_GO", "-p", "objects=100",
                "-rf", "json", "-rff", "/parts/result.json",
                "-Dinformerbench.kubeconfig=/k/config", "-Dinformerbench.context=ctx", "-Dinformerbench.runId=r1",
                "-Dinformerbench.owner=host:1:2", BENCHMARK);
    }

    @Test
    void theUsersOptionsReplaceTheFamilysAndTheRestPassToJmh() {
        JmhArgs user = JmhArgs.parse(List.of("unthrottled", "-i", "5", "-r", "2", "-w=500ms", "-f", "3", "-t", "2",
                "-p", "objects=1000,10000", "-jvmArgsAppend", "-Dx=1 -Dy=2"));
        UnitArgs unit = UnitArgs.of(UNTHROTTLED, user, "client=FABRIC8", false);
        assertThat(unit.benchmarks()).containsExactly(BENCHMARK);
        assertThat(unit.params()).containsEntry("objects", "1000,10000").containsEntry("client", "FABRIC8");
        List<String> argv = unit.jmh(FamilyRun.FORK_HEAP, FORK, RESULT, UnitArgs.userJvmArgsAppend(user));
        assertThat(argv.subList(0, 14)).containsExactly("-f", "1", "-wi", "1", "-w", "500ms", "-i", "5", "-r", "2s",
                "-p", "client=FABRIC8", "-p", "objects=1000,10000");
        assertThat(argv.get(argv.indexOf("-jvmArgsAppend") + 1))
                .endsWith("-Dinformerbench.phaseFile=/parts/.phase -Dx=1 -Dy=2");
        assertThat(argv.subList(argv.size() - 3, argv.size())).containsExactly("-t", "2", BENCHMARK);
        // client-go's contract has no -t: only the options it takes
        assertThat(unit.program(FORK, RESULT, List.of())).doesNotContain("-t", "-foe", "-prof", "-jvmArgsAppend");
    }

    @Test
    void offTheLocalTargetTheFamilysForcedParamsApply() {
        Family relist = Profile.SMOKE.families().stream().filter(f -> f.name().equals("Relist")).findFirst()
                .orElseThrow();
        JmhArgs restart = JmhArgs.parse(List.of("-p", "fault=APISERVER_RESTART"));
        assertThat(UnitArgs.of(relist, restart, "client=FABRIC8", false).params()).containsEntry("fault",
                "CONNECTION_RESET");
        assertThat(UnitArgs.of(relist, restart, "client=FABRIC8", true).params()).containsEntry("fault",
                "APISERVER_RESTART");
    }

    /** A family whose timed work stays in the fork gets JMH's GC profiler too (client-go's -prof gc): bytes per op. */
    @Test
    void anInProcessFamilysForksAlsoMeasureAllocation() {
        Family lister = Profile.SMOKE.families().stream().filter(f -> f.name().equals("ListerGet")).findFirst()
                .orElseThrow();
        assertThat(lister.inProcess()).isTrue();
        assertThat(UNTHROTTLED.inProcess()).isFalse();
        List<String> argv = UnitArgs.of(lister, JmhArgs.parse(List.of()), "client=FABRIC8", true)
                .jmh(FamilyRun.FORK_HEAP, FORK, RESULT, List.of());
        assertThat(String.join(" ", argv)).contains("-prof " + ApiRequestProfiler.class.getName())
                .contains("-prof gc");
        // client-go's program takes JMH's option and measures the same (clientgo/harness.go)
        List<String> program = UnitArgs.of(lister, JmhArgs.parse(List.of()), "client=CLIENT_GO", true)
                .program(FORK, RESULT, List.of());
        assertThat(program.subList(program.indexOf("-prof"), program.indexOf("-prof") + 2))
                .containsExactly("-prof", "gc");
        assertThat(UnitArgs.of(UNTHROTTLED, JmhArgs.parse(List.of()), "client=CLIENT_GO", true)
                .program(FORK, RESULT, List.of())).doesNotContain("-prof", "gc");
    }
}
