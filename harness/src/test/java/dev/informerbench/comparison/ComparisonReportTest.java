package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import dev.informerbench.comparison.ComparisonReport.Format;
import dev.informerbench.results.Golden;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;

/**
 * {@code compare}'s whole outputs, pinned in {@code src/test/resources/golden/compare/} (see
 * {@link Golden} for the update command); the charts, which no golden can pin, by their shape.
 */
class ComparisonReportTest {

    @TempDir
    Path dir;

    /** A base, a file with the ListerGet score 20% slower, one without DirectGet and api.get. */
    private Comparison threeFiles() {
        Path base = write(dir, "base.json",
                withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", "100"),
                        "api.get", "requests", forks(5, 0.001)),
                withParams(entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)), "objects", "100"));
        Path slower = write(dir, "slower.json",
                withSecondary(withParams(entry(LISTER, "avgt", "ns/op", scaled(forks(5, 100), 1.2)), "objects", "100"),
                        "api.get", "requests", forks(5, 0.001)),
                withParams(entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)), "objects", "100"));
        Path partial = write(dir, "partial.json",
                withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", "100"));
        return Comparison.of(List.of(base, slower, partial), Comparison.DEFAULT_ALPHA);
    }

    /** The whole output, with the temporary folder's path made stable. */
    private String rendered(Comparison comparison, Format format) {
        return ComparisonReport.render(comparison, format).replace(dir.toString(), "<dir>");
    }

    private static String extension(Format format) {
        return switch (format) {
            case TEXT -> "txt";
            case MARKDOWN -> "md";
            case CSV -> "csv";
        };
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aSlowerFileAndAPartialOne(Format format) {
        Golden.assertMatches("compare/three-files." + extension(format), rendered(threeFiles(), format));
    }

    @Test
    void csvKeepsItsTwentyTwoColumnsOnEveryLine() {
        // Scripts read the CSV by column: a golden update must not change how many there are.
        assertThat(rendered(threeFiles(), Format.CSV).lines()).allMatch(l -> l.split(",", -1).length == 22);
    }

    private static JsonObject listerRow(String objects, double[][] requests) {
        return withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(5, 100)), "objects", objects),
                "api.get", "requests", requests);
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"TEXT", "MARKDOWN"})
    void longFileNamesBecomeLettersAndRowsOfZerosACount(Format format) {
        String stem = "20261130T103227Z_client-java-27.0.0_k8s-1.36.3";
        double[][] none = {{0}, {0}};
        double[][] some = {{3}, {4}};
        Path a = write(dir, stem + ".json", listerRow("1", none), listerRow("2", some));
        Path b = write(dir, stem + "-again.json", listerRow("1", none), listerRow("2", some));
        Golden.assertMatches("compare/long-names." + extension(format),
                rendered(Comparison.of(List.of(a, b), 0.05), format));
    }

    @Test
    void anUnsteadyCellGetsAFootnote() {
        // The DirectGet climb: 500 -> 1071 ops/s over six measured iterations of one fork.
        double[][] climbing = {{500, 610, 720, 850, 960, 1071}};
        Path a = write(dir, "climb.json", withParams(entry(DIRECT, "thrpt", "ops/s", climbing), "objects", "100"));
        Path b = write(dir, "steady.json",
                withParams(entry(DIRECT, "thrpt", "ops/s", forks(5, 1000)), "objects", "100"));
        Golden.assertMatches("compare/unsteady.txt", rendered(Comparison.of(List.of(a, b), 0.05), Format.TEXT));
    }

    @Test
    void labelsGivenByTheCaller() throws Exception {
        Path a = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Path b = write(dir, "b.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Comparison versions = Comparison.of(List.of(a, b), List.of("27.0.0", "27.0.0"), 0.05, 0.95);
        Golden.assertMatches("compare/labels.txt", rendered(versions, Format.TEXT));
        Path png = dir.resolve("versions.png");
        ComparisonChart.write(versions, png); // two series of one name
        assertThat(Files.size(png)).isGreaterThan(1000);
    }

    @Test
    void formatNames() {
        assertThat(Format.parse("Markdown")).isEqualTo(Format.MARKDOWN);
        assertThatThrownBy(() -> Format.parse("html")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--format must be text, markdown or csv, not 'html'");
    }

    @Test
    void pngChart() throws Exception {
        Path png = dir.resolve("chart.png");
        ComparisonChart.write(threeFiles(), png);
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).isGreaterThan(1000);
        assertThat(Arrays.copyOf(bytes, 8)).containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
    }

    @Test
    void svgChart() throws Exception {
        Path svg = dir.resolve("chart.SVG");
        ComparisonChart.write(threeFiles(), svg);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        // The SVG names the W3C DTD; a test must not fetch it.
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(svg.toFile());
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getElementsByTagNameNS("*", "*").getLength()).isGreaterThan(10);
    }

    @Test
    void chartFormatFromTheExtension() {
        assertThat(ComparisonChart.formatOf(Path.of("a/b.PNG"))).isEqualTo(ComparisonChart.Format.PNG);
        assertThatThrownBy(() -> ComparisonChart.formatOf(Path.of("b.jpg")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--chart must name a .png or .svg file, not b.jpg");
    }
}
