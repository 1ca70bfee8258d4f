package dev.informerbench.cli;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code export}: the paths written on stderr, inputs only read; bad input one line, exit 2, nothing written. */
class ExportCommandTest {
    @RegisterExtension
    final CapturedOutput console = new CapturedOutput();

    @TempDir
    Path dir;

    private Path run() {
        return write(dir, "run.json", withParams(entry(LISTER, "avgt", "ns/op", forks(3, 100)), "objects", "100"),
                entry(DIRECT, "thrpt", "ops/s", forks(3, 1000)));
    }

    @Test
    void eachFormatWritesItsFilesAndSaysWhere() throws IOException {
        Path run = run();
        byte[] before = Files.readAllBytes(run);
        Path outDir = Files.createDirectory(dir.resolve("out"));
        assertThat(Main.run("export", run.toString(), "--format", "github-action-benchmark", "--output",
                outDir.toString())).isEqualTo(0);
        assertThat(Main.run("export", run.toString(), "--format", "bencher", "--output", outDir.toString()))
                .isEqualTo(0);
        assertThat(Main.run("export", run.toString(), "--format", "csv", "--output", outDir.toString())).isEqualTo(0);
        List<String> written = List.of("run.smaller-is-better.json", "run.bigger-is-better.json", "run.bencher.json",
                "run.csv");
        assertThat(console.err().lines()).containsExactlyElementsOf(
                written.stream().map(n -> outDir.resolve(n).toString()).toList());
        assertThat(list(outDir)).containsExactlyInAnyOrderElementsOf(written);
        assertThat(Files.readString(outDir.resolve("run.smaller-is-better.json")))
                .contains("\"name\": \"ListerGet.lister_t1 (objects=100)\"");
        assertThat(Files.readAllBytes(run)).isEqualTo(before);
        assertThat(console.out()).isEmpty();
    }

    @Test
    void anUnknownFormat() throws IOException {
        assertBad("error: unknown --format xml (one of: github-action-benchmark, bencher, csv)",
                "export", run().toString(), "--format", "xml", "--output", dir.toString());
    }

    @Test
    void noFormat() throws IOException {
        assertBad("error: Missing required option: '--format=FORMAT' (see: run-bench.sh export --help)",
                "export", run().toString(), "--output", dir.toString());
    }

    @Test
    void noSuchFile() throws IOException {
        run();
        Path missing = dir.resolve("missing.json");
        assertBad("error: " + missing + ": no such file", "export", missing.toString(), "--format", "csv",
                "--output", dir.toString());
    }

    @Test
    void notJmhJson() throws IOException {
        Path good = run();
        Path notJmh = writeText(dir, "notes.json", "{\"benchmark\": \"x\"}");
        // The good file before it is not exported either: nothing is written until every file is read.
        assertBad("error: " + notJmh + " is not JMH JSON: expected a JSON array of benchmark results, found an object",
                "export", good.toString(), notJmh.toString(), "--format", "bencher", "--output", dir.toString());
    }

    @Test
    void noSuchOutputDirectory() throws IOException {
        Path missing = dir.resolve("nowhere");
        assertBad("error: --output: no such directory: " + missing, "export", run().toString(), "--format", "csv",
                "--output", missing.toString());
    }

    @Test
    void anExportThatWouldLandOnAnInput() throws IOException {
        Path runs = Files.createDirectory(dir.resolve("runs"));
        // Several files export under their folder's name: runs.csv, which here is an input.
        Path named = write(runs, "runs.csv", entry(LISTER, "avgt", "ns/op", forks(3, 100)));
        Path other = write(runs, "b.json", entry(DIRECT, "thrpt", "ops/s", forks(3, 1000)));
        byte[] before = Files.readAllBytes(named);
        assertThat(Main.run("export", named.toString(), other.toString(), "--format", "csv", "--output",
                runs.toString())).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo("error: the export " + runs.resolve("runs.csv")
                + " would overwrite its input");
        assertThat(Files.readAllBytes(named)).isEqualTo(before);
    }

    private void assertBad(String line, String... args) throws IOException {
        List<String> before = list(dir);
        assertThat(Main.run(args)).isEqualTo(2);
        assertThat(console.err().lines()).containsExactly(line);
        assertThat(list(dir)).isEqualTo(before);
    }

    private static List<String> list(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
