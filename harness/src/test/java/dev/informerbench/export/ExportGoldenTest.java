package dev.informerbench.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.Golden;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole exports of two small inputs pinned in golden/export/: three rows of a suite run (a
 * throughput row, a time per op in us, a single-shot recovery with its secondaries), and another
 * project's JMH 1.21 file (no params, the · before profiler metrics, sample mode, one benchmark in
 * two modes, a NaN score). Rewrite with -Dgolden.update=true after an intended change.
 */
class ExportGoldenTest {
    static final Path RESOURCES = Path.of("harness", "src", "test", "resources", "dev", "informerbench", "export");
    static final Path SUITE = RESOURCES.resolve("20261201T000000Z_client-java-27.0.0_k8s-1.36.3.json");
    static final Path OTHER = RESOURCES.resolve("other-project-jmh-1.21.json");

    @Test
    void suiteRows() {
        pin(SUITE, "suite");
    }

    @Test
    void anotherProjectsFile() {
        pin(OTHER, "other");
    }

    @Test
    void anotherProjectsFileKeepsWhatHasAValueAndADirection() {
        Export gab = Exporter.render(List.of(OTHER), ExportFormat.GITHUB_ACTION_BENCHMARK);
        // One benchmark in two modes: the mode tells them apart; gc.alloc.rate.norm without its ·.
        assertThat(CommittedExportTest.names(gab.files().get(0).text())).containsExactlyInAnyOrder(
                "ParserBench.parse [sample]", "ParserBench.parse [thrpt] gc.alloc.rate.norm");
        assertThat(CommittedExportTest.names(gab.files().get(1).text())).containsExactly("ParserBench.parse [thrpt]");
        assertThat(gab.notes()).containsExactly(
                "left out 2 metrics without a better direction: gc.alloc.rate, gc.count",
                "left out 1 metric without a finite value: score of LexerBench.tokenize");
        Export bencher = Exporter.render(List.of(OTHER), ExportFormat.BENCHER);
        assertThat(ToolSchemas.bencher(bencher.files().get(0).text())).isEmpty();
        assertThat(bencher.notes()).containsExactly(
                "left out 1 metric without a finite value: score of LexerBench.tokenize",
                "3 custom measures: create them once per project with other-project-jmh-1.21.bencher-measures.sh"
                        + " before the first upload, or Bencher makes them with a generic unit");
    }

    private static void pin(Path input, String name) {
        for (ExportFormat format : ExportFormat.values()) {
            Export export = Exporter.render(List.of(input), format);
            for (ExportFile f : export.files()) {
                String suffix = f.name().substring(ExportInput.stem(input).length());
                Golden.assertMatches("export/" + name + suffix, f.text());
                if (format == ExportFormat.GITHUB_ACTION_BENCHMARK) {
                    assertThat(ToolSchemas.githubActionBenchmark(f.text())).as(f.name()).isEmpty();
                    assertThat(ToolSchemas.rescalableRanges(f.text())).as(f.name()).isEmpty();
                } else if (format == ExportFormat.BENCHER && f.name().endsWith(".bencher.json")) {
                    assertThat(ToolSchemas.bencher(f.text())).as(f.name()).isEmpty();
                }
            }
        }
    }
}
