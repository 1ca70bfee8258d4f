package dev.informerbench.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import javax.imageio.ImageIO;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class LineFigureTest {
    private static final DotWhiskerFigure.Legend WORDS = new DotWhiskerFigure.Legend("mean", "one", "missing");

    private static LineFigure.Point at(double n, double center, double low, double high) {
        return new LineFigure.Point(n, center, low, high, true);
    }

    /** Two lines over N = 1, 10, 100 in two panels; the second line misses N=10 in the second panel. */
    static LineFigure figure(Axis.Scale scale) {
        List<LineFigure.Point> cheap = List.of(at(100, 0.07, 0.06, 0.08), at(1, 0.06, 0.05, 0.07),
                at(10, 0.065, 0.06, 0.07));
        List<LineFigure.Point> dear = List.of(at(1, 0.1, 0.09, 0.11), at(10, 0.26, -3, 9), at(100, 0.97, 0.9, 1.0));
        List<LineFigure.Point> gap = List.of(at(1, 0.1, 0.09, 0.11), LineFigure.Point.missing(10),
                new LineFigure.Point(100, 0.9, Double.NaN, Double.NaN, false));
        return new LineFigure("CPU against N", "N", "cores", scale,
                List.of(new LineFigure.Line("informer", 0, 0), new LineFigure.Line("poller", 1, 1)),
                List.of(new LineFigure.Panel("churn 0", List.of(cheap, dear)),
                        new LineFigure.Panel("churn 10", List.of(cheap, gap))), WORDS, "caption");
    }

    @Test
    void xIsALogAxisTickedAtTheLinesValues() {
        Axis x = figure(Axis.Scale.LOG).xAxis();
        assertThat(x.scale()).isEqualTo(Axis.Scale.LOG);
        assertThat(x.ticks()).containsExactly(1.0, 10.0, 100.0);
        assertThat(x.min()).isLessThan(1).isGreaterThan(0.5);
        assertThat(x.max()).isGreaterThan(100).isLessThan(200);
        assertThat(x.fraction(10)).isCloseTo(0.5, Offset.offset(1e-9));
    }

    /** Versions in order: evenly spaced, half a step of room at each end, ticks named by their versions. */
    @Test
    void categoriesAreEvenlySpacedAndNameTheirTicks() {
        List<LineFigure.Point> line = List.of(at(1, 100, 98, 102), at(2, 104, 101, 107), at(3, 130, 120, 140));
        LineFigure f = new LineFigure("history", "version", "% of 20.0.0", Axis.Scale.LINEAR,
                List.of(new LineFigure.Line("lister_t1", 0, 0)), List.of(new LineFigure.Panel("ns/op", List.of(line))),
                WORDS, "caption", List.of("20.0.0", "22.0.0", "27.0.0 #2"));
        Axis x = f.xAxis();
        assertThat(x.scale()).isEqualTo(Axis.Scale.LINEAR);
        assertThat(x.ticks()).containsExactly(1.0, 2.0, 3.0);
        assertThat(x.fraction(2) - x.fraction(1)).isCloseTo(x.fraction(3) - x.fraction(2), Offset.offset(1e-9));
        assertThat(x.fraction(1)).isCloseTo(1 / 6.0, Offset.offset(1e-9));
        assertThat(f.xTickLabel(x, 3)).isEqualTo("27.0.0 #2");
        assertThat(f.svg()).contains(">20.0.0<", ">22.0.0<", ">27.0.0 #2<").doesNotContain(">1<", ">2.5<");
    }

    @Test
    void pointsAreSortedByXAndOneYAxisServesEveryPanel() {
        LineFigure f = figure(Axis.Scale.LOG);
        assertThat(f.panels().get(0).series().get(0)).extracting(LineFigure.Point::x).containsExactly(1.0, 10.0, 100.0);
        Axis y = f.yAxis();
        assertThat(y.contains(0.06)).isTrue();
        assertThat(y.contains(1.0)).isTrue();
        // A whisker far beyond the centres (9 of 0.26) does not squash the lines: it runs past the edge.
        assertThat(y.max()).isLessThan(9);
        assertThat(y.max()).isGreaterThanOrEqualTo(1.0);
    }

    @Test
    void aLinearAxisReachesAsFarAsTheCentresSpread() {
        Axis y = figure(Axis.Scale.LINEAR).yAxis();
        assertThat(y.min()).isGreaterThan(-3).isLessThanOrEqualTo(0.06);
        assertThat(y.max()).isLessThan(9).isGreaterThanOrEqualTo(1.0);
    }

    @Test
    void aMissingPointIsMarkedUnderTheAxisNotDrawnAsAValue() {
        LineFigure f = figure(Axis.Scale.LOG);
        assertThat(f.anyMissing()).isTrue();
        LineLayout layout = f.layout();
        assertThat(layout.missingY()).isGreaterThan(layout.plotBottom());
        assertThat(layout.captionTop()).isGreaterThan(layout.missingY());
        assertThat(layout.legend()).extracting(LineLayout.LegendItem::text).containsExactly("informer", "poller",
                "mean", "one", "missing");
        String svg = f.svg();
        assertThat(svg).startsWith("<svg").contains(">missing:</text>").doesNotContain("NaN", "Infinity");

        LineFigure whole = new LineFigure("t", "N", "cores", Axis.Scale.LOG, f.lines(),
                List.of(f.panels().get(0)), WORDS, null);
        assertThat(whole.anyMissing()).isFalse();
        assertThat(whole.layout().missingY()).isEqualTo(-1);
        assertThat(whole.layout().legend()).extracting(LineLayout.LegendItem::text).doesNotContain("missing");
    }

    @Test
    void panelsStandSideBySideWithoutOverlap() {
        LineLayout layout = figure(Axis.Scale.LOG).layout();
        assertThat(layout.panels()).hasSize(2);
        LineLayout.PanelBox first = layout.panels().get(0);
        LineLayout.PanelBox second = layout.panels().get(1);
        assertThat(first.left()).isEqualTo(LineLayout.LEFT);
        assertThat(second.left()).isGreaterThan(first.right());
        assertThat(second.right()).isLessThanOrEqualTo(LineFigure.WIDTH - LineLayout.MARGIN);
        assertThat(layout.plotBottom() - layout.plotTop()).isEqualTo(LineLayout.PLOT_HEIGHT);
        assertThat(LineLayout.dodge(0, 2)).isNegative();
        assertThat(LineLayout.dodge(1, 2)).isPositive();
    }

    @Test
    void aPanelNeedsASeriesPerLine() {
        LineFigure f = figure(Axis.Scale.LOG);
        assertThatThrownBy(() -> new LineFigure("t", "N", "y", Axis.Scale.LOG, f.lines(),
                List.of(new LineFigure.Panel("p", List.of(List.of()))), WORDS, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 series for 2 lines");
    }

    @Test
    void pngHasTheLayoutsSize() throws Exception {
        LineFigure f = figure(Axis.Scale.LOG);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(f.png()));
        assertThat(image.getWidth()).isEqualTo(LineFigure.WIDTH);
        assertThat(image.getHeight()).isEqualTo(f.layout().height());
    }
}
