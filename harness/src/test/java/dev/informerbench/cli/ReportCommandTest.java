package dev.informerbench.cli;

import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.write;
import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code report}: a page and exit 0; bad input is one line, exit 2, and nothing written. */
class ReportCommandTest {
    @RegisterExtension
    final CapturedOutput console = new CapturedOutput();

    @TempDir
    Path dir;

    @Test
    void writesOnePageAndSaysWhere() throws Exception {
        Path base = write(dir, "base.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        byte[] before = Files.readAllBytes(base);
        Path page = dir.resolve("out.html");
        assertThat(Main.run("report", base.toString(), base.toString(), "-o", page.toString())).isZero();
        assertThat(console.err().strip()).isEqualTo("report: " + page + " (2 files)");
        assertThat(Files.readString(page)).startsWith("<!DOCTYPE html>").contains("lister_t1").endsWith("</html>\n");
        assertThat(Files.readAllBytes(base)).isEqualTo(before);
        assertThat(dir.toFile().list()).containsExactlyInAnyOrder("base.json", "out.html"); // no temporary left
    }

    @Test
    void badInputIsOneLineExitTwoAndNothingWritten() throws Exception {
        Path base = write(dir, "base.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Path page = dir.resolve("out.html");
        expectError(new String[] {"report", base.toString(), "-o", dir.resolve("no/such/out.html").toString()},
                "error: --output: no such directory: " + dir.resolve("no/such"));
        expectError(new String[] {"report", base.toString(), "-o", base.toString()},
                "error: --output must name an .html file, not " + base);
        Path html = writeText(dir, "named.html", "[]");
        expectError(new String[] {"report", html.toString(), "-o", html.toString()},
                "error: --output " + html + " is one of the result files: it would be overwritten; name another file");
        Path meta = writeText(dir, "x.meta.json", "{\"schema\": \"informer-bench/run-metadata/v1\"}");
        expectError(new String[] {"report", meta.toString(), "-o", page.toString()},
                "error: " + meta + " is not JMH JSON: expected a JSON array of benchmark results, found an object");
        expectError(new String[] {"report", base.toString(), "--min-change", "100", "-o", page.toString()},
                "error: --min-change must be a percentage from 0 to under 100, not 100.0");
        assertThat(page).doesNotExist();
        console.reset();
        assertThat(Main.run("report")).isEqualTo(2);
        assertThat(console.err().strip().lines()).singleElement().asString().startsWith("error: Missing required "
                + "parameter");
    }

    private void expectError(String[] args, String line) {
        console.reset();
        assertThat(Main.run(args)).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo(line);
        assertThat(console.out()).isEmpty();
    }
}
