package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.DIRECT;
import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static dev.informerbench.results.JmhFiles.writeText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.results.Golden;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --history}: versions of a client in the order given, each step a version
 * against the one before it. Four client-java files (20.0.0, 22.0.0 as fast, 27.0.0 with the
 * read 25% slower, 27.0.0 again: the A/A) and two of fabric8 make two histories.
 */
class HistoryTest {
    @TempDir
    Path dir;

    private Path version(String client, String version, String label, double listerFactor, boolean withGet) {
        String stem = client + "-" + version + (label.endsWith("#2") ? "_2" : "");
        Path file = withGet
                ? write(dir, stem + ".json",
                        withParams(entry(LISTER, "avgt", "ns/op", scaled(forks(4, 100), listerFactor)), "objects",
                                "1000"),
                        withParams(entry(DIRECT, "avgt", "ms/op", forks(4, 1.5)), "objects", "1000"))
                : write(dir, stem + ".json",
                        withParams(entry(LISTER, "avgt", "ns/op", scaled(forks(4, 100), listerFactor)), "objects",
                                "1000"));
        writeText(dir, stem + ".meta.json", "{\"schema\": \"informer-bench/run-metadata/v1\", \"client\": \"" + client
                + "\", \"clientVersion\": \"" + version + "\", \"label\": \"" + label + "\"}");
        return file;
    }

    private List<Path> files() {
        return List.of(version("client-java", "20.0.0", "client-java 20.0.0", 1.0, true),
                version("client-java", "22.0.0", "client-java 22.0.0", 1.01, false),
                version("fabric8", "7.5.0", "fabric8 7.5.0", 0.8, true),
                version("client-java", "27.0.0", "client-java 27.0.0", 1.25, true),
                version("client-java", "27.0.0", "client-java 27.0.0 #2", 1.24, true),
                version("fabric8", "8.0.0", "fabric8 8.0.0", 0.5, true));
    }

    @Test
    void eachClientIsAHistoryOfItsVersionsInTheOrderGiven() {
        List<History> histories = History.of(files(), Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE,
                Comparison.DEFAULT_MIN_CHANGE);
        assertThat(histories).extracting(History::client).containsExactly("client-java", "fabric8");
        History cj = histories.get(0);
        assertThat(cj.versions()).extracting(Source::label).containsExactly("client-java 20.0.0",
                "client-java 22.0.0", "client-java 27.0.0", "client-java 27.0.0 #2");
        assertThat(cj.repeat(3)).isTrue();
        assertThat(cj.repeat(2)).isFalse();
        // One step beyond the noise: the read, 22.0.0 -> 27.0.0, 1.25 / 1.01 - 1 = +23.8%.
        assertThat(cj.changes()).singleElement().satisfies(c -> {
            assertThat(c.from()).isEqualTo("client-java 22.0.0");
            assertThat(c.into()).isEqualTo("client-java 27.0.0");
            assertThat(c.delta().verdict()).isEqualTo(Verdict.WORSE);
            assertThat(c.delta().changePercent()).isBetween(23.0, 24.5);
        });
        // 22.0.0 has no GET row: the steps into and out of it are missing, not ~.
        Table scores = cj.comparison().primaryTables().stream().filter(t -> t.unit().equals("ms/op")).findFirst()
                .orElseThrow();
        Row get = scores.rows().get(0);
        assertThat(cj.step(scores, get, 1)).isNull();
        assertThat(cj.step(scores, get, 2)).isNull();
        assertThat(cj.step(scores, get, 3).verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(histories.get(1).changes()).singleElement()
                .satisfies(c -> assertThat(c.delta().verdict()).isEqualTo(Verdict.BETTER));
    }

    @Test
    void wholeOutputAsTextAndMarkdown() {
        List<History> histories = History.of(files(), Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE,
                Comparison.DEFAULT_MIN_CHANGE);
        Golden.assertMatches("compare/history.txt",
                HistoryReport.render(histories, false).replace(dir.toString(), "<dir>"));
        Golden.assertMatches("compare/history.md",
                HistoryReport.render(histories, true).replace(dir.toString(), "<dir>"));
    }

    @Test
    void aHistoryNeedsTwoFilesOfOneClient() {
        Path one = version("client-java", "20.0.0", "client-java 20.0.0", 1.0, true);
        Path other = version("fabric8", "7.5.0", "fabric8 7.5.0", 1.0, true);
        assertThatThrownBy(() -> History.of(List.of(one, other), 0.05, 0.95, 13))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a history needs two files of one client; these 2 files are of 2 clients, one file each");
        assertThatThrownBy(() -> History.of(List.of(one), 0.05, 0.95, 13))
                .hasMessage("a history needs two files or more, not 1");
    }
}
