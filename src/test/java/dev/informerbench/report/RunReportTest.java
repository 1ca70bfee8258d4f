package dev.informerbench.report;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.Golden;
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
    private static final Path AA_BASE = Path.of("results", "20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json");
    private static final Path AA_REPEAT = Path.of("results", "20261130T162047Z_client-java-27.0.0_k8s-1.36.3.json");
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
    void pageNeedsNothingFromOutside() {
        String page = RunReport.render(List.of(AA_BASE), 0.05, 12);
        assertThat(page).doesNotContainPattern("(?i)<script|<link|<img|@import|url\\(|src=|href=\"(?!#)");
    }

    @Test
    void latencyFilesAreNamedByTheirRowWithoutTheRunsStem() {
        assertThat(ReportInput.rowName("20261130T221347Z_client-java-27.0.0_k8s-1.36.3.DirectGet.unthrottled-objects=1000"))
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
