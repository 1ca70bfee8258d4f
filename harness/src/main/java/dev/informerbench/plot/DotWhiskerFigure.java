package dev.informerbench.plot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Horizontal dots with whiskers: panels of labelled rows, one dot per series in each row,
 * whiskers from a low to a high value. The width is fixed and each row takes the same height,
 * so a figure of 99 rows is as readable as one of 13, only taller.
 *
 * @param title the line above everything
 * @param series the series' names, in the order of each row's points; each gets a colour
 * @param panels drawn one below the other, each with its own x axis
 * @param legend what filled and open dots and a missing point mean (entries null: not shown)
 * @param caption the text under the figure, e.g. what the whiskers are; wrapped to the width
 */
public record DotWhiskerFigure(String title, List<String> series, List<Panel> panels, Legend legend, String caption) {
    /** The figure's width in pixels. */
    public static final int WIDTH = 1000;

    public DotWhiskerFigure {
        series = List.copyOf(series);
        panels = List.copyOf(panels);
        for (Panel p : panels) {
            for (Row r : p.rows()) {
                if (r.points().size() != series.size()) {
                    throw new IllegalArgumentException("row " + r.label() + " has " + r.points().size()
                            + " points for " + series.size() + " series");
                }
            }
        }
    }

    /**
     * One series' value in a row.
     *
     * @param low the whisker's left end, NaN (or infinite) for no whisker
     * @param filled drawn as a filled dot, else as an open one (what that means the legend says)
     */
    public record Point(double center, double low, double high, boolean filled) {
        public boolean hasWhisker() {
            return Double.isFinite(low) && Double.isFinite(high);
        }

        /** Only a finite centre can be drawn (on a log axis a positive one); otherwise it shows as missing. */
        boolean drawable(Axis.Scale scale) {
            return Double.isFinite(center) && (scale == Axis.Scale.LINEAR || center > 0);
        }
    }

    /** A row: its label and a point per series, null where the series has none. */
    public record Row(String label, List<Point> points) {
        public Row {
            points = Collections.unmodifiableList(new ArrayList<>(points)); // null: missing
        }
    }

    /**
     * A group of rows with one x axis.
     *
     * @param unit appended to the axis' tick labels ("%" for a change)
     * @param reference a value drawn as a vertical line (0 for no change); empty for none
     * @param band half-width of a shaded band around the reference (e.g. a noise floor); 0 for none
     */
    public record Panel(String title, Axis.Scale scale, String unit, OptionalDouble reference, double band,
            List<Row> rows) {
        public Panel {
            Objects.requireNonNull(scale);
            rows = List.copyOf(rows);
        }
    }

    /** The legend's words for a filled dot, an open dot and a missing point; null leaves an entry out. */
    public record Legend(String filled, String open, String missing) {}

    /**
     * A standalone {@code <svg>} element, for a file or inline in HTML; elided labels keep their full
     * text as a tooltip.
     */
    public String svg() {
        DotWhiskerLayout layout = layout();
        return Canvas.svg(layout.width(), layout.height(), new DotWhiskerPainter(this, layout)::paint,
                layout.elided());
    }

    public byte[] png() {
        DotWhiskerLayout layout = layout();
        return Canvas.png(layout.width(), layout.height(), new DotWhiskerPainter(this, layout)::paint);
    }

    public void writePng(Path file) throws IOException {
        Files.write(file, png());
    }

    /** PNG or SVG by the file's extension ({@code .png}, {@code .svg}, any case); replaces the file. */
    public void write(Path file) throws IOException {
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        if (name.endsWith(".svg")) {
            Files.writeString(file, svg());
        } else if (name.endsWith(".png")) {
            writePng(file);
        } else {
            throw new IllegalArgumentException("a figure is written as .png or .svg, not " + file);
        }
    }

    /** Where everything goes. */
    public DotWhiskerLayout layout() {
        return new DotWhiskerLayout(this);
    }
}
