package dev.informerbench.summary;

import com.google.gson.JsonObject;
import dev.informerbench.results.Golden;
import dev.informerbench.results.JmhJson;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.LatencyFiles;
import dev.informerbench.statistics.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunSummaryTest {
    /** The direct GETs' latencies of the default profile's committed run, as its summary shows them. */
    private static final List<LatencyFiles.Percentiles> LATENCIES = List.of(
            new LatencyFiles.Percentiles("DirectGet.throttled-objects=1000-qps=5-burst=10", 104, 199_361, 211_157,
                    218_497, 220_201, 220_201),
            new LatencyFiles.Percentiles("DirectGet.unthrottled-objects=1000", 10_782, 1_505, 2_061, 5_362, 9_970,
                    52_003));

    /** A metric as JMH reports it, with one fork of measured iterations or, without them, the score alone. */
    static JmhJson.Metric metric(double score, double error, String unit, double... iterations) {
        return new JmhJson.Metric(score, error, unit,
                iterations.length == 0 ? Samples.ofScore(score) : Samples.ofForks(List.of(iterations)));
    }

    static JmhJson.Entry scored(String benchmark, String mode, double score, String unit, Map<String, String> params) {
        return new JmhJson.Entry(benchmark, mode, 1, params, metric(score, 1, unit), Map.of());
    }

    @Test
    void perReadTimeFromEitherMode() {
        assertThat(RunSummary.nanosPerOp(scored("a.B.c", "avgt", 50, "ns/op", Map.of()))).contains(50.0);
        assertThat(RunSummary.nanosPerOp(scored("a.B.c", "avgt", 2, "us/op", Map.of()))).contains(2000.0);
        assertThat(RunSummary.nanosPerOp(scored("a.B.c", "thrpt", 5, "ops/s", Map.of()))).contains(2e8);
        assertThat(RunSummary.nanosPerOp(scored("a.B.c", "thrpt", 500, "ops/ms", Map.of()))).contains(2000.0);
        assertThat(RunSummary.nanosPerOp(scored("a.B.c", "thrpt", Double.NaN, "ops/s", Map.of()))).isEmpty();
    }

    static JmhJson.Entry withThreads(String benchmark, int threads, double score, String unit,
            Map<String, String> params) {
        return new JmhJson.Entry(benchmark, "thrpt", threads, params, metric(score, 1, unit), Map.of());
    }

    /**
     * A thrpt score is the rate of all threads: one closed-loop caller waits threads/score. Four
     * callers sharing a 5 QPS bucket make 5 ops/s, and each of their GETs takes 800 ms (the
     * .hgrm p50), not 200 ms.
     */
    @Test
    void aThroughputScoreIsTurnedIntoOneCallersTimeWithItsThreads() {
        assertThat(RunSummary.nanosPerOp(withThreads("a.B.c", 1, 5, "ops/s", Map.of()))).contains(2e8);
        assertThat(RunSummary.nanosPerOp(withThreads("a.B.c", 4, 5, "ops/s", Map.of()))).contains(8e8);
        assertThat(RunSummary.nanosPerOp(withThreads("a.B.c", 16, 8, "ops/ms", Map.of()))).contains(2e6);
        // avgt is per thread already: threads change nothing.
        assertThat(RunSummary.nanosPerOp(new JmhJson.Entry("a.B.c", "avgt", 2, Map.of(), metric(80, 1, "ns/op"),
                Map.of()))).contains(80.0);
    }

    @Test
    void theThrottledGetOfTheAnswersIsWhatOneCallerWaits() {
        Map<String, String> params = Map.of("objects", "1000", "qps", "5", "burst", "10");
        JmhJson.Entry lister =
                scored("x.ListerGetBenchmark.lister_t1", "avgt", 100, "ns/op", Map.of("objects", "1000"));
        assertThat(Headline.render(
                List.of(lister, withThreads("x.DirectGetBenchmark.throttled", 1, 5, "ops/s", params))))
                .contains("200.0 ms").contains("2,000,000× a cache read");
        assertThat(Headline.render(
                List.of(lister, withThreads("x.DirectGetBenchmark.throttled", 4, 5, "ops/s", params))))
                .contains("800.0 ms").contains("8,000,000× a cache read").doesNotContain("200.0 ms");
    }

    @Test
    void theAnswersPutAGetAgainstACacheRead() {
        String table = Headline.render(List.of(
                scored("x.ListerGetBenchmark.lister_t1", "avgt", 100, "ns/op", Map.of("objects", "1000")),
                scored("x.DirectGetBenchmark.unthrottled", "thrpt", 1000, "ops/s", Map.of("objects", "1000")),
                scored("x.DirectGetBenchmark.throttled", "thrpt", 5, "ops/s",
                        Map.of("objects", "1000", "qps", "5", "burst", "10"))));
        assertThat(table).contains("a read from the informer's cache (Lister.get, 1 thread, 1,000 objects)  100.0 ns")
                .contains("1.0 ms").contains("10,000× a cache read").contains("a GET behind QPS 5 / burst 10")
                .contains("2,000,000× a cache read");
    }

    static JmhJson.Entry window(String approach, String controllers, double cores) {
        return new JmhJson.Entry("x.ServerCostBenchmark.window", "ss", 1, Map.of("approach", approach, "controllers",
                controllers, "churnPerSecond", "10"), metric(4000, 1, "ms/op"),
                Map.of("server.apiserverCores", metric(cores, Double.NaN, "cores")));
    }

    /** ServerCost's score is its window's length: the row shows kube-apiserver's cores, the answers the largest N. */
    @Test
    void serverCostRowsShowTheServersCpuInPlaceOfTheirWindow() {
        List<JmhJson.Entry> rows = List.of(window("LIST_WATCH", "10", 0.05), window("LIST_WATCH", "100", 0.096),
                window("POLL", "100", 0.759));
        String summary = RunSummary.render(rows, List.of());
        assertThat(summary)
                .containsPattern("kube-apiserver's CPU under 100 controllers \\(cores\\) +list\\+watch 0\\.096,"
                        + " pollers 0\\.759")
                .containsPattern("ServerCost\\.window +approach=POLL,.* +0\\.759 +server\\.apiserverCores")
                .doesNotContain("4,000").contains("(ServerCost: the score column shows server.apiserverCores");
    }

    @Test
    void noQuestionAnsweredNoAnswers() {
        assertThat(Headline.render(List.of(scored("x.HandlerFanoutBenchmark.burst", "avgt", 100, "ms/op",
                Map.of("objects", "100"))))).isEmpty();
    }

    static JmhJson.Entry withRequests(String benchmark, Map<String, String> params, Map<String, Double> counts) {
        Map<String, JmhJson.Metric> secondary = new LinkedHashMap<>();
        counts.forEach((k, v) -> secondary.put(k, metric(v, Double.NaN, "requests")));
        return new JmhJson.Entry(benchmark, "thrpt", 16, params, metric(900, 1, "ops/s"), secondary);
    }

    @Test
    void oneLinePerBenchmarkThatSaw429s() {
        String lines = RunSummary.tooManyRequests(List.of(
                withRequests("x.DirectGetBenchmark.unthrottled", Map.of("objects", "100"),
                        Map.of("api.get", 50_000.0, "api.429", 1_234.0)),
                withRequests("x.DirectGetBenchmark.unthrottled", Map.of("objects", "1000"),
                        Map.of("api.get", 40_000.0, "api.429", 0.0)),
                withRequests("x.SyncAndMemoryBenchmark.sync", Map.of(),
                        Map.of("api.list", 3.0, "api.watch", 2.0, "api.429", 1.0)),
                withRequests("x.ListerGetBenchmark.lister_t1", Map.of(), Map.of())));
        assertThat(lines).isEqualTo("""
                DirectGet.unthrottled objects=100: 1,234 of 50,000 GETs answered 429 (API Priority and Fairness)
                SyncAndMemory.sync: 1 of 5 requests answered 429 (API Priority and Fairness)
                """);
    }

    @Test
    void theSummaryCarriesThe429LinesOnlyWhenThereAreAny() {
        String summary = RunSummary.render(List.of(withRequests("x.DirectGetBenchmark.unthrottled",
                Map.of("objects", "100"), Map.of("api.get", 10.0, "api.429", 4.0))), List.of());
        assertThat(summary).contains("DirectGet.unthrottled objects=100: 4 of 10 GETs answered 429");
        assertThat(RunSummary.render(List.of(withRequests("x.DirectGetBenchmark.unthrottled",
                Map.of("objects", "100"), Map.of("api.get", 10.0, "api.429", 0.0))), List.of()))
                .doesNotContain("answered 429");
    }

    static JmhJson.Entry measured(String benchmark, Map<String, String> params, double... iterations) {
        return new JmhJson.Entry(benchmark, "thrpt", 1, params, metric(800, 100, "ops/s", iterations), Map.of());
    }

    @Test
    void aTrendingRowGetsAnUnsteadyLineAfterTheTable() {
        JmhJson.Entry climbing = measured("x.DirectGetBenchmark.unthrottled", Map.of("objects", "100"),
                500, 640, 705, 868, 930, 1071);
        JmhJson.Entry steady = measured("x.DirectGetBenchmark.unthrottled", Map.of("objects", "1000"),
                800, 790, 812, 805, 798, 801);
        assertThat(RunSummary.unsteady(List.of(climbing, steady))).matches(
                "unsteady: DirectGet\\.unthrottled objects=100 — measured iterations trend up 1\\d\\d% \\(p=0\\.003;"
                        + " warm-up not over\\?\\)\n");
        String summary = RunSummary.render(List.of(climbing, steady), List.of());
        assertThat(summary).contains("(LIST..429: API requests during the measurement iterations, all forks; - = not "
                + "recorded)\nunsteady: DirectGet.unthrottled objects=100 — measured iterations trend up");
        assertThat(summary).doesNotContain("objects=1000 —");
    }

    @Test
    void aStepAndAFallAreFlaggedToo() {
        assertThat(RunSummary.unsteady(List.of(
                measured("x.ListerGetBenchmark.map_t1", Map.of("objects", "10000"), 74, 70, 63, 59, 52, 48),
                measured("x.SyncAndMemoryBenchmark.sync", Map.of(), 100, 101, 99, 130, 131, 129))))
                .isEqualTo("""
                        unsteady: ListerGet.map_t1 objects=10000 — measured iterations trend down 37% (p=0.003; \
                        warm-up not over?)
                        unsteady: SyncAndMemory.sync — measured iterations split into two levels 3 at 100 then 3 at \
                        130 (+30%; JIT change?)
                        """);
    }

    @Test
    void steadyRowsLeaveTheSummaryAsItWas() {
        JmhJson.Entry steady = measured("x.DirectGetBenchmark.unthrottled", Map.of("objects", "100"),
                800, 790, 812, 805, 798, 801);
        JmhJson.Entry tooFew = measured("x.DirectGetBenchmark.unthrottled", Map.of("objects", "1000"), 500, 1071);
        JmhJson.Entry noRawData = scored("x.DirectGetBenchmark.unthrottled", "thrpt", 800, "ops/s",
                Map.of("objects", "10000"));
        String summary = RunSummary.render(List.of(steady, tooFew, noRawData), List.of());
        assertThat(summary).doesNotContain("unsteady");
        assertThat(summary.substring(summary.indexOf("benchmark  "))).isEqualTo("""
                benchmark              params         score        unit   LIST  WATCH  GET  writes  429
                DirectGet.unthrottled  objects=100    800 ± 100    ops/s  -     -      -    -       -
                DirectGet.unthrottled  objects=1000   800 ± 100    ops/s  -     -      -    -       -
                DirectGet.unthrottled  objects=10000  800 ± 1.000  ops/s  -     -      -    -       -
                (LIST..429: API requests during the measurement iterations, all forks; - = not recorded)
                """);
        // The same rows without their iterations render byte for byte the same.
        List<JmhJson.Entry> bare = List.of(steady, tooFew, noRawData).stream()
                .map(e -> new JmhJson.Entry(e.benchmark(), e.mode(), e.threads(), e.params(),
                        metric(e.primary().score(), e.primary().error(), e.primary().unit()), e.secondary()))
                .toList();
        assertThat(RunSummary.render(bare, List.of())).isEqualTo(summary);
    }

    private static JsonObject counted(JsonObject entry, String metric, double... perFork) {
        return withSecondary(entry, metric, "requests", Arrays.stream(perFork).mapToObj(c -> new double[] {c})
                .toArray(double[][]::new));
    }

    private static JsonObject onThreads(JsonObject entry, int threads) {
        entry.addProperty("threads", threads);
        return entry;
    }

    /** Every part of a summary, from a result file as the runner reads it. */
    @Test
    void aWholeSummaryIsPinned(@TempDir Path dir) {
        String direct = "com.example.bench.DirectGetBenchmark.";
        Path file = write(dir, "run.json",
                counted(counted(withParams(entry(LISTER, "avgt", "ns/op", forks(3, 72.5)), "objects", "1000"),
                        "api.get", 0, 0, 0), "api.429", 0, 0, 0),
                withParams(entry(LISTER, "avgt", "ns/op", forks(3, 137)), "objects", "10000"),
                counted(counted(onThreads(withParams(entry(direct + "unthrottled", "thrpt", "ops/s", forks(3, 9000)),
                        "objects", "1000"), 16), "api.get", 50_000, 52_000, 48_000), "api.429", 1_200, 0, 0),
                counted(withParams(entry(direct + "throttled", "thrpt", "ops/s", forks(2, 5)),
                        "objects", "1000", "qps", "5", "burst", "10"), "api.get", 100, 104),
                counted(counted(withParams(entry("com.example.bench.SyncAndMemoryBenchmark.sync", "ss", "ms/op",
                        new double[][] {{500, 640, 705, 868, 930, 1071}}), "objects", "1000"), "api.list", 6),
                        "api.watch", 6),
                entry("com.example.bench.ResyncFanoutBenchmark.callbacks", "thrpt", "ops/s",
                        new double[][] {{100, 101, 99, 130, 131, 129}}));
        Golden.assertMatches("summary/run.txt", RunSummary.render(JmhJson.read(file), LATENCIES));
    }

    /**
     * The rows the default profile's run wrote beside its result file, from that file and its
     * latencies: the table is the same (the answers before it, and no per-read table after it, came later).
     */
    @Test
    void theCommittedRunsRowsAreWhatTheRunWrote() throws Exception {
        String stem = "results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3";
        String now = RunSummary.render(JmhJson.read(Path.of(stem + ".json")), LATENCIES);
        String then = Files.readString(Path.of(stem + ".summary.txt"));
        // ResyncZero's rows show their answer (resync callbacks) now, in place of the window's length
        List<String> rows = then.substring(0, then.indexOf("(LIST..429")).lines()
                .filter(l -> !l.startsWith("ResyncZero")).map(l -> l.replaceAll("\\s+", " ")).toList();
        assertThat(now.lines().map(l -> l.replaceAll("\\s+", " ")).toList()).containsAll(rows);
        assertThat(now).startsWith(Headline.render(JmhJson.read(Path.of(stem + ".json"))));
        assertThat(now).containsPattern(
                "a GET, one caller back to back \\(1,000 objects\\) +1\\.7 ms +23,055× a cache read; 1 GET");
    }
}
