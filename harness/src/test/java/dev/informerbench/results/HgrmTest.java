package dev.informerbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HgrmTest {
    /**
     * A real run's table, as {@link LatencyFiles#publish} wrote it (microseconds), pinned under
     * harness/src/test/resources/runs/.
     */
    static final Path COMMITTED = Path.of("harness/src/test/resources/runs",
            "20261130T160043Z_client-java-27.0.0_k8s-1.36.3.DirectGet.unthrottled-objects=1000.hgrm");

    @Test
    void readsACommittedTable() {
        Hgrm hgrm = Hgrm.read(COMMITTED);
        assertThat(hgrm.points()).hasSize(70); // 75 lines less the header, a blank line and three footer lines
        assertThat(hgrm.points().get(0)).isEqualTo(new Hgrm.Point(857.599, 0, 1));
        assertThat(hgrm.points().get(5)).isEqualTo(new Hgrm.Point(1505.279, 0.5, 5393));
        assertThat(hgrm.points().get(hgrm.points().size() - 1)).isEqualTo(new Hgrm.Point(52002.815, 1, 10782));
        assertThat(hgrm.mean()).isEqualTo(1655.099);
        assertThat(hgrm.max()).isEqualTo(52002.815);
        assertThat(hgrm.totalCount()).isEqualTo(10782);
        List<Hgrm.Point> points = hgrm.points();
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).percentile()).isGreaterThanOrEqualTo(points.get(i - 1).percentile());
            assertThat(points.get(i).value()).isGreaterThanOrEqualTo(points.get(i - 1).value());
        }
    }

    @Test
    void readsTheCsvFormWithoutAFooter() {
        // The form HdrHistogram's outputPercentileDistribution prints with useCsvFormat, written here by hand.
        Hgrm hgrm = Hgrm.parse("""
                "Value","Percentile","TotalCount","1/(1-Percentile)"
                1.000,0.000000000000,1,1.00
                3.000,0.500000000000,2,2.00
                7.000,1.000000000000,3,Infinity
                """);
        assertThat(hgrm.points()).extracting(Hgrm.Point::value).containsExactly(1.0, 3.0, 7.0);
        assertThat(hgrm.totalCount()).isEqualTo(3);
        assertThat(hgrm.max()).isEqualTo(7);
        assertThat(hgrm.mean()).isNaN();
    }

    @Test
    void aLineThatIsNoPercentileStepIsNamed() {
        assertThatThrownBy(
                () -> Hgrm.parse("       Value     Percentile TotalCount 1/(1-Percentile)\n\n 1.0 x 3 1.0\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("line 3 has a column that is not a number: 1.0 x 3 1.0");
        assertThatThrownBy(() -> Hgrm.parse("1.0 1.5 3\n")).hasMessage("line 1: percentile 1.5 is not between 0 and 1");
        assertThatThrownBy(() -> Hgrm.parse("{\"benchmark\": 1}"))
                .hasMessageStartingWith("line 1 is not Value Percentile TotalCount");
        assertThatThrownBy(() -> Hgrm.parse("")).hasMessageContaining("no percentile lines");
    }
}
