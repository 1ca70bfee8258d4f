package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonObject;
import dev.informerbench.plot.DotWhiskerFigure;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chart's model against the comparison's own numbers, on the committed runs and on made-up files. */
class ComparisonChartTest {
    static final Path CLIENTS = Path.of("results/20261130T220945Z_clients");

    @TempDir
    Path dir;

    @Test
    void theCommittedAaPairHasAPanelPerClassAndTheTablesNumbers() {
        Comparison c = Comparison.of(List.of(CommittedRunsTest.RUN, CommittedRunsTest.RUN_AGAIN), null,
                Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE, CommittedRunsTest.COMPARED_MIN_CHANGE);
        DotWhiskerFigure figure = ComparisonChart.figure(c);
        assertThat(figure.series()).containsExactly(c.sources().get(1).label());
        assertThat(figure.panels()).extracting(p -> p.title().substring(0, p.title().indexOf(' ')))
                .containsExactly("ListerGetBenchmark", "CustomIndexBenchmark", "IndexerListBenchmark",
                        "DirectGetBenchmark", "ResyncFanoutBenchmark", "SyncAndMemoryBenchmark", "RelistBenchmark",
                        "ResyncZeroBenchmark", "HandlerFanoutBenchmark");
        assertThat(figure.panels().get(0).title()).isEqualTo(
                "ListerGetBenchmark (avgt, ns/op; lower is better: left of 0 is faster)");
        assertThat(figure.panels().stream().mapToInt(p -> p.rows().size()).sum()).isEqualTo(30);
        assertThat(figure.panels().get(0).rows()).extracting(DotWhiskerFigure.Row::label).startsWith(
                "lister_t1 objects=1000", "lister_t1 objects=10000", "lister_t2 objects=1000");
        // As the committed comparison shows it: -2.40% ±13%, ~.
        DotWhiskerFigure.Point first = figure.panels().get(0).rows().get(0).points().get(0);
        assertThat(first.center()).isCloseTo(-2.40, within(0.005));
        assertThat(first.high() - first.center()).isCloseTo(13, within(0.5));
        assertThat(first.filled()).isFalse();
        assertThat(figure.panels().stream().flatMap(p -> p.rows().stream()).filter(r -> r.points().get(0).filled())
                .map(DotWhiskerFigure.Row::label)).containsExactlyInAnyOrder("list objects=1000",
                        "unthrottled burst=10,objects=1000,qps=5",
                        "burst event=UPDATE,handlers=16,objects=100,sharing=INFORMER_PER_HANDLER");
        for (Table table : c.primaryTables()) {
            for (Row row : table.rows()) {
                DotWhiskerFigure.Point point = pointOf(figure, row.name(), row.params());
                Delta d = row.delta(1);
                assertThat(point.center()).isEqualTo(d.changePercent());
                assertThat(point.low()).isEqualTo(d.changePercent() - d.noiseFloorPercent());
                assertThat(point.high()).isEqualTo(d.changePercent() + d.noiseFloorPercent());
                assertThat(point.filled()).isEqualTo(d.significant());
                // A filled dot's whiskers stay off 0; an open one's reach across it.
                assertThat(point.low() > 0 || point.high() < 0).isEqualTo(d.significant());
            }
        }
    }

    @Test
    void theThreeClientRunHasTwoSeriesAgainstClientJava() throws Exception {
        List<Path> files = List.of(CLIENTS.resolve("20261130T220945Z_client-java-27.0.0_k8s-1.36.3.json"),
                CLIENTS.resolve("20261130T220945Z_fabric8-8.0.0_k8s-1.36.3.json"),
                CLIENTS.resolve("20261130T220945Z_client-go-0.36.3_k8s-1.36.3.json"));
        Comparison c = Comparison.of(files, List.of("client-java 27.0.0", "fabric8 8.0.0", "client-go 0.36.3"),
                Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE);
        DotWhiskerFigure figure = ComparisonChart.figure(c);
        assertThat(figure.title()).startsWith("Change of the mean score vs client-java 27.0.0 (the base, 0%), 95% ");
        assertThat(figure.series()).containsExactly("fabric8 8.0.0", "client-go 0.36.3");
        assertThat(figure.panels()).extracting(p -> p.rows().size()).containsExactly(4, 2, 4, 1);
        assertThat(figure.panels().get(1).title()).startsWith("DirectGetBenchmark (thrpt, ops/s; higher is better");
        assertThat(figure.panels()).allSatisfy(p -> assertThat(p.band()).isEqualTo(Comparison.DEFAULT_MIN_CHANGE));
        DotWhiskerFigure.Row listerT2 = figure.panels().get(0).rows().get(2);
        assertThat(listerT2.label()).isEqualTo("lister_t2 objects=1000");
        assertThat(listerT2.points().get(0).center()).isCloseTo(-74.07, within(0.005)); // fabric8, better
        assertThat(listerT2.points().get(0).filled()).isTrue();
        assertThat(listerT2.points().get(1).center()).isCloseTo(-3.61, within(0.005)); // client-go, ~
        assertThat(listerT2.points().get(1).filled()).isFalse();
        Path png = dir.resolve("clients.png");
        ComparisonChart.write(c, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1000);
        assertThat(image.getHeight()).isBetween(400, 900); // 11 rows
    }

    @Test
    void rowsTheBaseLacksAreMissingAndParamsSortByNumber() {
        List<JsonObject> base = new ArrayList<>();
        List<JsonObject> other = new ArrayList<>();
        for (String objects : List.of("1000", "200", "10000")) {
            base.add(withParams(entry(LISTER, "avgt", "ns/op", forks(3, 100)), "objects", objects));
            other.add(withParams(entry(LISTER, "avgt", "ns/op", forks(3, 150)), "objects", objects));
        }
        other.add(entry(DIRECT, "thrpt", "ops/s", forks(3, 10)));
        Path a = write(dir, "a.json", base.toArray(JsonObject[]::new));
        Path b = write(dir, "b.json", other.toArray(JsonObject[]::new));
        DotWhiskerFigure figure = ComparisonChart.figure(Comparison.of(List.of(a, b), Comparison.DEFAULT_ALPHA));
        assertThat(figure.panels()).hasSize(2);
        assertThat(figure.panels().get(0).rows()).extracting(DotWhiskerFigure.Row::label)
                .containsExactly("lister_t1 objects=200", "lister_t1 objects=1000", "lister_t1 objects=10000");
        assertThat(figure.panels().get(0).rows().get(0).points().get(0).center()).isCloseTo(50, within(1e-9));
        assertThat(figure.panels().get(1).rows()).singleElement()
                .satisfies(r -> assertThat(r.points()).containsExactly((DotWhiskerFigure.Point) null));
        assertThat(figure.legend().missing()).isEqualTo("missing in the base or the file");
    }

    @Test
    void ninetyNineRowsStayAThousandPixelsWideAndGrowOnlyInHeight() throws Exception {
        List<JsonObject> base = new ArrayList<>();
        List<JsonObject> other = new ArrayList<>();
        for (int i = 1; i <= 99; i++) {
            String benchmark = "org.other.project.benchmarks.Family" + (i % 7) + "Benchmark.someLongMethodName" + i;
            base.add(withParams(entry(benchmark, "thrpt", "ops/s", forks(3, 1000 + i)), "size", "" + i * 10,
                    "mode", "a-rather-long-parameter-value-" + i));
            other.add(withParams(entry(benchmark, "thrpt", "ops/s", forks(3, 900 + 3 * i)), "size", "" + i * 10,
                    "mode", "a-rather-long-parameter-value-" + i));
        }
        Path a = write(dir, "a.json", base.toArray(JsonObject[]::new));
        Path b = write(dir, "b.json", other.toArray(JsonObject[]::new));
        Path png = dir.resolve("other.png");
        ComparisonChart.write(Comparison.of(List.of(a, b), Comparison.DEFAULT_ALPHA), png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1000);
        assertThat(image.getHeight()).isBetween(99 * 22, 99 * 22 + 7 * 80 + 300); // rows, 7 panels' heads and axes
    }

    private static DotWhiskerFigure.Point pointOf(DotWhiskerFigure figure, String name, String params) {
        String cls = ComparisonChart.className(name);
        String label = name.substring(name.lastIndexOf('.') + 1) + (params.isEmpty() ? "" : " " + params);
        return figure.panels().stream().filter(p -> p.title().startsWith(cls + " ")).flatMap(p -> p.rows().stream())
                .filter(r -> r.label().equals(label)).findFirst().orElseThrow().points().get(0);
    }
}
