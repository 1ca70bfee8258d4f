package dev.informerbench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/**
 * Draws a {@link LineFigure} where its {@link LineLayout} says. A line's style is a dash
 * pattern and a marker shape: solid with circles, dashed with squares, dotted with triangles,
 * dash-dotted with diamonds (then again).
 */
final class LinePainter {
    private static final double MARK = 7;
    private static final float[][] DASHES = {null, {7f, 4f}, {2f, 3f}, {8f, 3f, 2f, 3f}};
    private static final BasicStroke THIN = new BasicStroke(1f);
    private static final BasicStroke WHISKER = new BasicStroke(1.2f);

    private final LineFigure figure;
    private final LineLayout layout;

    LinePainter(LineFigure figure, LineLayout layout) {
        this.figure = figure;
        this.layout = layout;
    }

    void paint(Graphics2D g) {
        g.setColor(Palette.TEXT);
        g.setFont(Canvas.TITLE);
        int y = LineLayout.MARGIN + 15;
        for (String line : layout.titleLines()) {
            g.drawString(line, LineLayout.MARGIN, y);
            y += 20;
        }
        g.setFont(Canvas.LABEL);
        for (LineLayout.LegendItem item : layout.legend()) {
            legendItem(g, item);
        }
        Axis x = figure.xAxis();
        Axis yAxis = figure.yAxis();
        yTicks(g, yAxis);
        for (int p = 0; p < figure.panels().size(); p++) {
            panel(g, figure.panels().get(p), layout.panels().get(p), x, yAxis);
        }
        int bottom = layout.plotBottom();
        g.setFont(Canvas.LABEL);
        g.setColor(Palette.MUTED);
        int left = LineLayout.LEFT;
        int right = layout.panels().isEmpty() ? left : layout.panels().get(layout.panels().size() - 1).right();
        g.drawString(figure.xLabel(), (float) ((left + right - Canvas.width(Canvas.LABEL, figure.xLabel())) / 2.0),
                bottom + 33);
        // Upright, under the plot's left corner, as PercentileFigure has it: the SVG writer leaks a rotation.
        g.drawString(figure.yLabel(), LineLayout.MARGIN, bottom + 33);
        if (layout.missingY() > 0) {
            g.setFont(Canvas.SMALL);
            g.drawString("missing:", LineLayout.MARGIN, layout.missingY() + 4);
        }
        g.setFont(Canvas.SMALL);
        g.setColor(Palette.MUTED);
        y = layout.captionTop() + 11;
        for (String line : layout.captionLines()) {
            g.drawString(line, LineLayout.MARGIN, y);
            y += LineLayout.CAPTION_LINE;
        }
    }

    private void legendItem(Graphics2D g, LineLayout.LegendItem item) {
        double my = item.y() - 4;
        if (item.marker() == LineLayout.Marker.LINE) {
            LineFigure.Line line = figure.lines().get(item.line());
            Color colour = Palette.series(line.colour());
            g.setColor(colour);
            g.setStroke(stroke(line.style()));
            g.draw(new Line2D.Double(item.x(), my, item.x() + LineLayout.SAMPLE, my));
            marker(g, line.style(), colour, true, item.x() + LineLayout.SAMPLE / 2.0, my);
            g.setColor(Palette.TEXT);
            g.drawString(item.text(), item.x() + LineLayout.SAMPLE + 8, item.y());
            return;
        }
        switch (item.marker()) {
            case FILLED -> marker(g, 0, Palette.MUTED, true, item.x() + 6, my);
            case OPEN -> marker(g, 0, Palette.MUTED, false, item.x() + 6, my);
            default -> cross(g, Palette.MUTED, item.x() + 6, my);
        }
        g.setColor(Palette.TEXT);
        g.drawString(item.text(), item.x() + 16, item.y());
    }

    /** The y grid across all panels, its labels left of the first. */
    private void yTicks(Graphics2D g, Axis y) {
        int top = layout.plotTop();
        int bottom = layout.plotBottom();
        g.setFont(Canvas.SMALL);
        g.setStroke(THIN);
        for (double tick : y.ticks()) {
            double py = y.pixel(tick, bottom, top);
            g.setColor(Palette.GRID);
            for (LineLayout.PanelBox box : layout.panels()) {
                g.draw(new Line2D.Double(box.left(), py, box.right(), py));
            }
            g.setColor(Palette.MUTED);
            String label = y.label(tick);
            g.drawString(label, LineLayout.LEFT - 6 - Canvas.width(Canvas.SMALL, label), (float) py + 4);
        }
    }

    private void panel(Graphics2D g, LineFigure.Panel panel, LineLayout.PanelBox box, Axis x, Axis y) {
        int top = layout.plotTop();
        int bottom = layout.plotBottom();
        g.setFont(Canvas.HEADING);
        g.setColor(Palette.TEXT);
        g.drawString(Canvas.elide(panel.title(), Canvas.HEADING, box.right() - box.left()), box.left(), box.headingY());
        g.setFont(Canvas.SMALL);
        g.setStroke(THIN);
        for (double tick : x.ticks()) {
            double px = x.pixel(tick, box.left(), box.right());
            g.setColor(Palette.GRID);
            g.draw(new Line2D.Double(px, top, px, bottom));
            g.setColor(Palette.MUTED);
            String label = figure.xTickLabel(x, tick);
            g.drawString(label, (float) (px - Canvas.width(Canvas.SMALL, label) / 2.0), bottom + 15);
        }
        g.setColor(Palette.MUTED);
        g.draw(new Line2D.Double(box.left(), bottom, box.right(), bottom));
        g.draw(new Line2D.Double(box.left(), top, box.left(), bottom));
        int lines = figure.lines().size();
        for (int l = 0; l < lines; l++) {
            series(g, figure.lines().get(l), panel.series().get(l), l, box, x, y);
        }
    }

    /** A line's segments between neighbouring drawn points (a missing point breaks it), whiskers, markers, ×s. */
    private void series(Graphics2D g, LineFigure.Line line, List<LineFigure.Point> points, int index,
            LineLayout.PanelBox box, Axis x, Axis y) {
        int lines = figure.lines().size();
        double dx = LineLayout.dodge(index, lines);
        Color colour = Palette.series(line.colour());
        int top = layout.plotTop();
        int bottom = layout.plotBottom();
        Path2D.Double path = new Path2D.Double();
        boolean open = false;
        for (LineFigure.Point p : points) {
            if (!p.drawable(figure.yScale())) {
                open = false;
                continue;
            }
            double px = x.pixel(p.x(), box.left(), box.right()) + dx;
            double py = y.pixel(p.center(), bottom, top);
            if (open) {
                path.lineTo(px, py);
            } else {
                path.moveTo(px, py);
                open = true;
            }
        }
        g.setColor(colour);
        g.setStroke(stroke(line.style()));
        g.draw(path);
        for (LineFigure.Point p : points) {
            double px = x.pixel(p.x(), box.left(), box.right()) + dx;
            if (p.isMissing()) {
                if (layout.missingY() > 0) {
                    double spread = LineLayout.dodge(index, lines) / LineLayout.DODGE * LineLayout.MISSING_DODGE;
                    cross(g, colour, px - dx + spread, layout.missingY());
                }
                continue;
            }
            if (!p.drawable(figure.yScale())) {
                continue;
            }
            if (p.hasWhisker()) {
                whisker(g, colour, px, p, y);
            }
            marker(g, line.style(), colour, p.filled(), px, y.pixel(p.center(), bottom, top));
        }
    }

    /** From low to high, capped at each end inside the plot; an end beyond its edge stops there, open. */
    private void whisker(Graphics2D g, Color colour, double px, LineFigure.Point p, Axis y) {
        int top = layout.plotTop();
        int bottom = layout.plotBottom();
        boolean lowInside = !(figure.yScale() == Axis.Scale.LOG && p.low() <= 0) && y.contains(p.low());
        boolean highInside = y.contains(p.high());
        double lo = lowInside ? y.pixel(p.low(), bottom, top) : p.low() > y.max() ? top : bottom;
        double hi = highInside ? y.pixel(p.high(), bottom, top) : p.high() < y.min() ? bottom : top;
        g.setColor(colour);
        g.setStroke(WHISKER);
        g.draw(new Line2D.Double(px, lo, px, hi));
        if (lowInside) {
            g.draw(new Line2D.Double(px - 2.5, lo, px + 2.5, lo));
        }
        if (highInside) {
            g.draw(new Line2D.Double(px - 2.5, hi, px + 2.5, hi));
        }
    }

    static BasicStroke stroke(int style) {
        float[] dash = DASHES[Math.floorMod(style, DASHES.length)];
        return dash == null ? new BasicStroke(1.8f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    /** The style's marker, filled or open on white, centred on x, y. */
    static void marker(Graphics2D g, int style, Color colour, boolean filled, double x, double y) {
        double r = MARK / 2;
        Shape shape = switch (Math.floorMod(style, DASHES.length)) {
            case 0 -> new Ellipse2D.Double(x - r, y - r, MARK, MARK);
            case 1 -> new Rectangle2D.Double(x - r + 0.5, y - r + 0.5, MARK - 1, MARK - 1);
            case 2 -> polygon(x, y - r - 0.5, x + r + 0.5, y + r, x - r - 0.5, y + r);
            default -> polygon(x, y - r - 0.5, x + r + 0.5, y, x, y + r + 0.5, x - r - 0.5, y);
        };
        g.setStroke(new BasicStroke(1.4f));
        g.setColor(filled ? colour : Color.WHITE);
        g.fill(shape);
        g.setColor(colour);
        g.draw(shape);
    }

    private static Shape polygon(double... xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            p.lineTo(xy[i], xy[i + 1]);
        }
        p.closePath();
        return p;
    }

    /** A missing point's ×. */
    static void cross(Graphics2D g, Color colour, double x, double y) {
        g.setColor(colour);
        g.setStroke(new BasicStroke(1.6f));
        g.draw(new Line2D.Double(x - 3.5, y - 3.5, x + 3.5, y + 3.5));
        g.draw(new Line2D.Double(x - 3.5, y + 3.5, x + 3.5, y - 3.5));
    }
}
