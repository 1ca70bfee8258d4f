package dev.informerbench.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PlantTest {
    @Test
    void noPropertyIsNoPlant() {
        assertThat(Plant.percent(null)).isZero();
        assertThat(Plant.percent(" ")).isZero();
        assertThat(Plant.ON).isFalse(); // the tests' JVM is not planted
    }

    @Test
    void aPercentScalesBothPlants() {
        assertThat(Plant.percent("5")).isEqualTo(5);
        assertThat(Plant.getSpinNanos(10)).isEqualTo(2 * Plant.getSpinNanos(5));
        assertThat(Plant.listerTokens(10)).isGreaterThan(Plant.listerTokens(5)).isPositive();
    }

    @Test
    void badValuesSayWhatIsAccepted() {
        assertThatThrownBy(() -> Plant.percent("5%")).hasMessageContaining("accepted: 1 to 50");
        assertThatThrownBy(() -> Plant.percent("80")).hasMessageContaining("out of range");
    }

    @Test
    void theSpinWaitsAtLeastItsTime() {
        long start = System.nanoTime();
        Plant.spin(2_000_000);
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2_000_000);
    }
}
