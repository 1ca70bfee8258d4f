package dev.informerbench.plot;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Latency percentile curves, as HdrHistogram plots them: x is the percentile on a scale of
 * 1/(1 - p), one decade per nine (50%, 90%, 99%, 99.9%, ...), so that the tail gets the room;
 * y is the value at that percentile, linear or logarithmic; one line per series.
 *
 * @param valueLabel the y axis' title, with its unit, e.g. "latency (µs)"
 * @param caption the text under the figure; null for none
 */
public record PercentileFigure(String title, String valueLabel, Axis.Scale yScale, List<Curve> curves,
        String caption) {
    public static final int WIDTH = 1000;
    static final int PLOT_HEIGHT = 380;
    static final int MARGIN = 16;
    static final int LEFT = 78;
    /** At least up to 99%; the axis ends at the next nine after the curves' last finite point. */
    static final int MIN_NINES = 2;

    public PercentileFigure {
        curves = List.copyOf(curves);
    }

    /** A point of a curve: the value at or below which {@code percentile} (a fraction, 0 to 1) of the values lie. */
    public record Point(double percentile, double value) {}

    public record Curve(String name, List<Point> points) {
        public Curve {
            points = List.copyOf(points);
        }
    }

    /** Where percentile {@code p} (a fraction) lies on the x axis: log10(1/(1-p)), infinite at 1. */
    public static double nines(double p) {
        return -Math.log10(1 - p);
    }

    /** The x axis' length in nines: the curves' last finite point rounded up, at least {@link #MIN_NINES}. */
    int xNines() {
        double most = curves.stream().flatMap(c -> c.points().stream()).filter(p -> p.percentile() < 1)
                .mapToDouble(p -> nines(p.percentile())).max().orElse(0);
        return Math.max(MIN_NINES, (int) Math.ceil(most - 1e-9));
    }

    /** The x ticks, as percentiles: 0, 50%, 90%, then one more nine up to the axis' end. */
    List<Double> xTicks() {
        List<Double> ticks = new ArrayList<>(List.of(0.0, 0.5));
        for (int n = 1; n <= xNines(); n++) {
            ticks.add(1 - Math.pow(10, -n));
        }
        return ticks;
    }

    /** "99.9%" for 0.999. */
    static String percentLabel(double p) {
        return new BigDecimal(p * 100).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString() + "%";
    }

    /** The y axis over every point's value (from 0 on a linear axis; the smallest positive value on a log one). */
    Axis yAxis() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Curve c : curves) {
            for (Point p : c.points()) {
                if (Double.isFinite(p.value()) && p.value() > 0) {
                    lo = Math.min(lo, p.value());
                    hi = Math.max(hi, p.value());
                }
            }
        }
        if (hi == 0) {
            return yScale == Axis.Scale.LOG ? Axis.log(1, 10, "") : Axis.linear(0, 1, "");
        }
        return yScale == Axis.Scale.LOG ? Axis.log(lo, hi, "") : Axis.linear(0, hi, "");
    }

    private List<String> captionLines() {
        return caption == null ? List.of() : Canvas.wrap(caption, Canvas.SMALL, WIDTH - 2 * MARGIN);
    }

    int plotTop() {
        return MARGIN + 24 + 22;
    }

    int plotBottom() {
        return plotTop() + PLOT_HEIGHT;
    }

    int plotRight() {
        return WIDTH - MARGIN - 24;
    }

    int height() {
        return plotBottom() + 40 + captionLines().size() * 15 + MARGIN;
    }

    /** The pixel x of percentile {@code p}. */
    double x(double p) {
        return LEFT + nines(p) / xNines() * (plotRight() - LEFT);
    }

    public String svg() {
        return Canvas.svg(WIDTH, height(), this::paint, Map.of());
    }

    public byte[] png() {
        return Canvas.png(WIDTH, height(), this::paint);
    }

    public void writePng(Path file) throws IOException {
        Files.write(file, png());
    }

    private void paint(Graphics2D g) {
        g.setFont(Canvas.TITLE);
        g.setColor(Palette.TEXT);
        g.drawString(Canvas.elide(title, Canvas.TITLE, WIDTH - 2 * MARGIN), MARGIN, MARGIN + 15);
        g.setFont(Canvas.LABEL);
        int lx = MARGIN;
        for (int c = 0; c < curves.size(); c++) {
            String name = Canvas.elide(curves.get(c).name(), Canvas.LABEL, WIDTH / 2);
            g.setColor(Palette.series(c));
            g.setStroke(new BasicStroke(2.5f));
            g.draw(new Line2D.Double(lx, MARGIN + 36, lx + 16, MARGIN + 36));
            g.setColor(Palette.TEXT);
            g.drawString(name, lx + 22, MARGIN + 40);
            lx += 22 + Canvas.width(Canvas.LABEL, name) + 20;
        }
        Axis y = yAxis();
        int top = plotTop();
        int bottom = plotBottom();
        g.setStroke(new BasicStroke(1f));
        g.setFont(Canvas.SMALL);
        for (double tick : y.ticks()) {
            double py = y.pixel(tick, bottom, top);
            g.setColor(Palette.GRID);
            g.draw(new Line2D.Double(LEFT, py, plotRight(), py));
            g.setColor(Palette.MUTED);
            String label = y.label(tick);
            g.drawString(label, LEFT - 6 - Canvas.width(Canvas.SMALL, label), (float) py + 4);
        }
        for (double p : xTicks()) {
            double px = x(p);
            g.setColor(Palette.GRID);
            g.draw(new Line2D.Double(px, top, px, bottom));
            g.setColor(Palette.MUTED);
            String label = percentLabel(p);
            g.drawString(label, (float) (px - Canvas.width(Canvas.SMALL, label) / 2.0), bottom + 15);
        }
        g.draw(new Line2D.Double(LEFT, bottom, plotRight(), bottom));
        g.draw(new Line2D.Double(LEFT, top, LEFT, bottom));
        g.setFont(Canvas.LABEL);
        g.drawString("percentile (1/(1-p) scale)", (float) ((LEFT + plotRight()) / 2.0 - 70), bottom + 33);
        // Upright, under the plot's left corner: a rotated label would need a transform, and the SVG
        // writer leaks a child context's transform into everything drawn after it.
        g.drawString(valueLabel, MARGIN, bottom + 33);
        for (int c = 0; c < curves.size(); c++) {
            curve(g, curves.get(c), y, c);
        }
        g.setFont(Canvas.SMALL);
        g.setColor(Palette.MUTED);
        int cy = bottom + 40 + 11;
        for (String line : captionLines()) {
            g.drawString(line, MARGIN, cy);
            cy += 15;
        }
    }

    private void curve(Graphics2D g, Curve curve, Axis y, int index) {
        Path2D.Double line = new Path2D.Double();
        boolean started = false;
        for (Point p : curve.points()) {
            boolean drawable = p.percentile() < 1 && Double.isFinite(p.value())
                    && (yScale == Axis.Scale.LINEAR || p.value() > 0);
            if (!drawable) {
                continue; // the 100% line is at infinity on this scale
            }
            double px = x(p.percentile());
            double py = y.pixel(p.value(), plotBottom(), plotTop());
            if (started) {
                line.lineTo(px, py);
            } else {
                line.moveTo(px, py);
                started = true;
            }
        }
        g.setColor(Palette.series(index));
        g.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(line);
    }
}
