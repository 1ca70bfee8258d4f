package dev.informerbench.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.metrics.SuiteMetric;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

/** A metric aggregates as the catalogue says: a harmonic mean to the period that goes with the mean of the rates. */
class BenchMetricsTest {
    private static Result<?> one(double value) {
        BenchMetrics.reset();
        BenchMetrics.publish(SuiteMetric.RESYNC_PERIOD_MS, value);
        List<Result> drained = BenchMetrics.drain();
        assertThat(drained).hasSize(1);
        return drained.get(0);
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void periodsOfOneAndTwoSecondsAggregateToTheOneOfTheirMeanRate() {
        BenchMetrics.HarmonicMeanResult a = (BenchMetrics.HarmonicMeanResult) one(1000);
        BenchMetrics.HarmonicMeanResult b = (BenchMetrics.HarmonicMeanResult) one(2000);
        assertThat(a.getScore()).isEqualTo(1000.0);
        BenchMetrics.HarmonicMeanResult both = a.getIterationAggregator().aggregate(List.of(a, b));
        // Rates 1 and 0.5 per second average to 0.75 per second: one per 1333 ms.
        assertThat(both.getScore()).isCloseTo(4000.0 / 3, within(1e-9));
        assertThat(both.getLabel()).isEqualTo("resync.periodMs");
        assertThat(both.getScoreUnit()).isEqualTo("ms");
        assertThat(both.getSampleCount()).isEqualTo(2);
    }
}
