package dev.informerbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunSummaryTest {
    static JmhJson.Entry entry(String benchmark, String mode, double score, String unit, Map<String, String> params) {
        return new JmhJson.Entry(benchmark, mode, 1, 1, params, new JmhJson.Metric(score, 1, unit, List.of()), Map.of());
    }

    @Test
    void perReadTimeFromEitherMode() {
        assertThat(RunSummary.nanosPerOp(entry("a.B.c", "avgt", 50, "ns/op", Map.of()))).contains(50.0);
        assertThat(RunSummary.nanosPerOp(entry("a.B.c", "avgt", 2, "us/op", Map.of()))).contains(2000.0);
        assertThat(RunSummary.nanosPerOp(entry("a.B.c", "thrpt", 5, "ops/s", Map.of()))).contains(2e8);
        assertThat(RunSummary.nanosPerOp(entry("a.B.c", "thrpt", 500, "ops/ms", Map.of()))).contains(2000.0);
        assertThat(RunSummary.nanosPerOp(entry("a.B.c", "thrpt", Double.NaN, "ops/s", Map.of()))).isEmpty();
    }

    static JmhJson.Entry withThreads(String benchmark, int threads, double score, String unit, Map<String, String> params) {
        return new JmhJson.Entry(benchmark, "thrpt", threads, 1, params, new JmhJson.Metric(score, 1, unit, List.of()),
                Map.of());
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
        assertThat(RunSummary.nanosPerOp(new JmhJson.Entry("a.B.c", "avgt", 2, 1, Map.of(),
                new JmhJson.Metric(80, 1, "ns/op", List.of()), Map.of()))).contains(80.0);
    }

    @Test
    void theThrottledGetOfTheSummaryIsWhatOneCallerWaits() {
        Map<String, String> params = Map.of("objects", "1000", "qps", "5", "burst", "10");
        JmhJson.Entry lister = entry("x.ListerGetBenchmark.lister_t1", "avgt", 100, "ns/op", Map.of("objects", "1000"));
        assertThat(RunSummary.speedups(List.of(lister,
                withThreads("x.DirectGetBenchmark.throttled", 1, 5, "ops/s", params))))
                .contains("200.0 ms").contains("2,000,000×");
        assertThat(RunSummary.speedups(List.of(lister,
                withThreads("x.DirectGetBenchmark.throttled", 4, 5, "ops/s", params))))
                .contains("800.0 ms").contains("8,000,000×").doesNotContain("200.0 ms");
    }

    @Test
    void speedupsPairReadsAndGetsByObjectCount() {
        String table = RunSummary.speedups(List.of(
                entry("x.ListerGetBenchmark.lister_t1", "avgt", 100, "ns/op", Map.of("objects", "1000")),
                entry("x.DirectGetBenchmark.unthrottled", "thrpt", 1000, "ops/s", Map.of("objects", "1000")),
                entry("x.DirectGetBenchmark.throttled", "thrpt", 5, "ops/s",
                        Map.of("objects", "1000", "qps", "5", "burst", "10"))));
        assertThat(table).contains("1000     100.0 ns    1.0 ms      10,000×")
                .contains("200.0 ms").contains("2,000,000×").contains("qps=5,burst=10");
    }

    @Test
    void noPairNoSpeedupSection() {
        assertThat(RunSummary.speedups(List.of(entry("x.ListerGetBenchmark.lister_t1", "avgt", 100, "ns/op",
                Map.of("objects", "1000"))))).isEmpty();
    }

    static JmhJson.Entry withRequests(String benchmark, Map<String, String> params, Map<String, Double> counts) {
        Map<String, JmhJson.Metric> secondary = new java.util.LinkedHashMap<>();
        counts.forEach((k, v) -> secondary.put(k, new JmhJson.Metric(v, Double.NaN, "requests", List.of())));
        return new JmhJson.Entry(benchmark, "thrpt", 16, 1, params, new JmhJson.Metric(900, 1, "ops/s", List.of()),
                secondary);
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
        return new JmhJson.Entry(benchmark, "thrpt", 1, 1, params,
                new JmhJson.Metric(800, 100, "ops/s", List.of(iterations)), Map.of());
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
        JmhJson.Entry noRawData = entry("x.DirectGetBenchmark.unthrottled", "thrpt", 800, "ops/s",
                Map.of("objects", "10000"));
        String summary = RunSummary.render(List.of(steady, tooFew, noRawData), List.of());
        assertThat(summary).doesNotContain("unsteady");
        assertThat(summary).isEqualTo("""
                benchmark              params         score        unit   LIST  WATCH  GET  writes  429
                DirectGet.unthrottled  objects=100    800 ± 100    ops/s  -     -      -    -       -
                DirectGet.unthrottled  objects=1000   800 ± 100    ops/s  -     -      -    -       -
                DirectGet.unthrottled  objects=10000  800 ± 1.000  ops/s  -     -      -    -       -
                (LIST..429: API requests during the measurement iterations, all forks; - = not recorded)
                """);
        // The same rows without their iterations render byte for byte the same.
        List<JmhJson.Entry> bare = List.of(steady, tooFew, noRawData).stream()
                .map(e -> new JmhJson.Entry(e.benchmark(), e.mode(), e.threads(), e.forks(), e.params(),
                        new JmhJson.Metric(e.primary().score(), e.primary().error(), e.primary().unit(), List.of()),
                        e.secondary()))
                .toList();
        assertThat(RunSummary.render(bare, List.of())).isEqualTo(summary);
    }

    @Test
    void rawDataIsReadPerFork(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("run.json");
        java.nio.file.Files.writeString(file, """
                [{"benchmark": "x.ListerGetBenchmark.map_t1", "mode": "avgt", "threads": 1, "forks": 2,
                  "params": {"objects": "10000"},
                  "primaryMetric": {"score": 60, "scoreError": 5, "scoreUnit": "ns/op",
                    "rawData": [[74, 70, 63], [59, "NaN", 48]]},
                  "secondaryMetrics": {}}]
                """);
        JmhJson.Metric primary = JmhJson.read(file).get(0).primary();
        assertThat(primary.rawForks()).hasSize(2);
        assertThat(primary.rawForks().get(0)).containsExactly(74, 70, 63);
        assertThat(primary.rawForks().get(1)).hasSize(3).startsWith(59).endsWith(48);
        assertThat(primary.rawScores()).hasSize(6).startsWith(74.0, 70.0, 63.0, 59.0);
    }
}
