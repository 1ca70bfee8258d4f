package dev.informerbench.results;

import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.informerbench.statistics.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is not JMH JSON is one line naming the file; what is, however old or odd, is read. */
class JmhJsonTest {
    @TempDir
    Path dir;

    private void rejects(String text, String why) {
        Path file = writeText(dir, "x.json", text);
        assertThatThrownBy(() -> JmhJson.read(file)).isInstanceOf(ResultFileException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + " is not JMH JSON: ")
                .hasMessageContaining(why)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void emptyFiles() {
        rejects("", "the file is empty");
        rejects("  \n", "the file is empty");
    }

    @Test
    void truncatedFiles() {
        rejects("[ { \"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"primaryMetric\": { \"score\": 1.0,", "truncated");
    }

    @Test
    void otherJson() {
        rejects("{ \"benchmark\": \"a.B.c\" }", "expected a JSON array of benchmark results, found an object");
        rejects("[ 1, 2 ]", "entry 1 is a number, not a benchmark result");
        rejects("[ { \"name\": \"x\" } ]", "entry 1 has no \"benchmark\" name");
        rejects("[ { \"benchmark\": \"a.B.c\", \"mode\": \"avgt\" } ]",
                "entry 1 (a.B.c) has no \"primaryMetric\" object");
    }

    @Test
    void binaryFiles() throws Exception {
        Path file = dir.resolve("x.json");
        Files.write(file, new byte[] {(byte) 0x89, 'P', 'N', 'G', (byte) 0xff, 0});
        assertThatThrownBy(() -> JmhJson.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + " is not JMH JSON: not UTF-8 text");
    }

    @Test
    void missingFiles() {
        Path file = dir.resolve("nope.json");
        assertThatThrownBy(() -> JmhJson.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": no such file");
    }

    @Test
    void anEmptyArrayIsARunWithoutResults() {
        assertThat(JmhJson.read(writeText(dir, "x.json", "[]"))).isEmpty();
    }

    @Test
    void paramsThreadsAndSecondaryNamesAreRead() {
        Path file = writeText(dir, "x.json", """
                [ { "benchmark": "a.B.c", "mode": "thrpt", "threads": 4,
                    "params": { "objects": "1000", "qps": "5" },
                    "primaryMetric": { "score": 3.0, "scoreUnit": "ops/s", "rawData": [ [1.0, 2.0], [3.0, 4.0] ] },
                    "secondaryMetrics": { "\u00b7gc.alloc.rate.norm": { "score": 24.0, "scoreUnit": "B/op" },
                                          "api.get": { "score": 7.0, "scoreUnit": "requests", \
                "rawData": [ [3.0], [4.0] ] } } } ]
                """);
        JmhJson.Entry e = JmhJson.read(file).get(0);
        assertThat(e.threads()).isEqualTo(4);
        assertThat(e.params()).containsExactly(entry("objects", "1000"), entry("qps", "5"));
        assertThat(e.primary().samples().values()).containsExactly(1.5, 3.5);
        assertThat(e.secondary()).containsOnlyKeys("gc.alloc.rate.norm", "api.get");
        assertThat(e.secondary().get("gc.alloc.rate.norm").samples().values()).containsExactly(24.0);
        assertThat(e.secondary().get("api.get").samples().kind()).isEqualTo(Samples.Kind.FORKS);
        assertThat(RowKey.of(e)).isEqualTo(new RowKey("a.B.c", "thrpt", 4, Map.of("qps", "5", "objects", "1000")));
    }

    @Test
    void rawDataIsReadPerForkWithoutItsNaNs() {
        Path file = writeText(dir, "run.json", """
                [{"benchmark": "x.ListerGetBenchmark.map_t1", "mode": "avgt", "threads": 1, "forks": 2,
                  "params": {"objects": "10000"},
                  "primaryMetric": {"score": 60, "scoreError": 5, "scoreUnit": "ns/op",
                    "rawData": [[74, 70, 63], [59, "NaN", 48]]},
                  "secondaryMetrics": {}}]
                """);
        JmhJson.Metric primary = JmhJson.read(file).get(0).primary();
        assertThat(primary.score()).isEqualTo(60);
        assertThat(primary.error()).isEqualTo(5);
        assertThat(primary.samples().iterationForks()).satisfiesExactly(
                fork -> assertThat(fork).containsExactly(74, 70, 63), fork -> assertThat(fork).containsExactly(59, 48));
        assertThat(primary.rawScores()).containsExactly(74.0, 70.0, 63.0, 59.0, 48.0);
    }
}
