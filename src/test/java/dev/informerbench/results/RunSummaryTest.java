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
}
