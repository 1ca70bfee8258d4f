package dev.informerbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Least squares with its residuals, and the held-out check that extrapolates to the largest x. */
class LinearFitTest {
    @Test
    void aLineThroughItsPointsHasNoResidual() {
        LinearFit fit = LinearFit.of(new double[] {1, 2, 3}, new double[] {5, 7, 9});
        assertThat(fit.intercept()).isCloseTo(3, within(1e-12));
        assertThat(fit.slope()).isCloseTo(2, within(1e-12));
        assertThat(fit.predict(10)).isCloseTo(23, within(1e-12));
        assertThat(fit.largestRelativeResidual()).isCloseTo(0, within(1e-12));
    }

    /** y = 1, 3, 2 at x = 0, 1, 2: slope 0.5, intercept 1.5 (by hand: Sxy = 1, Sxx = 2). */
    @Test
    void theLeastSquaresLineAndItsResiduals() {
        LinearFit fit = LinearFit.of(new double[] {0, 1, 2}, new double[] {1, 3, 2});
        assertThat(fit.slope()).isCloseTo(0.5, within(1e-12));
        assertThat(fit.intercept()).isCloseTo(1.5, within(1e-12));
        assertThat(fit.residual(0)).isCloseTo(-0.5, within(1e-12));
        assertThat(fit.residual(1)).isCloseTo(1, within(1e-12));
        assertThat(fit.residual(2)).isCloseTo(-0.5, within(1e-12));
        assertThat(fit.relativeResidual(0)).isCloseTo(-0.5, within(1e-12));
        assertThat(fit.largestRelativeResidual()).isCloseTo(0.5, within(1e-12));
        assertThat(fit.distinctX()).containsExactly(0, 1, 2);
    }

    @Test
    void pointsAtOneXAreAveragedByTheLine() {
        LinearFit fit = LinearFit.of(new double[] {1, 1, 3}, new double[] {2, 4, 7});
        assertThat(fit.predict(1)).isCloseTo(3, within(1e-12));
        assertThat(fit.predict(3)).isCloseTo(7, within(1e-12));
    }

    @Test
    void aLineNeedsTwoDistinctXAndFiniteValues() {
        assertThatThrownBy(() -> LinearFit.of(new double[] {1, 1}, new double[] {2, 3}))
                .hasMessage("a line needs points at two distinct x at least, not 1");
        assertThatThrownBy(() -> LinearFit.of(new double[] {1, 2}, new double[] {2}))
                .hasMessage("2 x values for 1 y values");
        assertThatThrownBy(() -> LinearFit.of(new double[] {1, 2}, new double[] {2, Double.NaN}))
                .hasMessage("a line is fitted through finite values only");
    }

    @Test
    void aHeldOutLineOfALinePredictsItExactly() {
        LinearFit.HeldOut h = LinearFit.holdOutLargest(new double[] {1000, 10_000, 100_000},
                new double[] {3, 21, 201});
        assertThat(h.at()).isEqualTo(100_000);
        assertThat(h.fit().distinctX()).containsExactly(1000, 10_000);
        assertThat(h.predicted()).isCloseTo(201, within(1e-9));
        assertThat(h.relativeError()).isCloseTo(0, within(1e-12));
    }

    /** A curve: the line through 1 and 4 (at 1 and 2) says 7 at 3, where 9 was measured (twice: 8 and 10). */
    @Test
    void aHeldOutCurveMissesByWhatTheLineSays() {
        LinearFit.HeldOut h = LinearFit.holdOutLargest(new double[] {1, 2, 3, 3}, new double[] {1, 4, 8, 10});
        assertThat(h.predicted()).isCloseTo(7, within(1e-12));
        assertThat(h.measured()).isCloseTo(9, within(1e-12));
        assertThat(h.relativeError()).isCloseTo(-2.0 / 9, within(1e-12));
    }

    @Test
    void aHeldOutCheckNeedsThreeDistinctX() {
        assertThatThrownBy(() -> LinearFit.holdOutLargest(new double[] {1, 2, 2}, new double[] {1, 2, 3}))
                .hasMessage("a held-out check needs points at three distinct x at least, not 2");
    }
}
