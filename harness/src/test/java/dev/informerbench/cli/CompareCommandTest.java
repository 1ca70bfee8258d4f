package dev.informerbench.cli;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.write;
import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code compare}: exit 0, 1 past --threshold, 2 and one line for bad input. */
class CompareCommandTest {

    @RegisterExtension
    final CapturedOutput console = new CapturedOutput();

    @TempDir
    Path dir;

    private Path base() {
        return write(dir, "base.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)));
    }

    @Test
    void identicalFilesPassAnyThreshold() {
        Path base = base();
        assertThat(Main.run("compare", base.toString(), base.toString(), "--threshold", "0")).isEqualTo(0);
        assertThat(console.out().lines().filter(l -> l.contains("~ p=1.000 n=5+5"))).hasSize(2)
                .noneMatch(l -> l.contains("worse"));
        assertThat(console.err()).isEmpty();
    }

    @Test
    void aSignificantRegressionBeyondTheThresholdExitsOne() throws Exception {
        Path base = base();
        Path slower = write(dir, "slower.json", entry(LISTER, "avgt", "ns/op", scaled(forks(5, 100), 1.2)),
                entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)));
        byte[] before = Files.readAllBytes(slower);
        assertThat(Main.run("compare", base.toString(), slower.toString(), "--threshold", "10")).isEqualTo(1);
        assertThat(console.err().strip())
                .startsWith("regression beyond 10%: ListerGetBenchmark.lister_t1: avgt +20.00%");
        assertThat(Files.readAllBytes(slower)).isEqualTo(before); // inputs are only read
        console.reset();
        assertThat(Main.run("compare", base.toString(), slower.toString(), "--threshold", "25")).isEqualTo(0);
        assertThat(Main.run("compare", base.toString(), slower.toString())).isEqualTo(0);
        assertThat(console.err()).isEmpty();
    }

    @Test
    void moreThroughputIsNoRegression() {
        Path base = base();
        Path faster = write(dir, "faster.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                entry(DIRECT, "thrpt", "ops/s", scaled(forks(5, 1000), 1.5)));
        assertThat(Main.run("compare", base.toString(), faster.toString(), "--threshold", "1")).isEqualTo(0);
        assertThat(console.out()).contains("+50.00% better");
        Path fewer = write(dir, "fewer.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                entry(DIRECT, "thrpt", "ops/s", scaled(forks(5, 1000), 0.5)));
        assertThat(Main.run("compare", base.toString(), fewer.toString(), "--threshold", "1")).isEqualTo(1);
    }

    @Test
    void aTruncatedFileIsOneLineAndExitTwo() throws Exception {
        Path base = base();
        String text = Files.readString(base);
        Path truncated = writeText(dir, "truncated.json", text.substring(0, text.length() / 2));
        assertThat(Main.run("compare", base.toString(), truncated.toString())).isEqualTo(2);
        assertThat(console.err().strip().lines()).singleElement().asString()
                .startsWith("error: " + truncated + " is not JMH JSON: truncated or malformed JSON");
        assertThat(console.out()).isEmpty();
    }

    @Test
    void otherBadFilesAreOneLineAndExitTwo() {
        Path base = base();
        Path empty = writeText(dir, "empty.json", "");
        assertThat(Main.run("compare", base.toString(), empty.toString())).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo("error: " + empty + " is not JMH JSON: the file is empty");
        console.reset();
        Path meta = writeText(dir, "x.meta.json", "{\"schema\": \"informer-bench/run-metadata/v1\"}");
        assertThat(Main.run("compare", meta.toString(), base.toString())).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo("error: " + meta
                + " is not JMH JSON: expected a JSON array of benchmark results, found an object");
        console.reset();
        assertThat(Main.run("compare", base.toString(), dir.resolve("nope.json").toString())).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo("error: " + dir.resolve("nope.json") + ": no such file");
    }

    @Test
    void helpAndTooFewFiles() {
        assertThat(Main.run("compare", "--help")).isEqualTo(0);
        assertThat(console.err()).isEmpty(); // no picocli warnings about the help text
        assertThat(console.out()).contains("change in % with whiskers");
        assertThat(Main.run("compare", base().toString())).isEqualTo(2);
        assertThat(console.err().strip().lines()).singleElement().asString().startsWith("error: ")
                .endsWith("(see: run-bench.sh compare --help)");
    }

    /** The command is where options are checked: before any file is read, one line, exit 2. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--format     | html     | error: --format must be text, markdown or csv, not 'html'",
        "--alpha      | 1.5      | error: --alpha must be between 0 and 1 (e.g. 0.05), not 1.5",
        "--alpha      | 0        | error: --alpha must be between 0 and 1 (e.g. 0.05), not 0.0",
        "--min-change | 100      | error: --min-change must be a percentage from 0 to under 100, not 100.0",
        "--threshold  | -1       | error: --threshold must be a percentage of 0 or more, not -1.0",
        "--threshold  | Infinity | error: --threshold must be a percentage of 0 or more, not Infinity",
        "--chart      | c.gif    | error: --chart must name a .png or .svg file, not c.gif"})
    void badOptionsAreOneLineAndExitTwo(String option, String value, String message) {
        Path missing = dir.resolve("not-read.json");
        assertThat(Main.run("compare", missing.toString(), missing.toString(), option, value)).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo(message);
    }

    @Test
    void csvAndAChartFile() throws Exception {
        Path base = base();
        Path png = dir.resolve("cmp.png");
        assertThat(Main.run("compare", base.toString(), base.toString(), "--format", "csv", "--chart", png.toString()))
                .isEqualTo(0);
        assertThat(console.out().lines().findFirst().orElseThrow()).startsWith("table,metric,mode,unit,direction,");
        assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
        assertThat(console.err().strip()).isEqualTo("chart: " + png);
    }
}
