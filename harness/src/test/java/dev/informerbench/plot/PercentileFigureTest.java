package dev.informerbench.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class PercentileFigureTest {
    static PercentileFigure figure(Axis.Scale scale, double... percentiles) {
        List<PercentileFigure.Point> points = Arrays.stream(percentiles)
                .mapToObj(p -> new PercentileFigure.Point(p, 100 + 1000 * p)).toList();
        return new PercentileFigure("latency", "latency (µs)", scale,
                List.of(new PercentileFigure.Curve("run", points)), "caption");
    }

    @Test
    void eachNineIsOneStepOfTheXAxis() {
        assertThat(PercentileFigure.nines(0)).isZero();
        assertThat(PercentileFigure.nines(0.9)).isCloseTo(1, within(1e-12));
        assertThat(PercentileFigure.nines(0.999)).isCloseTo(3, within(1e-9));
        PercentileFigure figure = figure(Axis.Scale.LINEAR, 0, 0.5, 0.9, 0.99, 0.999, 0.9995, 1);
        assertThat(figure.xNines()).isEqualTo(4); // 99.95% rounds up to the fourth nine; 100% is at infinity
        assertThat(figure.xTicks()).extracting(PercentileFigure::percentLabel)
                .containsExactly("0%", "50%", "90%", "99%", "99.9%", "99.99%");
        double left = figure.x(0);
        double right = figure.x(0.9999);
        assertThat(left).isEqualTo(PercentileFigure.LEFT);
        assertThat(right).isCloseTo(figure.plotRight(), within(1e-6));
        assertThat(figure.x(0.99)).isCloseTo((left + right) / 2, within(1e-6));
    }

    @Test
    void theAxisReachesAtLeastTheSecondNine() {
        assertThat(figure(Axis.Scale.LINEAR, 0, 0.5).xNines()).isEqualTo(PercentileFigure.MIN_NINES);
    }

    @Test
    void theValueAxisStartsAtZeroWhenLinearAndAtTheSmallestValueWhenLog() {
        assertThat(figure(Axis.Scale.LINEAR, 0, 0.99).yAxis().min()).isZero();
        Axis log = figure(Axis.Scale.LOG, 0, 0.99).yAxis(); // values 100 .. 1090
        assertThat(log.min()).isEqualTo(100);
        assertThat(log.max()).isEqualTo(2000);
    }

    @Test
    void drawsAsPngAndSvg() throws Exception {
        PercentileFigure figure = figure(Axis.Scale.LOG, 0, 0.5, 0.9, 0.99, 1);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(figure.png()));
        assertThat(image.getWidth()).isEqualTo(PercentileFigure.WIDTH);
        assertThat(image.getHeight()).isEqualTo(figure.height());
        assertThat(figure.svg()).startsWith("<svg").contains(">99%</text>").contains("latency (µs)");
    }
}
