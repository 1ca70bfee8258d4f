package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import dev.informerbench.client.ClientType;
import dev.informerbench.results.JmhFiles;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RowKey;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.RunMetadata.Status;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rounds of an adaptive interleaved run without a cluster: each process is a stand-in that
 * writes one fork of the rows it is told to run, each row at its own noise, and takes 10 s a row
 * on a clock of the test's.
 */
class PrecisionRoundsTest {
    private static final Family LISTER_GET = Profile.COMPARE.families().stream()
            .filter(f -> f.name().equals("ListerGet")).findFirst().orElseThrow();
    /** How much each row's forks differ: one quiet, one loud (two threads on two shared cores), two between. */
    private static final Map<String, Double> NOISE = Map.of("lister_t1", 0.005, "lister_t2", 0.6,
            "mapBuiltKey_t1", 0.02, "mapPrecomputedKey_t1", 0.04);

    @TempDir
    Path folder;
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    /** A process per unit and contender: one fork of each row its arguments select, 10 s a row. */
    private final class StandIn implements UnitLauncher {
        final Random random = new Random(42);
        final List<String> units = new ArrayList<>();
        final List<JmhArgs> unitArgs = new ArrayList<>();
        long nanos;

        @Override
        public Interleave.Run run(InterleavePlan.Unit unit, Contender contender, JmhArgs given) throws IOException {
            JmhArgs args = given == null ? JmhArgs.parse(List.of()) : given;
            String i = UnitArgs.given(args, "i");
            int iterations = i == null ? unit.family().measurementIterations() : Integer.parseInt(i);
            List<JsonObject> entries = new ArrayList<>();
            for (String benchmark : args.benchmarksMatching(args.include(unit.family()))) {
                double noise = NOISE.get(benchmark.substring(benchmark.lastIndexOf('.') + 1));
                double level = 100 * Math.exp(noise * random.nextGaussian());
                double[] fork = new double[iterations];
                for (int k = 0; k < iterations; k++) {
                    fork[k] = level * (1 + 0.01 * random.nextGaussian());
                }
                entries.add(JmhFiles.withParams(JmhFiles.entry(benchmark, "avgt", "ns/op", new double[][] {fork}),
                        "objects", "1000"));
            }
            Path dir = Files.createDirectories(folder.resolve("parts"));
            Path json = JmhFiles.write(dir, "r" + unit.round() + "-" + contender.fileName() + ".json",
                    entries.toArray(JsonObject[]::new));
            Interleave.Run run = new Interleave.Run();
            run.round = unit.round();
            run.family = unit.family().name();
            run.label = contender.label();
            run.startedAt = ResultFile.iso(Instant.EPOCH.plusNanos(nanos));
            nanos += Duration.ofSeconds(10L * entries.size()).toNanos();
            run.finishedAt = ResultFile.iso(Instant.EPOCH.plusNanos(nanos));
            run.status = Status.COMPLETE;
            run.resultFile = folder.relativize(json).toString();
            units.add(unit.round() + " " + contender.label() + " " + entries.size());
            unitArgs.add(given);
            return run;
        }

        @Override
        public boolean stopping() {
            return false;
        }
    }

    private static List<Contender> aa() {
        ClientSpec release = new ClientSpec(ClientType.CLIENT_JAVA, "27.0.0");
        return List.of(new Contender(release, "client-java 27.0.0", 1, Path.of("a.jar"), 0),
                new Contender(release, "client-java 27.0.0 #2", 2, Path.of("a.jar"), 0));
    }

    private PrecisionRounds rounds(PrecisionGoal goal, Interleave record, StandIn jvms) {
        return new PrecisionRounds(goal, List.of(LISTER_GET), aa(), JmhArgs.parse(List.of()), record,
                folder.resolve(Interleave.FILE), new PrintStream(log, true)).clock(() -> jvms.nanos);
    }

    private static PrecisionRecord.RowOutcome row(Interleave record, String method) {
        return record.precision.rows.stream().filter(r -> r.row.startsWith("ListerGet." + method + " "))
                .findFirst().orElseThrow();
    }

    @Test
    void rowsRunAPilotThenStopOnTheirOwnAndOnlyTheRowsGoingAreRun() throws Exception {
        Interleave record = new Interleave();
        StandIn jvms = new StandIn();
        PrecisionRounds rounds = rounds(new PrecisionGoal(5, null, 10), record, jvms);
        List<List<Interleave.Run>> runs = rounds.run(jvms);

        // the pilot: five rounds of every row, each contender once a round, the order rotating
        assertThat(jvms.units.subList(0, 10)).containsExactly("1 client-java 27.0.0 4", "1 client-java 27.0.0 #2 4",
                "2 client-java 27.0.0 #2 4", "2 client-java 27.0.0 4", "3 client-java 27.0.0 4",
                "3 client-java 27.0.0 #2 4", "4 client-java 27.0.0 #2 4", "4 client-java 27.0.0 4",
                "5 client-java 27.0.0 4", "5 client-java 27.0.0 #2 4");
        assertThat(record.runs.subList(0, 10)).allMatch(r -> Boolean.TRUE.equals(r.pilot));
        assertThat(jvms.unitArgs.subList(0, 10)).containsOnlyNulls();
        // after it: the loud row has stopped, the others run with Kalibera & Jones' iterations
        JmhArgs sixth = jvms.unitArgs.get(10);
        assertThat(sixth.benchmarksMatching(sixth.include(LISTER_GET))).extracting(JmhJson::shortName)
                .doesNotContain("ListerGet.lister_t2").contains("ListerGet.lister_t1");
        assertThat(UnitArgs.given(sixth, "i")).isNotNull();
        assertThat(record.precision.families).singleElement().satisfies(f -> assertThat(f.iterationsPerFork)
                .isBetween(IterationPlan.FEWEST, IterationPlan.MOST));

        // the quiet row stops at its plan, the loud one after its pilot, whose forks are its result
        assertThat(row(record, "lister_t1").state).isEqualTo("REACHED");
        assertThat(row(record, "lister_t1").targetReached).isTrue();
        assertThat(row(record, "lister_t1").result).isEqualTo("measurement");
        PrecisionRecord.RowOutcome loud = row(record, "lister_t2");
        assertThat(loud.state).isEqualTo("CANNOT_REACH");
        assertThat(loud.result).isEqualTo("pilot");
        assertThat(loud.forks).isEqualTo(5);
        assertThat(loud.says).startsWith("cannot reach 5% on this machine");
        assertThat(record.precision.stoppedBy).isEqualTo("every row's plan");
        // rows go on independently: the quiet row's last round comes before the noisier rows'
        assertThat(record.runs.size()).isGreaterThan(10 + 2 * row(record, "lister_t1").plannedForks);

        // what the result files keep: the measurement's forks, the loud row's pilot
        RowKey quiet = key("lister_t1");
        RowKey loudKey = key("lister_t2");
        Interleave.Run pilot = runs.get(0).get(0);
        Interleave.Run measured = runs.get(0).get(runs.get(0).size() - 1);
        assertThat(rounds.inResult(pilot, quiet)).isFalse();
        assertThat(rounds.inResult(measured, quiet)).isTrue();
        assertThat(rounds.inResult(pilot, loudKey)).isTrue();
        assertThat(rounds.inResult(measured, loudKey)).isFalse();
        assertThat(rounds.summary()).contains("ListerGet.lister_t1 objects=1000: reached 5%: detects ")
                .contains("Reached 5% on ");
    }

    @Test
    void theBudgetStartsNoRoundThatWouldEndAfterIt() throws Exception {
        Interleave record = new Interleave();
        StandIn jvms = new StandIn();
        // a round: 4 rows × 10 s × 2 contenders = 80 s; four rounds would end at 320 s
        rounds(new PrecisionGoal(5, Duration.ofMinutes(5), 10), record, jvms).run(jvms);
        assertThat(jvms.units).hasSize(6);
        assertThat(record.precision.stoppedBy).isEqualTo("budget");
        assertThat(record.precision.budgetSeconds).isEqualTo(300);
        assertThat(row(record, "lister_t1").says).startsWith("cut short in its pilot: detects ");
        assertThat(log.toString()).contains("the budget: round 4 would take about 1 min 20 s, and 1 min 00 s of "
                + "5 min 00 s is left").contains("round 3 (pilot 3 of 5): ListerGet, client-java 27.0.0");
    }

    @Test
    void withABudgetAloneEveryRowGoesOnToTheMaximum() throws Exception {
        Interleave record = new Interleave();
        StandIn jvms = new StandIn();
        rounds(new PrecisionGoal(0, Duration.ofHours(1), 4), record, jvms).run(jvms);
        assertThat(jvms.units).hasSize(8).allMatch(u -> u.endsWith(" 4"));
        assertThat(record.runs).allMatch(r -> r.pilot == null);
        assertThat(record.precision.stoppedBy).isEqualTo("the maximum");
        assertThat(row(record, "lister_t1").says).startsWith("detects ").endsWith("with 4 forks a side");
    }

    @Test
    void compareFindsWhatTheRunReachedBesideItsFiles() throws Exception {
        Interleave record = new Interleave();
        StandIn jvms = new StandIn();
        rounds(new PrecisionGoal(5, null, 4), record, jvms).run(jvms);
        ResultFile merged = ResultFile.create(folder, "20261205T000000Z_client-java-27.0.0_k8s-1.36.3");
        RunMetadata meta = new RunMetadata();
        meta.interleaveFile = Interleave.FILE;
        merged.writeMetadata(meta);
        assertThat(RunPrecision.of(merged.json())).get().asString()
                .startsWith("\nPrecision (--precision 5%, up to 4 forks a side), stopped by ")
                .contains("ListerGet.lister_t2 objects=1000: cannot reach 5% on this machine: its pilot detects ");
        assertThat(RunPrecision.of(folder.resolve("elsewhere.json"))).isEmpty();
    }

    private static RowKey key(String method) {
        return new RowKey("dev.informerbench.bench.ListerGetBenchmark." + method, "avgt", 1, Map.of("objects", "1000"));
    }
}
