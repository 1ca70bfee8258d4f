package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.results.JmhJson;
import dev.informerbench.results.RowKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files of a --clients run: each row carries {@code client=X}, the file's own label. Rows
 * are matched across files without it, it is left out of the params column, and the column
 * headers say which client each file is.
 */
class ClientRowsTest {
    @TempDir
    Path dir;

    private Path file(String name, String client, double scale) {
        return write(dir, name, withParams(entry(LISTER, "avgt", "ns/op", scaled(forks(3, 100), scale)), "client",
                client, "objects", "100"));
    }

    @Test
    void rowsOfDifferentClientsAreOneRow() {
        Comparison c = Comparison.of(List.of(file("a.json", "CLIENT_JAVA", 1), file("b.json", "FABRIC8", 1.5),
                file("c.json", "CLIENT_GO", 0.5)), List.of("client-java 27.0.0", "fabric8 8.0.0", "client-go 0.36.3"),
                Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE);

        assertThat(c.primaryTables()).hasSize(1);
        List<Row> rows = c.primaryTables().get(0).rows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).params()).isEqualTo("objects=100");
        assertThat(rows.get(0).missingSomewhere()).isFalse();
        assertThat(rows.get(0).delta(1).changePercent()).isGreaterThan(40);
        String text = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
        assertThat(text).contains("client-java 27.0.0", "fabric8 8.0.0", "client-go 0.36.3")
                .doesNotContain("client=");
    }

    /** client-go's program writes gc.alloc.rate.norm as JMH's -prof gc does (clientgo/harness.go): compared alike. */
    @Test
    void clientGosAllocationIsComparedAsTheJavaClientsIs() {
        Path java = write(dir, "java.json", withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(3, 100)),
                "client", "CLIENT_JAVA", "objects", "100"), "gc.alloc.rate.norm", "B/op", forks(3, 56)));
        Path go = write(dir, "go.json", withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(3, 100)),
                "client", "CLIENT_GO", "objects", "100"), "gc.alloc.rate.norm", "B/op", scaled(forks(3, 56), 2)));
        Comparison c = Comparison.of(List.of(java, go), List.of("client-java 27.0.0", "client-go 0.36.3"),
                Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE);
        assertThat(c.tables()).filteredOn(t -> !t.primary()).singleElement().satisfies(t -> {
            assertThat(t.metric()).isEqualTo("gc.alloc.rate.norm");
            assertThat(t.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
            assertThat(t.rows()).singleElement().satisfies(r -> {
                assertThat(r.delta(1).verdict()).isEqualTo(Verdict.WORSE);
                assertThat(r.delta(1).changePercent()).isCloseTo(100, within(1e-9));
            });
        });
    }

    @Test
    void otherParamsStillTellRowsApart() {
        Path a = write(dir, "a.json", withParams(entry(LISTER, "avgt", "ns/op", forks(3, 100)), "client", "CLIENT_JAVA",
                "sync", "LIST_WATCH"));
        Path b = write(dir, "b.json", withParams(entry(LISTER, "avgt", "ns/op", forks(3, 100)), "client", "FABRIC8",
                "sync", "WATCH_LIST"));
        List<Row> rows = Comparison.of(List.of(a, b), Comparison.DEFAULT_ALPHA).primaryTables().get(0).rows();
        assertThat(rows).extracting(Row::params).containsExactly("sync=LIST_WATCH", "sync=WATCH_LIST");
        assertThat(rows).allMatch(Row::missingSomewhere);
    }

    @Test
    void theKeyAcrossFilesDropsOnlyTheClient() {
        JmhJson.Entry e = JmhJson.read(file("a.json", "FABRIC8", 1)).get(0);
        assertThat(RowKey.acrossFiles(e).params()).isEqualTo(Map.of("objects", "100"));
        assertThat(RowKey.of(e).params()).isEqualTo(Map.of("client", "FABRIC8", "objects", "100"));
    }
}
