package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonObject;
import dev.informerbench.statistics.Samples;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ComparisonTest {

    @TempDir
    Path dir;

    private Comparison compare(Path... files) {
        return Comparison.of(List.of(files), Comparison.DEFAULT_ALPHA);
    }

    /** A ListerGet row (avgt, ns/op) with its objects parameter. */
    private static JsonObject lister(String objects, double[][] forks) {
        return withParams(entry(LISTER, "avgt", "ns/op", forks), "objects", objects);
    }

    private static Table primary(Comparison c) {
        assertThat(c.primaryTables()).hasSize(1);
        return c.primaryTables().get(0);
    }

    @Test
    void identicalSamplesAreNoDifference() {
        Path base = write(dir, "base.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Path same = write(dir, "same.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Comparison c = compare(base, same);
        Delta d = primary(c).rows().get(0).delta(1);
        assertThat(d.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(d.significant()).isFalse();
        assertThat(d.pValue()).isEqualTo(1.0);
        assertThat(d.changePercent()).isEqualTo(0.0);
        assertThat(c.exceedsThreshold(0)).isFalse();
        String row = ComparisonReport.render(c, ComparisonReport.Format.TEXT).lines()
                .filter(l -> l.startsWith("ListerGetBenchmark.lister_t1")).findFirst().orElseThrow();
        assertThat(row).contains("0.00%", "±13%", "~ p=1.000 n=5+5").doesNotContain("worse").doesNotContain("better");
    }

    @Test
    void constantIdenticalValuesAreNoDifferenceToo() {
        double[][] constant = {{7, 7, 7}, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
        Path base = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", constant));
        Path same = write(dir, "b.json", entry(LISTER, "avgt", "ns/op", constant));
        Delta d = primary(compare(base, same)).rows().get(0).delta(1);
        assertThat(d.pValue()).isEqualTo(1.0);
        assertThat(d.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    }

    @Test
    void aShiftOfTwentyPercentWithFiveForksEachIsSignificant() {
        Path base = write(dir, "base.json", entry(LISTER, "avgt", "ns/op", forks(5, 100)));
        Path slower = write(dir, "new.json", entry(LISTER, "avgt", "ns/op", scaled(forks(5, 100), 1.2)));
        Comparison c = compare(base, slower);
        Row row = primary(c).rows().get(0);
        assertThat(row.cells().get(0).samples().kind()).isEqualTo(Samples.Kind.FORKS);
        assertThat(row.cells().get(0).n()).isEqualTo(5);
        Delta d = row.delta(1);
        assertThat(d.pValue()).isLessThan(0.01);
        assertThat(d.changePercent()).isCloseTo(20, within(1e-9));
        assertThat(d.noiseFloorPercent()).isBetween(5.0, 20.0);
        assertThat(d.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(d.note()).isNull();
        assertThat(c.exceedsThreshold(10)).isTrue();
        assertThat(c.exceedsThreshold(25)).isFalse();
        assertThat(c.regressionsBeyond(10)).singleElement().extracting(r -> r.row().name())
                .isEqualTo("ListerGetBenchmark.lister_t1");
        assertThat(ComparisonReport.render(c, ComparisonReport.Format.TEXT)).contains("+20.00% worse", "p<0.001 n=5+5");
    }

    @Test
    void higherIsBetterForThroughputLowerForAverageTime() {
        double[][] base = forks(5, 1000);
        double[][] more = scaled(base, 1.2);
        Comparison thrpt = compare(write(dir, "t1.json", entry(DIRECT, "thrpt", "ops/s", base)),
                write(dir, "t2.json", entry(DIRECT, "thrpt", "ops/s", more)));
        assertThat(primary(thrpt).direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(primary(thrpt).rows().get(0).delta(1).verdict()).isEqualTo(Verdict.BETTER);
        assertThat(thrpt.exceedsThreshold(0)).isFalse();

        Comparison fewerOps = compare(write(dir, "t3.json", entry(DIRECT, "thrpt", "ops/s", more)),
                write(dir, "t4.json", entry(DIRECT, "thrpt", "ops/s", base)));
        assertThat(primary(fewerOps).rows().get(0).delta(1).verdict()).isEqualTo(Verdict.WORSE);
        assertThat(fewerOps.exceedsThreshold(10)).isTrue(); // -16.7%

        Comparison avgt = compare(write(dir, "a1.json", entry(LISTER, "avgt", "us/op", base)),
                write(dir, "a2.json", entry(LISTER, "avgt", "us/op", more)));
        assertThat(primary(avgt).direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(primary(avgt).rows().get(0).delta(1).verdict()).isEqualTo(Verdict.WORSE);
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({"sample, ms/op, LOWER_IS_BETTER", "ss, s/op, LOWER_IS_BETTER", "'', ops/ms, HIGHER_IS_BETTER",
            "'', ns/op, LOWER_IS_BETTER", "'', widgets, UNKNOWN"})
    void scoresByModeElseUnit(String mode, String unit, Direction expected) {
        assertThat(Direction.ofPrimary(mode, unit)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({"api.get, requests, LOWER_IS_BETTER", "gc.alloc.rate.norm, B/op, LOWER_IS_BETTER",
            "gc.alloc.rate, MB/sec, UNKNOWN", "ops.all, ops, UNKNOWN", "custom.rate, ops/s, HIGHER_IS_BETTER",
            "custom.time, ms/op, LOWER_IS_BETTER"})
    void secondaryMetricsByNameAndUnit(String name, String unit, Direction expected) {
        assertThat(Direction.ofSecondary(name, unit)).isEqualTo(expected);
    }

    @Test
    void rowsInOnlySomeFilesAreListedAsMissing() {
        Path base = write(dir, "base.json", lister("100", forks(5, 100)), lister("1000", forks(5, 200)));
        Path next = write(dir, "next.json", lister("100", forks(5, 100)), lister("10000", forks(5, 300)));
        Comparison c = compare(base, next);
        List<Row> rows = primary(c).rows();
        assertThat(rows).extracting(Row::params).containsExactly("objects=100", "objects=1000", "objects=10000");
        assertThat(rows.get(1).cells().get(1).present()).isFalse();
        assertThat(rows.get(1).delta(1)).isNull();
        assertThat(rows.get(2).cells().get(0).present()).isFalse();
        assertThat(rows.get(2).cells().get(1).center()).isCloseTo(300, within(1e-9));
        assertThat(c.missingRows()).hasSize(2);
        String text = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
        assertThat(text.lines().filter(l -> l.contains("objects=1000 ") || l.contains("objects=10000")))
                .hasSize(2).allMatch(l -> l.contains("missing"));
        assertThat(text).contains("2 benchmark rows are missing from some files");
        // The geomean of the change covers the one row both have.
        assertThat(primary(c).geomean().rowsCompared()).containsExactly(1);
    }

    @Test
    void nanStringsAndEntriesWithoutParams() {
        String json = """
                [ { "benchmark": "other.project.Bench.run", "mode": "avgt", "threads": 1, "forks": 1,
                    "primaryMetric": { "score": "NaN", "scoreError": "NaN", "scoreUnit": "ns/op",
                                       "rawData": [ [ 10.0, "NaN", 12.0, 11.0 ] ] },
                    "secondaryMetrics": { "broken": { "score": "NaN", "scoreUnit": "ops" } } },
                  { "benchmark": "other.project.Bench.empty", "mode": "avgt",
                    "primaryMetric": { "score": "NaN", "scoreUnit": "ns/op", "rawData": [ [ "NaN", "NaN" ] ] } } ]
                """;
        Path a = writeText(dir, "a.json", json);
        Path b = writeText(dir, "b.json", json);
        Comparison c = compare(a, b);
        List<Row> rows = primary(c).rows();
        assertThat(rows).extracting(Row::name).containsExactly("Bench.run", "Bench.empty");
        assertThat(rows.get(0).params()).isEmpty();
        assertThat(rows.get(0).cells().get(0).samples().values()).containsExactly(10.0, 12.0, 11.0);
        assertThat(rows.get(0).cells().get(0).center()).isEqualTo(11.0);
        assertThat(rows.get(1).cells().get(0).n()).isZero();
        assertThat(rows.get(1).delta(1).verdict()).isEqualTo(Verdict.NOT_COMPARED);
        String text = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
        assertThat(text).contains("Bench.run").contains("no samples");
    }

    @Test
    void profilerMetricNamesOfOlderJmhMatchWithoutTheDot() {
        Path old = write(dir, "old.json", withSecondary(entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                "\u00b7gc.alloc.rate.norm", "B/op", forks(5, 48)));
        Path current = write(dir, "new.json", withSecondary(entry(LISTER, "avgt", "ns/op", forks(5, 100)),
                "gc.alloc.rate.norm", "B/op", scaled(forks(5, 48), 2)));
        Comparison c = compare(old, current);
        List<Table> secondary = c.tables().stream().filter(t -> !t.primary()).toList();
        assertThat(secondary).singleElement().satisfies(t -> {
            assertThat(t.metric()).isEqualTo("gc.alloc.rate.norm");
            assertThat(t.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
            assertThat(t.rows()).singleElement().satisfies(r -> {
                assertThat(r.cells()).allMatch(Cell::present);
                assertThat(r.delta(1).verdict()).isEqualTo(Verdict.WORSE);
                assertThat(r.delta(1).changePercent()).isCloseTo(100, within(1e-9));
            });
        });
        // Secondary metrics never trip the threshold: only scores do.
        assertThat(c.exceedsThreshold(10)).isFalse();
    }

    @Test
    void twoForksGetAWideNoiseFloorAndAVerdict() {
        // JMH Visualizer's example shape: 2 forks × 5 iterations. Each row still gets a verdict and its floor.
        double[][] two = {{100, 101, 99, 100, 100}, {103, 104, 102, 103, 103}};
        Path base = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", two));
        Path same = write(dir, "b.json", entry(LISTER, "avgt", "ns/op", scaled(two, 1.01)));
        Path doubled = write(dir, "c.json", entry(LISTER, "avgt", "ns/op", scaled(two, 2)));
        Comparison c = compare(base, same, doubled);
        Delta d = primary(c).rows().get(0).delta(1);
        assertThat(d.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(d.noiseFloorPercent()).isFinite().isGreaterThan(Comparison.DEFAULT_MIN_CHANGE);
        assertThat(primary(c).rows().get(0).delta(2).verdict()).isEqualTo(Verdict.WORSE);
        assertThat(ComparisonReport.render(c, ComparisonReport.Format.TEXT)).contains("n=2+2");
    }

    @Test
    void aChangeInsideMinChangeIsNoDifferenceWithANote() {
        double[][] tight = {{100, 100.1}, {100.2, 100.1}, {99.9, 100}, {100, 100}, {100.1, 100}};
        Path base = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", tight));
        Path slower = write(dir, "b.json", entry(LISTER, "avgt", "ns/op", scaled(tight, 1.03)));
        Delta d = primary(compare(base, slower)).rows().get(0).delta(1);
        assertThat(d.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        // The files' own noise is tiny, so the drift allowance is nearly all of the floor.
        assertThat(d.noiseFloorPercent()).isBetween(Comparison.DEFAULT_MIN_CHANGE, Comparison.DEFAULT_MIN_CHANGE + 0.5);
        assertThat(d.note()).contains("not beyond the drift between runs (--min-change 13%)");
        Delta strict = primary(Comparison.of(List.of(base, slower), null, 0.05, 0.95, 1)).rows().get(0).delta(1);
        assertThat(strict.verdict()).isEqualTo(Verdict.WORSE);
    }

    @Test
    void oneSampleASideHasNoVerdict() {
        Path a = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", new double[][] {{100}}));
        Path b = write(dir, "b.json", entry(LISTER, "avgt", "ns/op", new double[][] {{200}}));
        Comparison c = compare(a, b);
        Delta d = primary(c).rows().get(0).delta(1);
        assertThat(d.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(d.noiseFloorPercent()).isInfinite();
        assertThat(ComparisonReport.render(c, ComparisonReport.Format.TEXT))
                .contains("±∞", "no interval, no verdict");
    }

    @Test
    void oneForkGivesIterationSamples() {
        Path a = write(dir, "a.json", entry(LISTER, "avgt", "ns/op", new double[][] {{1, 2, 3, 4, 5, 6, 7}}));
        Row row = primary(compare(a, a)).rows().get(0);
        assertThat(row.cells().get(0).samples().kind()).isEqualTo(Samples.Kind.ITERATIONS);
        assertThat(row.cells().get(0).n()).isEqualTo(7);
        assertThat(row.cells().get(0).center()).isEqualTo(4.0);
        assertThat(primary(compare(a, a)).rows().get(0).delta(1).note()).startsWith("one fork:");
        // Labels stay apart when a file is compared with itself.
        assertThat(Comparison.labels(List.of(a, a))).containsExactly("a.json", "a.json#2");
    }

    @Test
    void sampleModeUsesTheHistogramPerIteration() {
        String json = """
                [ { "benchmark": "x.Y.sampled", "mode": "sample", "threads": 1, "forks": 2,
                    "primaryMetric": { "score": 5.0, "scoreUnit": "us/op",
                      "rawDataHistogram": [
                        [ [ [1.0, 3], [5.0, 1] ], [ [4.0, 2] ] ],
                        [ [ [10.0, 1] ], [ [2.0, 1], [4.0, 1] ] ] ] } } ]
                """;
        Path a = writeText(dir, "sample.json", json);
        Row row = primary(compare(a, a)).rows().get(0);
        Samples s = row.cells().get(0).samples();
        assertThat(s.kind()).isEqualTo(Samples.Kind.FORKS);
        // Fork 1: iterations (3+5)/4 = 2 and 4 -> 3; fork 2: iterations 10 and 3 -> 6.5.
        assertThat(s.values()).containsExactly(3.0, 6.5);

        String scoreOnly = """
                [ { "benchmark": "x.Y.sampled", "mode": "sample", \
                "primaryMetric": { "score": 5.0, "scoreUnit": "us/op" } } ]
                """;
        Samples single =
                primary(compare(writeText(dir, "s.json", scoreOnly), a)).rows().get(0).cells().get(0).samples();
        assertThat(single.kind()).isEqualTo(Samples.Kind.SCORE);
        assertThat(single.values()).containsExactly(5.0);
    }

    @Test
    void timeUnitsConvert() {
        Path us = write(dir, "us.json", entry(LISTER, "avgt", "us/op", forks(5, 2)));
        Path ns = write(dir, "ns.json", entry(LISTER, "avgt", "ns/op", forks(5, 2000)));
        Row row = primary(compare(us, ns)).rows().get(0);
        assertThat(row.cells().get(1).center()).isCloseTo(2, within(1e-9));
        assertThat(row.delta(1).changePercent()).isCloseTo(0, within(1e-9));
        assertThat(Units.factor("ops/ms", "ops/s")).isEqualTo(1000);
        assertThat(Units.factor("ops/s", "ns/op")).isNaN();
    }

    @Test
    void geomeanOfRatiosAndOfMeans() {
        Path base = write(dir, "a.json", lister("1", forks(5, 100)), lister("2", forks(5, 400)));
        Path next = write(dir, "b.json", lister("1", scaled(forks(5, 100), 2)),
                lister("2", scaled(forks(5, 400), 0.5)));
        Geomean g = primary(compare(base, next)).geomean();
        assertThat(g.means().get(0)).isCloseTo(200, within(1e-9)); // sqrt(100 * 400)
        assertThat(g.means().get(1)).isCloseTo(200, within(1e-9)); // sqrt(200 * 200)
        assertThat(g.changePercents().get(0)).isCloseTo(0, within(1e-9)); // sqrt(2 * 0.5) = 1
        assertThat(g.rowsInAll()).isEqualTo(2);
    }

    @Test
    void benchmarkNamesLoseOnlyTheCommonPackage() {
        assertThat(Tables.displayNames(List.of("a.b.C.m", "a.b.D.n"))).containsEntry("a.b.C.m", "C.m")
                .containsEntry("a.b.D.n", "D.n");
        assertThat(Tables.displayNames(List.of("a.b.C.m"))).containsEntry("a.b.C.m", "C.m");
        assertThat(Tables.displayNames(List.of("a.b.C.m", "x.C.m"))).containsEntry("a.b.C.m", "a.b.C.m");
    }
}
