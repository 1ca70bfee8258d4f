package dev.informerbench.report;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.Golden;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's whole page, pinned in {@code src/test/resources/golden/report/} with its charts
 * cut down to their titles and without the CSS (the charts are checked by their model in the plot tests; a golden
 * of their coordinates would say nothing a reader could check).
 */
class RunReportTest {
    /** The default profile's A/A pair of 2026-11-30 (results/), pinned with their sidecars and latency tables. */
    private static final Path RUNS = Path.of("harness", "src", "test", "resources", "runs");
    private static final Path AA_BASE = RUNS.resolve("20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json");
    private static final Path AA_REPEAT = RUNS.resolve("20261130T162047Z_client-java-27.0.0_k8s-1.36.3.json");
    private static final Pattern SVG = Pattern.compile("<svg\\b.*?</svg>", Pattern.DOTALL);
    private static final Pattern STYLE = Pattern.compile("<style>.*?</style>", Pattern.DOTALL);
    private static final Pattern TEXT = Pattern.compile("<text\\b[^>]*>([^<]*)</text>");

    @TempDir
    Path dir;

    @Test
    void committedAaPairMatchesItsGoldenPage() {
        Golden.assertMatches("report/aa-pair.html", withoutChartBodies(RunReport.render(List.of(AA_BASE, AA_REPEAT),
                0.05, 12)));
    }

    @Test
    void anotherProjectsFilesMakeAPageWithoutTheSuitesSections() {
        Path base = write(dir, "base.json", withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "size", "10"),
                entry(DIRECT, "thrpt", "ops/s", forks(3, 1000)));
        Path slower = write(dir, "slower.json",
                withParams(entry(LISTER, "avgt", "ns/op", scaled(forks(5, 100), 1.5)), "size", "10"));
        String page = RunReport.render(List.of(base, slower), 0.05, 12);
        Golden.assertMatches("report/other-project.html", withoutChartBodies(page));
        assertThat(page).contains("+50.00% worse").doesNotContain("API requests during");
    }

    @Test
    void classesOfOneSimpleNameInTwoPackagesGetSectionsOfTheirOwn() {
        Path file = write(dir, "two.json", entry("com.example.a.FooBenchmark.get", "avgt", "ns/op", forks(2, 10)),
                entry("com.example.b.FooBenchmark.get", "avgt", "ns/op", forks(2, 20)));
        String page = RunReport.render(List.of(file), 0.05, 12);
        assertThat(page).contains("<h2>a.Foo</h2>", "<h2>b.Foo</h2>", "id=\"f-a-foo\"", "id=\"f-b-foo\"");
    }

    /** --history: versions of a client in order, each step marked; the page opens with it. */
    @Test
    void historyOpensThePageWithAChartPerQuestionAndTheStepsCalled() {
        List<Path> files = List.of(
                version("20.0.0", 1.0), version("22.0.0", 1.0), version("27.0.0", 1.3));
        String page = RunReport.render(files, 0.05, 12, true);
        assertThat(page).contains("href=\"#history-client-java\"", "<section id=\"history-client-java\">",
                        "ListerGet: client-java across versions", ">22.0.0<", "% of 20.0.0", "Steps beyond the noise")
                .containsPattern("22\\.0\\.0 → 27\\.0\\.0: ListerGetBenchmark\\.lister_t1 objects=1000 "
                        + "\\+30\\.\\d\\d% worse ±\\d+%")
                .doesNotContain("20.0.0 → 22.0.0: ListerGetBenchmark");
        assertThat(page.indexOf("id=\"history-client-java\"")).isLessThan(page.indexOf("id=\"f-listerget\""));
        assertThat(RunReport.render(files, 0.05, 12)).doesNotContain("history-client-java");
    }

    private Path version(String version, double factor) {
        Path file = write(dir, version + ".json",
                withParams(entry(LISTER, "avgt", "ns/op", scaled(forks(4, 100), factor)), "objects", "1000"));
        writeText(dir, version + ".meta.json", "{\"schema\": \"informer-bench/run-metadata/v1\", \"client\": "
                + "\"client-java\", \"clientVersion\": \"" + version + "\", \"label\": \"client-java " + version
                + "\"}");
        return file;
    }

    @Test
    void pageNeedsNothingFromOutside() {
        String page = RunReport.render(List.of(AA_BASE), 0.05, 12);
        assertThat(page).doesNotContainPattern("(?i)<script|<link|<img|@import|url\\(|src=|href=\"(?!#)");
    }

    /** A failed run with a damaged sidecar and latency files, and markup in every text a file brings. */
    @Test
    void oddInputIsEscapedAndFlaggedNotFatal() {
        Path run = write(dir, "run.json", withParams(entry(LISTER, "avgt", "ns/op", forks(2, 100)), "kind", "<b>&x"));
        writeText(dir, "run.meta.json", """
                {"schema": "informer-bench/run-metadata/v1", "status": "failed", "label": "<script>alert(1)</script>",
                 "error": "a <i>bad</i> end", "resultFile": "old.json", "cores": 0,
                 "requests": {"client": null, "differences": ["LIST <1>"]},
                 "latencyFiles": ["../outside.hgrm", "old.DirectGet.unthrottled-objects=1.hgrm", "missing.hgrm"]}
                """);
        writeText(dir, "run.DirectGet.unthrottled-objects=1.hgrm", "not a percentile table\n");
        String page = RunReport.render(List.of(run), 0.05, 12);
        assertThat(page).doesNotContain("<script>", "<b>&x", "<i>bad</i>", "<1>", "0 cores")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;", "kind=&lt;b&gt;&amp;x",
                        "status: failed (a &lt;i&gt;bad", "requests: LIST &lt;1&gt;", "none recorded / not compared",
                        "latency file run.DirectGet.unthrottled-objects=1.hgrm cannot be read")
                .doesNotContain("id=\"latency\"");
    }

    @Test
    void latencyFilesRenamedWithTheirResultFileAreFound() throws Exception {
        Path base = dir.resolve("base.json");
        Files.copy(AA_BASE, base);
        String stem = "20261130T160043Z_client-java-27.0.0_k8s-1.36.3";
        Files.writeString(dir.resolve("base.meta.json"), Files.readString(RUNS.resolve(stem + ".meta.json")));
        Files.copy(RUNS.resolve(stem + ".DirectGet.unthrottled-objects=1000.hgrm"),
                dir.resolve("base.DirectGet.unthrottled-objects=1000.hgrm"));
        List<ReportInput> inputs = ReportInput.of(List.of(base, AA_REPEAT));
        assertThat(inputs.get(0).latencies()).singleElement()
                .satisfies(l -> assertThat(l.name()).isEqualTo("DirectGet.unthrottled-objects=1000"));
        // Two runs of one client version: the file names tell them apart.
        assertThat(inputs).extracting(ReportInput::label).containsExactly("client-java 27.0.0 (base)",
                "client-java 27.0.0 (20261130T162047Z_client-java-27.0.0_k8s-1.36.3)");
        assertThat(ReportInput.distinctParts(List.of("20261130T160043Z_client-java-27.0.0_k8s-1.36.3",
                "20261130T162047Z_client-java-27.0.0_k8s-1.36.3")))
                .containsExactly("20261130T160043Z", "20261130T162047Z");
    }

    @Test
    void latencyFilesAreNamedByTheirRowWithoutTheRunsStem() {
        assertThat(ReportInput.rowName(
                "20261130T221347Z_client-java-27.0.0_k8s-1.36.3.DirectGet.unthrottled-objects=1000"))
                .isEqualTo("DirectGet.unthrottled-objects=1000");
        assertThat(ReportInput.rowName("20261130T164453Z_client-java-27.0.0_k8s-1.36.3_2.DirectGet.throttled-qps=5"))
                .isEqualTo("DirectGet.throttled-qps=5");
        assertThat(ReportInput.rowName("DirectGet.throttled-objects=1000-qps=5-burst=10"))
                .isEqualTo("DirectGet.throttled-objects=1000-qps=5-burst=10");
    }

    /** Each {@code <svg>…</svg>} as its first text (the figure's title), so the golden stays readable. */
    static String withoutChartBodies(String page) {
        String withoutCss = STYLE.matcher(page).replaceFirst("<style>…</style>"); // Style.CSS is its own source
        return SVG.matcher(withoutCss).replaceAll(m -> {
            String svg = m.group();
            Matcher title = TEXT.matcher(svg);
            return Matcher.quoteReplacement("<svg …>" + (title.find() ? title.group(1) : "") + "</svg>");
        });
    }
}
