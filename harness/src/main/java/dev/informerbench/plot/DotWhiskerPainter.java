package dev.informerbench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/** Draws a {@link DotWhiskerFigure} where its {@link DotWhiskerLayout} says. */
final class DotWhiskerPainter {
    private static final double DOT = 7;
    private static final BasicStroke THIN = new BasicStroke(1f);
    private static final BasicStroke WHISKER = new BasicStroke(1.6f);

    private final DotWhiskerFigure figure;
    private final DotWhiskerLayout layout;

    DotWhiskerPainter(DotWhiskerFigure figure, DotWhiskerLayout layout) {
        this.figure = figure;
        this.layout = layout;
    }

    void paint(Graphics2D g) {
        g.setColor(Palette.TEXT);
        g.setFont(Canvas.TITLE);
        int y = layout.titleTop() + 15;
        for (String line : layout.titleLines()) {
            g.drawString(line, DotWhiskerLayout.MARGIN, y);
            y += 20;
        }
        g.setFont(Canvas.LABEL);
        for (DotWhiskerLayout.LegendItem item : layout.legend()) {
            marker(g, item.marker(), item.colour(), item.x() + 6, item.y() - 4);
            g.setColor(Palette.TEXT);
            g.drawString(item.text(), item.x() + 16, item.y());
        }
        for (int p = 0; p < figure.panels().size(); p++) {
            panel(g, figure.panels().get(p), layout.panels().get(p));
        }
        g.setFont(Canvas.SMALL);
        g.setColor(Palette.MUTED);
        y = layout.captionTop() + 11;
        for (String line : layout.captionLines()) {
            g.drawString(line, DotWhiskerLayout.MARGIN, y);
            y += DotWhiskerLayout.CAPTION_LINE;
        }
    }

    private void panel(Graphics2D g, DotWhiskerFigure.Panel panel, DotWhiskerLayout.PanelBox box) {
        int left = layout.plotLeft();
        int right = layout.plotRight();
        Axis axis = box.axis();
        g.setFont(Canvas.HEADING);
        g.setColor(Palette.TEXT);
        g.drawString(Canvas.elide(panel.title(), Canvas.HEADING, layout.width() - 2 * DotWhiskerLayout.MARGIN),
                DotWhiskerLayout.MARGIN, box.headingY());
        int h = layout.rowHeight();
        for (int r = 0; r < panel.rows().size(); r += 2) { // every other row shaded: the eye follows a row across
            g.setColor(Palette.ZEBRA);
            g.fill(new Rectangle2D.Double(DotWhiskerLayout.MARGIN, box.rowsTop() + r * h,
                    right - DotWhiskerLayout.MARGIN, h));
        }
        if (panel.reference().isPresent() && panel.band() > 0) {
            double ref = panel.reference().getAsDouble();
            boolean log = panel.scale() == Axis.Scale.LOG;
            double x1 = axis.pixel(log ? ref / (1 + panel.band() / 100) : ref - panel.band(), left, right);
            double x2 = axis.pixel(log ? ref * (1 + panel.band() / 100) : ref + panel.band(), left, right);
            g.setColor(Palette.BAND);
            g.fill(new Rectangle2D.Double(x1, box.rowsTop(), x2 - x1, box.rowsBottom() - box.rowsTop()));
        }
        g.setStroke(THIN);
        g.setFont(Canvas.SMALL);
        for (double tick : axis.ticks()) {
            double x = axis.pixel(tick, left, right);
            g.setColor(Palette.GRID);
            g.draw(new Line2D.Double(x, box.rowsTop(), x, box.rowsBottom()));
            g.setColor(Palette.MUTED);
            g.draw(new Line2D.Double(x, box.rowsBottom(), x, box.rowsBottom() + 3));
            String label = axis.label(tick);
            g.drawString(label, (float) (x - Canvas.width(Canvas.SMALL, label) / 2.0), box.rowsBottom() + 15);
        }
        g.setColor(Palette.MUTED);
        g.draw(new Line2D.Double(left, box.rowsBottom(), right, box.rowsBottom()));
        if (panel.reference().isPresent()) {
            double x = axis.pixel(panel.reference().getAsDouble(), left, right);
            g.setColor(Palette.REFERENCE);
            g.setStroke(new BasicStroke(1.2f));
            g.draw(new Line2D.Double(x, box.rowsTop(), x, box.rowsBottom()));
        }
        for (int r = 0; r < panel.rows().size(); r++) {
            row(g, panel, panel.rows().get(r), box.labels().get(r), box.rowCentres().get(r), axis);
        }
    }

    private void row(Graphics2D g, DotWhiskerFigure.Panel panel, DotWhiskerFigure.Row row, String label, int centre,
            Axis axis) {
        int left = layout.plotLeft();
        int right = layout.plotRight();
        g.setFont(Canvas.LABEL);
        g.setColor(Palette.TEXT);
        g.drawString(label, DotWhiskerLayout.MARGIN + 4, centre + 4);
        List<DotWhiskerFigure.Point> points = row.points();
        for (int s = 0; s < points.size(); s++) {
            DotWhiskerFigure.Point point = points.get(s);
            double y = centre + layout.dodge(s, points.size());
            Color colour = Palette.series(s);
            if (point == null || !point.drawable(panel.scale())) {
                marker(g, DotWhiskerLayout.Marker.DASH, colour, left + 8, y);
                continue;
            }
            if (point.hasWhisker()) {
                double lo = Math.max(left, axis.pixel(clamp(point.low(), panel, axis), left, right));
                double hi = Math.min(right, axis.pixel(point.high(), left, right));
                g.setColor(colour);
                g.setStroke(WHISKER);
                g.draw(new Line2D.Double(lo, y, hi, y));
                g.draw(new Line2D.Double(lo, y - 3, lo, y + 3));
                g.draw(new Line2D.Double(hi, y - 3, hi, y + 3));
            }
            marker(g, point.filled() ? DotWhiskerLayout.Marker.FILLED : DotWhiskerLayout.Marker.OPEN, colour,
                    axis.pixel(point.center(), left, right), y);
        }
    }

    /** A whisker reaching to 0 or below on a log axis ends at the axis' left edge. */
    private static double clamp(double low, DotWhiskerFigure.Panel panel, Axis axis) {
        return panel.scale() == Axis.Scale.LOG && low <= 0 ? axis.min() : low;
    }

    /** A dot (filled, or open on white), or a short dash for a missing point, centred on x, y. */
    static void marker(Graphics2D g, DotWhiskerLayout.Marker marker, Color colour, double x, double y) {
        g.setStroke(new BasicStroke(1.6f));
        Ellipse2D dot = new Ellipse2D.Double(x - DOT / 2, y - DOT / 2, DOT, DOT);
        switch (marker) {
            case FILLED -> {
                g.setColor(colour);
                g.fill(dot);
            }
            case OPEN -> {
                g.setColor(Color.WHITE);
                g.fill(dot);
                g.setColor(colour);
                g.draw(dot);
            }
            case DASH -> {
                g.setColor(colour);
                g.draw(new Line2D.Double(x - 5, y, x + 5, y));
            }
        }
    }
}
