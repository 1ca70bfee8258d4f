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
}
