package dev.informerbench.comparison;

import static dev.informerbench.comparison.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is not JMH JSON is one line naming the file; what is, however old or odd, is read. */
class ResultSetTest {
    @TempDir
    Path dir;

    private void rejects(String text, String why) {
        Path file = writeText(dir, "x.json", text);
        assertThatThrownBy(() -> ResultSet.read(file)).isInstanceOf(ResultFileException.class)
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
        rejects("[ { \"benchmark\": \"a.B.c\", \"mode\": \"avgt\" } ]", "entry 1 (a.B.c) has no \"primaryMetric\" object");
    }

    @Test
    void binaryFiles() throws Exception {
        Path file = dir.resolve("x.json");
        Files.write(file, new byte[] {(byte) 0x89, 'P', 'N', 'G', (byte) 0xff, 0});
        assertThatThrownBy(() -> ResultSet.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + " is not JMH JSON: not UTF-8 text");
    }

    @Test
    void missingFiles() {
        Path file = dir.resolve("nope.json");
        assertThatThrownBy(() -> ResultSet.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": no such file");
    }

    @Test
    void anEmptyArrayIsARunWithoutResults() {
        assertThat(ResultSet.read(writeText(dir, "x.json", "[]")).results()).isEmpty();
    }

    @Test
    void paramsThreadsAndSecondaryNamesAreRead() {
        Path file = writeText(dir, "x.json", """
                [ { "benchmark": "a.B.c", "mode": "thrpt", "threads": 4,
                    "params": { "objects": "1000", "qps": "5" },
                    "primaryMetric": { "score": 3.0, "scoreUnit": "ops/s", "rawData": [ [1.0, 2.0], [3.0, 4.0] ] },
                    "secondaryMetrics": { "\u00b7gc.alloc.rate.norm": { "score": 24.0, "scoreUnit": "B/op" },
                                          "api.get": { "score": 7.0, "scoreUnit": "requests", "rawData": [ [3.0], [4.0] ] } } } ]
                """);
        ResultSet.Result r = ResultSet.read(file).results().get(0);
        assertThat(r.threads()).isEqualTo(4);
        assertThat(r.params()).containsExactly(java.util.Map.entry("objects", "1000"), java.util.Map.entry("qps", "5"));
        assertThat(r.primary().samples().values()).containsExactly(1.5, 3.5);
        assertThat(r.secondary()).containsOnlyKeys("gc.alloc.rate.norm", "api.get");
        assertThat(r.secondary().get("gc.alloc.rate.norm").samples().values()).containsExactly(24.0);
        assertThat(r.secondary().get("api.get").samples().kind()).isEqualTo(Samples.Kind.FORKS);
    }
}
