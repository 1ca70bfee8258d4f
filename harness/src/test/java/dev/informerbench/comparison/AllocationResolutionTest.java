package dev.informerbench.comparison;

import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.scaled;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes allocated per operation are compared like a score (here as in one interleaved run, no drift
 * allowance between runs), but a difference under a hundredth of
 * a byte is JMH's own allocation spread over more or fewer operations, not the code's: not called.
 */
class AllocationResolutionTest {
    @TempDir
    Path dir;

    private static JsonObject row(String objects, double nsPerOp, double bytesPerOp) {
        return withSecondary(withParams(entry(LISTER, "avgt", "ns/op", forks(4, nsPerOp)), "objects", objects),
                "gc.alloc.rate.norm", "B/op", forks(4, bytesPerOp));
    }

    @Test
    void anAllocationIsCalledAndJmhsOwnCrumbsAreNot() {
        Path base = write(dir, "base.json", row("1000", 63, 56), row("10", 12, 0.0004168));
        Path build = write(dir, "build.json", row("1000", 173, 434), row("10", 12, 0.0004560));

        Table allocation = Comparison.of(List.of(base, build), null, 0.05, 0.95, 0).tables().stream()
                .filter(t -> t.metric().equals("gc.alloc.rate.norm")).findFirst().orElseThrow();

        Delta lister = allocation.rows().get(0).delta(1);
        assertThat(lister.verdict()).isEqualTo(Verdict.WORSE);
        Delta crumbs = allocation.rows().get(1).delta(1);
        assertThat(crumbs.changePercent()).isGreaterThan(9);
        assertThat(crumbs.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(crumbs.note()).contains("under the metric's resolution (0.01)");
    }

    /** The same relative change in a metric without a resolution is called: the rule is allocation's alone. */
    @Test
    void aScoreHasNoResolution() {
        Path base = write(dir, "base.json", withParams(entry(LISTER, "avgt", "ns/op", forks(4, 0.0004168)),
                "objects", "10"));
        Path other = write(dir, "other.json", withParams(entry(LISTER, "avgt", "ns/op",
                scaled(forks(4, 0.0004168), 1.094)), "objects", "10"));
        Delta score = Comparison.of(List.of(base, other), null, 0.05, 0.95, 0).primaryTables().get(0).rows()
                .get(0).delta(1);
        assertThat(score.verdict()).isEqualTo(Verdict.WORSE);
    }
}
