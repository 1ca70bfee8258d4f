package dev.informerbench.export;

import dev.informerbench.comparison.Direction;
import dev.informerbench.metrics.Kind;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.JmhJson.Metric;
import java.util.Optional;

/**
 * What a dashboard export (github-action-benchmark, Bencher) charts: every row's score and, of
 * the suite's secondary metrics, the catalogue's costs ({@link Kind#COST}, at most
 * {@link #MAX_COSTS_PER_ROW} a row) whose error is smaller than their value (unless an {@link AlertGate}
 * decides what alerts); a cost of 0, HandlerFanout's median delivery when most receipts beat the ack, is
 * no chart. Request totals grow
 * with forks × iterations, invariants (a cache read makes no request) are checks, settings explain
 * a row: none of them is a trend, so none becomes a chart. Another tool's metrics keep the
 * direction their unit gives.
 */
final class Watched {
    /** HandlerFanout's: two latencies from the ack, two from the send, handler CPU. */
    static final int MAX_COSTS_PER_ROW = 5;

    private Watched() {}

    /** Why {@code m} is not charted, or empty when it is. */
    static Optional<Reason> leftOut(String name, Metric m) {
        Optional<SuiteMetric> known = SuiteMetric.of(name);
        if (known.isPresent() && !known.get().trend()) {
            return Optional.of(Reason.NOT_A_TREND);
        }
        if (known.isEmpty() && Direction.ofSecondary(name, m.unit()) == Direction.UNKNOWN) {
            return Optional.of(Reason.NO_DIRECTION);
        }
        if (!Double.isFinite(m.score())) {
            return Optional.of(Reason.NOT_FINITE);
        }
        if (known.isPresent() && m.score() == 0) {
            return Optional.of(Reason.ZERO);
        }
        if (known.isPresent() && Double.isFinite(m.error()) && m.error() >= Math.abs(m.score())) {
            return Optional.of(Reason.TOO_NOISY);
        }
        return Optional.empty();
    }

    /** Why a metric is left out of a dashboard, as the export's note says it. */
    enum Reason {
        NOT_A_TREND("that are request totals, checks or settings, not trends (SuiteMetric)"),
        NO_DIRECTION("without a better direction"),
        NOT_FINITE("without a finite value"),
        ZERO("of value 0"),
        /** Left out only where no {@link AlertGate} says which entries alert. */
        TOO_NOISY("too noisy to gate (error ≥ value)");

        private final String text;

        Reason(String text) {
            this.text = text;
        }

        String text() {
            return text;
        }
    }
}
