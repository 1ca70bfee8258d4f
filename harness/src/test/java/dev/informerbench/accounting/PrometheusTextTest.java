package dev.informerbench.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Prometheus' text format, a line at a time: the values it may hold, and the lines it must refuse. */
class PrometheusTextTest {
    @Test
    void specialValuesAndBrokenLines() {
        assertThat(PrometheusText.parse("m{le=\"+Inf\"} +Inf").value()).isInfinite();
        assertThat(PrometheusText.parse("m NaN").value()).isNaN();
        assertThat(PrometheusText.parse("m 42").labels()).isEmpty();
        assertThatThrownBy(() -> PrometheusText.parse("m{a=\"b} 1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PrometheusText.parse("m{a=b} 1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PrometheusText.parse("m{a=\"b\"} one")).isInstanceOf(IllegalArgumentException.class);
    }
}
