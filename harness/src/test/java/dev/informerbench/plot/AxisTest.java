package dev.informerbench.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class AxisTest {
    @Test
    void linearRoundsOutToTicksOneTwoOrFiveTimesAPowerOfTenApart() {
        Axis axis = Axis.linear(-74.07, 22.4, "%"); // 96.5 / 8 ticks: 12 → 20
        assertThat(axis.ticks()).containsExactly(-80.0, -60.0, -40.0, -20.0, 0.0, 20.0, 40.0);
        assertThat(axis.min()).isEqualTo(-80);
        assertThat(axis.max()).isEqualTo(40);
        assertThat(axis.label(-20)).isEqualTo("-20%");
        assertThat(axis.fraction(-20)).isCloseTo(0.5, within(1e-12));
        assertThat(axis.pixel(40, 100, 900)).isCloseTo(900, within(1e-9));
    }

    @Test
    void linearTicksHaveNoFloatingPointDust() {
        assertThat(Axis.linear(0.1, 0.7, "").ticks()).containsExactly(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7);
        assertThat(Axis.linear(0.1, 0.7, "").label(0.3)).isEqualTo("0.3");
    }

    @Test
    void aSingleValueGetsARangeAroundIt() {
        Axis axis = Axis.linear(5, 5, "");
        assertThat(axis.min()).isLessThan(5);
        assertThat(axis.max()).isGreaterThan(5);
    }

    @Test
    void logWithinThreeDecadesTicksAtOneTwoAndFive() {
        Axis axis = Axis.log(3, 40, " ops/s");
        assertThat(axis.ticks()).containsExactly(2.0, 5.0, 10.0, 20.0, 50.0);
        assertThat(axis.min()).isEqualTo(2);
        assertThat(axis.max()).isEqualTo(50);
        assertThat(axis.label(20)).isEqualTo("20 ops/s");
    }

    @Test
    void logOverMoreDecadesTicksAtPowersOfTenAndEndsOnThem() {
        Axis axis = Axis.log(3, 40_000, "");
        assertThat(axis.ticks()).containsExactly(1.0, 10.0, 100.0, 1000.0, 10_000.0, 100_000.0);
        assertThat(axis.fraction(100)).isCloseTo(0.4, within(1e-12));
        assertThat(axis.label(10_000)).isEqualTo("10k");
        assertThat(axis.label(1000)).isEqualTo("1000");
        assertThat(axis.label(2_500_000)).isEqualTo("2.5M");
    }

    @Test
    void logNeedsPositiveBounds() {
        assertThatThrownBy(() -> Axis.log(0, 10, "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> Axis.linear(0, Double.POSITIVE_INFINITY, ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
