package dev.informerbench.comparison;

import static dev.informerbench.comparison.JmhFiles.entry;
import static dev.informerbench.comparison.JmhFiles.forks;
import static dev.informerbench.comparison.JmhFiles.withParams;
import static dev.informerbench.comparison.JmhFiles.withSecondary;
import static dev.informerbench.comparison.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ComparisonReportTest {
    private static final String LISTER = "dev.informerbench.bench.ListerGetBenchmark.lister_t1";
    private static final String DIRECT = "dev.informerbench.bench.DirectGetBenchmark.unthrottled";

    @TempDir
    Path dir;

    private Comparison comparison;

    @BeforeEach
    void threeFiles() {
        Path base = write(dir, "base.json",
                withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", "100"),
                        "api.get", "requests", forks(5, 0.001)),
                withParams(entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)), "objects", "100"));
        Path slower = write(dir, "slower.json",
                withSecondary(withParams(entry(LISTER, "avgt", "ns/op", ComparisonTest.scaled(forks(5, 100), 1.2)),
                        "objects", "100"), "api.get", "requests", forks(5, 0.001)),
                withParams(entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)), "objects", "100"));
        Path partial = write(dir, "partial.json",
                withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", "100"));
        comparison = Comparison.of(List.of(base, slower, partial), Comparison.DEFAULT_ALPHA);
    }

    /** The whole output, with the temporary folder's path made stable. */
    private String rendered(ComparisonReport.Format format) {
        return ComparisonReport.render(comparison, format).replace(dir.toString(), "<dir>");
    }

    @Test
    void wholeOutputsArePinned() {
        Golden.assertMatches("compare/three-files.txt", rendered(ComparisonReport.Format.TEXT));
        Golden.assertMatches("compare/three-files.md", rendered(ComparisonReport.Format.MARKDOWN));
        Golden.assertMatches("compare/three-files.csv", rendered(ComparisonReport.Format.CSV));
    }

    @Test
    void textHasAColumnPerFileAndAGeomeanPerTable() {
        String text = ComparisonReport.render(comparison, ComparisonReport.Format.TEXT);
        assertThat(text).contains("score (avgt), ns/op, lower is better")
                .contains("score (thrpt), ops/s, higher is better")
                .contains("api.get, requests, lower is better");
        String header = text.lines().filter(l -> l.startsWith("benchmark")).findFirst().orElseThrow();
        assertThat(header.split("\\s{2,}")).containsExactly("benchmark", "params", "base.json", "slower.json", "vs base",
                "noise", "p", "partial.json", "vs base", "noise", "p");
        assertThat(text.lines().filter(l -> l.startsWith("geomean"))).hasSize(3);
        String lister = text.lines().filter(l -> l.startsWith("ListerGetBenchmark.lister_t1")).findFirst().orElseThrow();
        assertThat(lister).contains("100.0 ± 2%", "+20.00% worse", "p<0.001 n=5+5", "±12%", "~ p=1.000 n=5+5");
        String direct = text.lines().filter(l -> l.startsWith("DirectGetBenchmark.unthrottled")).findFirst().orElseThrow();
        assertThat(direct).contains("missing");
        assertThat(text).contains("noise: the half-width of the change's 95% interval");
    }

    @Test
    void markdownIsAPipeTable() {
        String md = ComparisonReport.render(comparison, ComparisonReport.Format.MARKDOWN);
        assertThat(md).contains("#### score (avgt), ns/op, lower is better")
                .contains("| benchmark | params | base.json | slower.json | vs base | noise | p | partial.json | vs base "
                        + "| noise | p |")
                .contains("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        // The score table's row and the api.get table's row.
        assertThat(md.lines().filter(l -> l.startsWith("| ListerGetBenchmark.lister_t1 |"))).hasSize(2)
                .allSatisfy(l -> assertThat(l.chars().filter(ch -> ch == '|').count()).isEqualTo(12))
                .anySatisfy(l -> assertThat(l).contains("| +20.00% worse | ±"))
                .anySatisfy(l -> assertThat(l).contains("| not recorded | - | - | - |"));
    }

    @Test
    void csvHasOneLinePerRowAndFile() {
        String csv = ComparisonReport.render(comparison, ComparisonReport.Format.CSV);
        List<String> lines = csv.lines().toList();
        assertThat(lines.get(0)).isEqualTo("table,metric,mode,unit,direction,benchmark,params,file,n,samples,mean,"
                + "ci_low,ci_high,ci_bounded,change_pct,noise_floor_pct,p_value,verdict,note,unsteady");
        // 3 tables (avgt, thrpt, api.get) of 1 row and 1 geomean each, 3 files: 18 lines after the header.
        assertThat(lines).hasSize(1 + 18);
        assertThat(lines).allMatch(l -> l.split(",", -1).length == 20);
        assertThat(lines).anyMatch(l -> l.contains(LISTER) && l.contains(",slower.json,5,forks,") && l.contains(",worse,"));
        assertThat(lines).anyMatch(l -> l.contains(DIRECT) && l.contains(",partial.json,") && l.endsWith(",missing,"));
    }

    @Test
    void longFileNamesBecomeLettersAndRowsOfZerosACount() {
        String stem = "20261130T103227Z_client-java-27.0.0_k8s-1.36.3";
        Path a = write(dir, stem + ".json", withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                "objects", "1"), "api.get", "requests", new double[][] {{0}, {0}}),
                withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", "2"),
                        "api.get", "requests", new double[][] {{3}, {4}}));
        Path b = write(dir, stem + "-again.json", withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                "objects", "1"), "api.get", "requests", new double[][] {{0}, {0}}),
                withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", "2"),
                        "api.get", "requests", new double[][] {{3}, {4}}));
        String text = ComparisonReport.render(Comparison.of(List.of(a, b), 0.05), ComparisonReport.Format.TEXT);
        assertThat(text).startsWith("A (base): " + stem + ".json (" + a + ")\nB: " + stem + "-again.json (" + b + ")\n");
        assertThat(text.lines().filter(l -> l.startsWith("benchmark")))
                .allSatisfy(l -> assertThat(l.split("\\s{2,}")).containsExactly("benchmark", "params", "A", "B", "vs base", "noise",
                        "p"));
        int apiGet = text.indexOf("api.get, requests");
        assertThat(apiGet).isPositive();
        String table = text.substring(apiGet);
        assertThat(table).contains("objects=2").doesNotContain("objects=1 ").contains("(1 more row: 0 in every file)");
    }

    @Test
    void anUnsteadyCellGetsAFootnote() {
        // The DirectGet climb: 500 -> 1071 ops/s over six measured iterations of one fork.
        double[][] climbing = {{500, 610, 720, 850, 960, 1071}};
        Path a = write(dir, "climb.json", withParams(entry(DIRECT, "thrpt", "ops/s", climbing), "objects", "100"));
        Path b = write(dir, "steady.json", withParams(entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)), "objects", "100"));
        String text = ComparisonReport.render(Comparison.of(List.of(a, b), 0.05), ComparisonReport.Format.TEXT);
        assertThat(text).contains("unsteady: measured iterations trend up");
        String row = text.lines().filter(l -> l.startsWith("DirectGetBenchmark.unthrottled")).findFirst().orElseThrow();
        assertThat(row).containsPattern("± \\d+%[¹²³]");
    }

    @Test
    void formatNames() {
        assertThat(ComparisonReport.Format.parse("Markdown")).isEqualTo(ComparisonReport.Format.MARKDOWN);
        assertThatThrownBy(() -> ComparisonReport.Format.parse("html")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--format must be text, markdown or csv, not 'html'");
    }

    @Test
    void pngChart() throws Exception {
        Path png = dir.resolve("chart.png");
        ComparisonChart.write(comparison, png);
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).isGreaterThan(1000);
        assertThat(Arrays.copyOf(bytes, 8)).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
    }

    @Test
    void svgChart() throws Exception {
        Path svg = dir.resolve("chart.SVG");
        ComparisonChart.write(comparison, svg);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        // The SVG names the W3C DTD; a test must not fetch it.
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(svg.toFile());
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getElementsByTagNameNS("*", "*").getLength()).isGreaterThan(10);
    }

    @Test
    void labelsGivenByTheCaller() throws Exception {
        Path a = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Path b = write(dir, "b.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Comparison versions = Comparison.of(List.of(a, b), List.of("27.0.0", "27.0.0"), 0.05, 0.95);
        assertThat(ComparisonReport.render(versions, ComparisonReport.Format.TEXT).lines()
                .filter(l -> l.startsWith("benchmark")).findFirst().orElseThrow().split("\\s{2,}"))
                .containsExactly("benchmark", "params", "27.0.0", "27.0.0", "vs base", "noise", "p");
        Path png = dir.resolve("versions.png");
        ComparisonChart.write(versions, png); // two series of one name
        assertThat(Files.size(png)).isGreaterThan(1000);
    }

    @Test
    void chartFormatFromTheExtension() {
        assertThat(ComparisonChart.formatOf(Path.of("a/b.PNG"))).isEqualTo(ComparisonChart.Format.PNG);
        assertThatThrownBy(() -> ComparisonChart.formatOf(Path.of("b.jpg"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--chart must name a .png or .svg file, not b.jpg");
    }
}
