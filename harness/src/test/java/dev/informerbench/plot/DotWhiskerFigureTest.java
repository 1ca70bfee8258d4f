package dev.informerbench.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class DotWhiskerFigureTest {
    private static final String LONG = "burst event=UPDATE,handlers=16,objects=100,sharing=INDEPENDENT_INFORMERS,"
            + "transport=HTTP2,watchCache=ON";

    static DotWhiskerFigure figure(int rows, int series, String... labels) {
        List<DotWhiskerFigure.Row> list = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            List<DotWhiskerFigure.Point> points = new ArrayList<>();
            for (int s = 0; s < series; s++) {
                points.add(new DotWhiskerFigure.Point(r - 5 + s, r - 15, r + 5, r % 2 == 0));
            }
            list.add(new DotWhiskerFigure.Row(r < labels.length ? labels[r] : "row " + r, points));
        }
        List<String> names = new ArrayList<>();
        for (int s = 0; s < series; s++) {
            names.add("series " + s);
        }
        DotWhiskerFigure.Panel panel = new DotWhiskerFigure.Panel("Family", Axis.Scale.LINEAR, "%",
                OptionalDouble.of(0), 12, list);
        return new DotWhiskerFigure("title", names, List.of(panel, panel), new DotWhiskerFigure.Legend("a", "b", "c"),
                "caption");
    }

    @Test
    void rowsFollowEachOtherOneRowHeightApartAndPanelsDoNotOverlap() {
        DotWhiskerLayout layout = figure(13, 2).layout();
        assertThat(layout.width()).isEqualTo(DotWhiskerFigure.WIDTH);
        assertThat(layout.rowHeight()).isEqualTo(24); // two dots a dodge apart
        assertThat(DotWhiskerLayout.rowHeight(1)).isEqualTo(DotWhiskerLayout.MIN_ROW_HEIGHT);
        DotWhiskerLayout.PanelBox first = layout.panels().get(0);
        DotWhiskerLayout.PanelBox second = layout.panels().get(1);
        assertThat(first.rowCentres()).hasSize(13);
        for (int r = 0; r < 13; r++) {
            assertThat(first.rowCentres().get(r)).isEqualTo(first.rowsTop() + r * 24 + 12);
        }
        assertThat(first.rowsBottom()).isEqualTo(first.rowsTop() + 13 * 24);
        assertThat(second.headingY()).isGreaterThan(first.rowsBottom() + DotWhiskerLayout.AXIS_HEIGHT);
        assertThat(layout.captionTop()).isGreaterThan(second.rowsBottom());
        assertThat(layout.height()).isGreaterThan(layout.captionTop());
        assertThat(layout.dodge(0, 2)).isLessThan(0);
        assertThat(layout.dodge(1, 2)).isGreaterThan(0);
        assertThat(layout.dodge(1, 3)).isZero();
    }

    @Test
    void theHeightGrowsByOneRowHeightPerRowAndTheWidthStays() {
        DotWhiskerLayout small = figure(13, 3).layout();
        DotWhiskerLayout large = figure(99, 3).layout();
        assertThat(small.rowHeight()).isEqualTo(30); // three series: three dots a dodge apart
        assertThat(large.height() - small.height()).isEqualTo(2 * 86 * 30);
        assertThat(large.width()).isEqualTo(small.width());
    }

    @Test
    void aLongLabelIsElidedToTheLabelColumnAndKeepsItsTextAsAnSvgTitle() {
        DotWhiskerFigure figure = figure(3, 1, "short", LONG);
        DotWhiskerLayout layout = figure.layout();
        String shown = layout.panels().get(0).labels().get(1);
        assertThat(shown).endsWith("…").isNotEqualTo(LONG);
        assertThat(LONG).startsWith(shown.substring(0, shown.length() - 1));
        assertThat(Canvas.width(Canvas.LABEL, shown)).isLessThanOrEqualTo(layout.plotLeft() - DotWhiskerLayout.MARGIN);
        assertThat(layout.panels().get(0).labels().get(0)).isEqualTo("short");
        assertThat(layout.elided()).containsEntry(shown, LONG);
        String svg = figure.svg();
        assertThat(svg).startsWith("<svg").doesNotContain("<!DOCTYPE").doesNotContain("<?xml");
        assertThat(svg).contains("<title>" + LONG + "</title>" + shown + "</text>");
        assertThat(svg).contains("sans-serif").contains(">short</text>");
    }

    @Test
    void pngIsTheLayoutsSize() throws Exception {
        DotWhiskerFigure figure = figure(99, 2);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(figure.png()));
        assertThat(image.getWidth()).isEqualTo(1000);
        assertThat(image.getHeight()).isEqualTo(figure.layout().height());
    }

    @Test
    void aRowNeedsAPointOrANullPerSeries() {
        DotWhiskerFigure.Panel panel = new DotWhiskerFigure.Panel("p", Axis.Scale.LINEAR, "", OptionalDouble.empty(),
                0, List.of(new DotWhiskerFigure.Row("r", Arrays.asList((DotWhiskerFigure.Point) null))));
        assertThatThrownBy(() -> new DotWhiskerFigure("t", List.of("a", "b"), List.of(panel), null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("row r has 1 points for 2 series");
        assertThat(new DotWhiskerFigure("t", List.of("a"), List.of(panel), null, null).png()).isNotEmpty();
    }

    @Test
    void aLogPanelsAxisCoversItsPointsAndWhiskers() {
        DotWhiskerFigure.Panel panel = new DotWhiskerFigure.Panel("p", Axis.Scale.LOG, " ops/s", OptionalDouble.empty(),
                0, List.of(new DotWhiskerFigure.Row("r", List.of(new DotWhiskerFigure.Point(120, 90, 4000, true))),
                        new DotWhiskerFigure.Row("zero", List.of(new DotWhiskerFigure.Point(0, -1, 1, true)))));
        Axis axis = DotWhiskerLayout.axis(panel);
        assertThat(axis.scale()).isEqualTo(Axis.Scale.LOG);
        assertThat(axis.min()).isEqualTo(50); // not 0 or below: those points show as missing
        assertThat(axis.max()).isEqualTo(5000);
    }

    /** Drawing only: the package knows no benchmark, result file or statistic. */
    @Test
    void usesNoOtherPackageOfTheProject() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.informerbench.plot");
        ArchRuleDefinition.noClasses().should().dependOnClassesThat(JavaClass.Predicates
                .resideInAPackage("dev.informerbench..").and(JavaClass.Predicates
                        .resideOutsideOfPackage("dev.informerbench.plot.."))).check(classes);
    }
}
