package dev.informerbench.plot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Lines against a quantity on a log x axis (1, 10, 100, 1000), in panels side by side that share
 * one y axis, so that a panel reads against its neighbour. Each line has a colour and a style (a
 * dash pattern and a marker shape), so that lines of two dimensions (a colour per client, a style
 * per approach) are told apart. A point is a dot at its centre with whiskers from low to high; a
 * missing one breaks its line and is marked by an × at its x in a strip under the axis, never
 * drawn as a value. The x ticks are the points' x values.
 *
 * @param xLabel the x axis' title, e.g. "controllers N (log scale)"
 * @param yLabel the y axis' title with its unit
 * @param lines the lines' names and looks, in the order of each panel's series
 * @param legend the words for a filled dot, an open dot and a missing point (an entry null: not shown)
 * @param caption the text under the figure; null for none
 * @param categories the x axis' names when it is not a quantity (versions in order): point x = 1 is
 *     the first, drawn evenly spaced on a linear axis; empty for a quantity on a log axis
 */
public record LineFigure(String title, String xLabel, String yLabel, Axis.Scale yScale, List<Line> lines,
        List<Panel> panels, DotWhiskerFigure.Legend legend, String caption, List<String> categories) {
    public static final int WIDTH = 1000;
    /** How far beyond the centres a log y axis reaches for whisker ends: a factor of this. */
    static final double LOG_REACH = 5;

    public LineFigure {
        Objects.requireNonNull(yScale);
        categories = List.copyOf(categories);
        lines = List.copyOf(lines);
        panels = List.copyOf(panels);
        for (Panel p : panels) {
            if (p.series().size() != lines.size()) {
                throw new IllegalArgumentException("panel " + p.title() + " has " + p.series().size()
                        + " series for " + lines.size() + " lines");
            }
        }
    }

    /** Against a quantity (N controllers): a log x axis. */
    public LineFigure(String title, String xLabel, String yLabel, Axis.Scale yScale, List<Line> lines,
            List<Panel> panels, DotWhiskerFigure.Legend legend, String caption) {
        this(title, xLabel, yLabel, yScale, lines, panels, legend, caption, List.of());
    }

    /** A line's name (for the legend) and look: {@code colour} and {@code style} index the palette and the styles. */
    public record Line(String name, int colour, int style) {}

    /**
     * A line's value at {@code x} (positive): centre and whisker ends ({@code low} NaN for none),
     * or missing (centre NaN).
     *
     * @param filled drawn as a filled marker, else as an open one (what that means the legend says)
     */
    public record Point(double x, double center, double low, double high, boolean filled) {
        public static Point missing(double x) {
            return new Point(x, Double.NaN, Double.NaN, Double.NaN, false);
        }

        public boolean isMissing() {
            return Double.isNaN(center);
        }

        public boolean hasWhisker() {
            return Double.isFinite(low) && Double.isFinite(high);
        }

        /** Drawn on the y axis: a finite centre, on a log axis a positive one. */
        boolean drawable(Axis.Scale scale) {
            return Double.isFinite(center) && (scale == Axis.Scale.LINEAR || center > 0);
        }
    }

    /** A panel: its title and each line's points, in the lines' order (an empty list where a line has none). */
    public record Panel(String title, List<List<Point>> series) {
        public Panel {
            series = series.stream().map(s -> s.stream().sorted((a, b) -> Double.compare(a.x(), b.x())).toList())
                    .toList();
        }
    }

    /** The distinct x values of every point, ascending: the x axis' ticks. */
    List<Double> xValues() {
        TreeSet<Double> xs = new TreeSet<>();
        panels.forEach(p -> p.series().forEach(s -> s.forEach(pt -> {
            if (pt.x() > 0 && Double.isFinite(pt.x())) {
                xs.add(pt.x());
            }
        })));
        return new ArrayList<>(xs);
    }

    /** A log axis from half a step below the smallest x to half a step above the largest, ticked at the x values. */
    Axis xAxis() {
        if (!categories.isEmpty()) { // evenly spaced, half a step of room at each end
            List<Double> ticks = new ArrayList<>();
            for (int i = 1; i <= categories.size(); i++) {
                ticks.add((double) i);
            }
            return new Axis(Axis.Scale.LINEAR, 0.5, categories.size() + 0.5, ticks, "");
        }
        List<Double> xs = xValues();
        if (xs.isEmpty()) {
            return Axis.log(1, 10, "");
        }
        double lo = xs.get(0);
        double hi = xs.get(xs.size() - 1);
        double pad = hi > lo ? Math.pow(hi / lo, 0.12) : 2;
        return new Axis(Axis.Scale.LOG, lo / pad, hi * pad, xs, "");
    }

    /** A tick's label on the x axis: its category's name, or the number. */
    String xTickLabel(Axis x, double tick) {
        int i = (int) Math.round(tick) - 1;
        return categories.isEmpty() || i < 0 || i >= categories.size() ? x.label(tick) : categories.get(i);
    }

    /**
     * One y axis for all panels: every drawable centre, and the whisker ends near them: on a log
     * axis within a factor of {@value #LOG_REACH} of the centres, on a linear one within their
     * span (at least a tenth of the largest). A wider interval (two forks give wide ones) runs
     * to the plot's edge, open there, rather than squash the lines into a band.
     */
    Axis yAxis() {
        boolean log = yScale == Axis.Scale.LOG;
        List<Point> drawn = panels.stream().flatMap(p -> p.series().stream()).flatMap(List::stream)
                .filter(pt -> pt.drawable(yScale)).toList();
        if (drawn.isEmpty()) { // nothing to draw
            return log ? Axis.log(1, 10, "") : Axis.linear(0, 1, "");
        }
        double lo = drawn.stream().mapToDouble(Point::center).min().orElseThrow();
        double hi = drawn.stream().mapToDouble(Point::center).max().orElseThrow();
        double reach = Math.max(hi - lo, Math.max(Math.abs(lo), Math.abs(hi)) / 10);
        double floor = log ? lo / LOG_REACH : lo - reach;
        double ceiling = log ? hi * LOG_REACH : hi + reach;
        for (Point pt : drawn) {
            if (pt.hasWhisker()) {
                if (!log || pt.low() > 0) {
                    lo = Math.min(lo, Math.max(floor, pt.low()));
                }
                hi = Math.max(hi, Math.min(ceiling, pt.high()));
            }
        }
        return Axis.of(yScale, lo, hi, "");
    }

    /** Whether any point is missing: then the figure has its strip of × under the axis. */
    boolean anyMissing() {
        return panels.stream().anyMatch(p -> p.series().stream().anyMatch(s -> s.stream().anyMatch(Point::isMissing)));
    }

    /** A standalone {@code <svg>} element, for a file or inline in HTML. */
    public String svg() {
        LineLayout layout = layout();
        return Canvas.svg(WIDTH, layout.height(), new LinePainter(this, layout)::paint, layout.elided());
    }

    public byte[] png() {
        LineLayout layout = layout();
        return Canvas.png(WIDTH, layout.height(), new LinePainter(this, layout)::paint);
    }

    public void writePng(Path file) throws IOException {
        Files.write(file, png());
    }

    /** Where everything goes. */
    LineLayout layout() {
        return new LineLayout(this);
    }
}
