package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.comparison.ComparisonReport.Format;
import dev.informerbench.results.Golden;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Round-by-round comparison, the noise split and the plant's line: their outputs pinned as golden files. */
class PairedAndNoiseTest {
    @TempDir
    Path dir;

    /** Four rounds whose machine state moves both contenders alike; B is 2% slower in every round. */
    private static final double[][] ROUNDS_A = {{100, 101}, {110, 111}, {95, 96}, {105, 104}};
    private static final double[][] ROUNDS_B = {{102.3, 103}, {112, 113.4}, {97.1, 97.7}, {107.3, 105.9}};

    private Comparison rounds(boolean paired) {
        Path a = write(dir, "a.json", withParams(entry(LISTER, "avgt", "ns/op", ROUNDS_A), "objects", "1000"));
        Path b = write(dir, "b.json", withParams(entry(LISTER, "avgt", "ns/op", ROUNDS_B), "objects", "1000"));
        return Comparison.of(List.of(a, b), List.of("A", "B"), 0.05, 0.95, 0, paired);
    }

    @Test
    void pairingSeesWhatTheRoundsHideFromWelch() {
        Delta unpaired = rounds(false).primaryTables().get(0).rows().get(0).delta(1);
        Delta paired = rounds(true).primaryTables().get(0).rows().get(0).delta(1);
        assertThat(unpaired.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(unpaired.paired()).isFalse();
        assertThat(paired.paired()).isTrue();
        assertThat(paired.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(paired.noiseFloorPercent()).isLessThan(unpaired.noiseFloorPercent() / 5);
        assertThat(paired.detectablePercent()).isGreaterThan(paired.noiseFloorPercent()).isLessThan(2);
        Golden.assertMatches("compare/paired.txt",
                ComparisonReport.render(rounds(true), Format.TEXT).replace(dir.toString(), "<dir>"));
    }

    @Test
    void differentForkCountsFallBackToWelch() {
        Path a = write(dir, "a.json", withParams(entry(LISTER, "avgt", "ns/op", ROUNDS_A), "objects", "1000"));
        double[][] three = {{102, 103}, {112, 113}, {97, 98}};
        Path b = write(dir, "b.json", withParams(entry(LISTER, "avgt", "ns/op", three), "objects", "1000"));
        Delta d = Comparison.of(List.of(a, b), null, 0.05, 0.95, 0, true).primaryTables().get(0).rows().get(0)
                .delta(1);
        assertThat(d.paired()).isFalse();
        assertThat(d.baseN()).isEqualTo(4);
    }

    @Test
    void noiseSplitsEachRowByLevel() {
        double[][] run1 = {{100, 102, 98}, {110, 111, 109}, {95, 96, 94}};
        double[][] run2 = {{104, 106, 102}, {99, 101, 100}, {108, 107, 109}};
        double[][] get1 = {{700, 760, 640}, {720, 690, 750}};
        double[][] get2 = {{710, 650, 770}, {730, 700, 680}};
        Path a = write(dir, "a.json", withParams(entry(LISTER, "avgt", "ns/op", run1), "objects", "1000"),
                withParams(entry(DIRECT, "thrpt", "ops/s", get1), "objects", "1000"));
        Path b = write(dir, "b.json", withParams(entry(LISTER, "avgt", "ns/op", run2), "objects", "1000"),
                withParams(entry(DIRECT, "thrpt", "ops/s", get2), "objects", "1000"));
        Comparison runs = Comparison.of(List.of(a, b), null, 0.05, 0.95, 0);
        List<NoiseReport.Line> lines = NoiseReport.lines(runs);
        assertThat(lines).hasSize(2);
        // the lister's forks differ far more than its iterations; the GET's iterations more than its forks
        assertThat(lines.get(0).components().forkCv()).isGreaterThan(3 * lines.get(0).components().iterationCv());
        assertThat(lines.get(1).components().iterationCv()).isGreaterThan(lines.get(1).components().forkCv());
        assertThat(lines.get(0).forksForPower()).isGreaterThan(lines.get(0).forksForNoise());
        Golden.assertMatches("noise/two-runs.txt", NoiseReport.render(runs));
        // 3 forks a side cannot see 5%: both rows say so, with why
        assertThat(NoiseReport.shortfalls(runs)).hasSize(2).first().asString()
                .startsWith("ListerGetBenchmark.lister_t1 objects=1000: detects ")
                .endsWith("(forks differ by 5.9%, iterations by 1.4%; 5% needs 25 forks a side)");
    }

    @Test
    void thePlantLineSetsTheCallBesideThePlantMeasuredApart() {
        double[][] base = {{100, 100}, {101, 101}, {99, 99}, {100, 100}};
        double[][] planted = {{105, 105}, {106, 106}, {104, 104}, {105, 105}};
        double[][] plant = {{5.1, 5.1}, {4.9, 4.9}};
        String plantRow = "dev.informerbench.bench.PlantBenchmark.listerRead";
        Path a = write(dir, "a.json", withParams(entry(LISTER, "avgt", "ns/op", base), "objects", "1000"),
                withParams(entry(plantRow, "avgt", "ns/op", plant), "percent", "5"));
        Path b = write(dir, "b.json", withParams(entry(LISTER, "avgt", "ns/op", planted), "objects", "1000"),
                withParams(entry(plantRow, "avgt", "ns/op", plant), "percent", "5"));
        List<String> lines = PlantCheck.lines(Comparison.of(List.of(a, b), null, 0.05, 0.95, 0, true));
        assertThat(lines).singleElement().asString()
                .startsWith("ListerGetBenchmark.lister_t1 objects=1000: +5.00% worse (noise ±")
                .endsWith("the plant alone measured 5.000 ns = +5.00% of the base's score");
    }
}
