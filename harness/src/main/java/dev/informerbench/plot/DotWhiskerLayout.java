package dev.informerbench.plot;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The positions of a {@link DotWhiskerFigure}, in pixels from the top left: the title, the
 * legend, each panel's heading, rows and axis, the caption. Labels are measured with the
 * figure's fonts, and those too long for the label column (at most 40% of the width) elided.
 */
public final class DotWhiskerLayout {
    static final int MARGIN = 16;
    static final int MIN_ROW_HEIGHT = 22;
    /** Vertical distance between the dots of neighbouring series in one row. */
    static final int DODGE = 6;
    static final int HEADING_HEIGHT = 22;
    static final int AXIS_HEIGHT = 20;
    static final int PANEL_GAP = 14;
    static final int LEGEND_LINE = 18;
    static final int CAPTION_LINE = 15;

    /** A legend entry: a marker (a series colour, a filled or open dot, or a dash) and its text, at x on line y. */
    public record LegendItem(int x, int y, Color colour, Marker marker, String text) {}

    public enum Marker { FILLED, OPEN, DASH }

    /**
     * A panel's place: its heading's baseline, the rows' band from {@code rowsTop} to
     * {@code rowsBottom}, each row's centre line, and its x axis (tick labels below the rows).
     */
    public record PanelBox(int headingY, int rowsTop, int rowsBottom, List<Integer> rowCentres, Axis axis,
            List<String> labels) {}

    private final int width;
    private final int rowHeight;
    private final int labelWidth;
    private final List<String> titleLines;
    private final int titleTop;
    private final List<LegendItem> legend = new ArrayList<>();
    private final List<PanelBox> panels = new ArrayList<>();
    private final List<String> captionLines;
    private final int captionTop;
    private final int height;
    private final Map<String, String> elided = new LinkedHashMap<>();

    DotWhiskerLayout(DotWhiskerFigure figure) {
        width = DotWhiskerFigure.WIDTH;
        int inner = width - 2 * MARGIN;
        rowHeight = rowHeight(figure.series().size());
        int longest = figure.panels().stream().flatMap(p -> p.rows().stream())
                .mapToInt(r -> Canvas.width(Canvas.LABEL, r.label())).max().orElse(0);
        labelWidth = Math.min(longest + 10, inner * 2 / 5);
        int y = MARGIN;
        titleTop = y;
        titleLines = Canvas.wrap(figure.title(), Canvas.TITLE, inner);
        y += titleLines.size() * 20 + 6;
        y = legend(figure, y, inner);
        for (DotWhiskerFigure.Panel p : figure.panels()) {
            y = panel(p, y);
        }
        captionTop = y;
        captionLines = figure.caption() == null ? List.of() : Canvas.wrap(figure.caption(), Canvas.SMALL, inner);
        height = y + captionLines.size() * CAPTION_LINE + MARGIN;
    }

    /** A row holds every series' dot a dodge apart, and never less than {@link #MIN_ROW_HEIGHT}. */
    static int rowHeight(int series) {
        return Math.max(MIN_ROW_HEIGHT, 12 + DODGE * series);
    }

    private int legend(DotWhiskerFigure figure, int y, int inner) {
        List<LegendItem> items = new ArrayList<>();
        for (int s = 0; s < figure.series().size(); s++) {
            items.add(new LegendItem(0, 0, Palette.series(s), Marker.FILLED,
                    elide(figure.series().get(s), Canvas.LABEL, inner / 2)));
        }
        DotWhiskerFigure.Legend words = figure.legend();
        if (words != null) {
            addIf(items, words.filled(), Marker.FILLED);
            addIf(items, words.open(), Marker.OPEN);
            addIf(items, words.missing(), Marker.DASH);
        }
        int x = MARGIN;
        int line = y + 12;
        for (LegendItem item : items) {
            // Room for a browser whose sans-serif runs wider than the font measured here.
            int w = 16 + (int) Math.ceil(Canvas.width(Canvas.LABEL, item.text()) * 1.1) + 22;
            if (x > MARGIN && x + w > MARGIN + inner) {
                x = MARGIN;
                line += LEGEND_LINE;
            }
            legend.add(new LegendItem(x, line, item.colour(), item.marker(), item.text()));
            x += w;
        }
        return items.isEmpty() ? y : line + LEGEND_LINE;
    }

    private static void addIf(List<LegendItem> items, String text, Marker marker) {
        if (text != null) {
            items.add(new LegendItem(0, 0, Palette.MUTED, marker, text));
        }
    }

    private int panel(DotWhiskerFigure.Panel p, int y) {
        int headingY = y + 15;
        int rowsTop = y + HEADING_HEIGHT;
        List<Integer> centres = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int r = 0; r < p.rows().size(); r++) {
            centres.add(rowsTop + r * rowHeight + rowHeight / 2);
            labels.add(elide(p.rows().get(r).label(), Canvas.LABEL, labelWidth - 10));
        }
        int rowsBottom = rowsTop + p.rows().size() * rowHeight;
        panels.add(new PanelBox(headingY, rowsTop, rowsBottom, List.copyOf(centres), axis(p), List.copyOf(labels)));
        return rowsBottom + AXIS_HEIGHT + PANEL_GAP;
    }

    /** The panel's values, its reference and band, rounded out to ticks. */
    static Axis axis(DotWhiskerFigure.Panel p) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        boolean log = p.scale() == Axis.Scale.LOG;
        List<Double> values = new ArrayList<>();
        for (DotWhiskerFigure.Row r : p.rows()) {
            for (DotWhiskerFigure.Point point : r.points()) {
                if (point != null && point.drawable(p.scale())) {
                    values.add(point.center());
                    if (point.hasWhisker()) {
                        values.add(point.low());
                        values.add(point.high());
                    }
                }
            }
        }
        if (p.reference().isPresent()) {
            double ref = p.reference().getAsDouble();
            values.add(ref);
            if (p.band() > 0) {
                values.add(log ? ref / (1 + p.band() / 100) : ref - p.band());
                values.add(log ? ref * (1 + p.band() / 100) : ref + p.band());
            }
        }
        for (double v : values) {
            if (Double.isFinite(v) && (!log || v > 0)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (lo > hi) { // nothing to draw
            return log ? Axis.log(1, 10, p.unit()) : Axis.linear(-1, 1, p.unit());
        }
        return Axis.of(p.scale(), lo, hi, p.unit());
    }

    private String elide(String text, Font font, int max) {
        String shown = Canvas.elide(text, font, max);
        if (!shown.equals(text)) {
            elided.put(shown, text);
        }
        return shown;
    }

    /** Series {@code s}'s offset from its row's centre line: the series spread evenly, the first on top. */
    public int dodge(int s, int series) {
        return (int) Math.round((s - (series - 1) / 2.0) * DODGE);
    }

    public int plotLeft() {
        return MARGIN + labelWidth + 8;
    }

    public int plotRight() {
        return width - MARGIN - 14; // half a tick label of room at the right end
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public int rowHeight() {
        return rowHeight;
    }

    public List<String> titleLines() {
        return titleLines;
    }

    public int titleTop() {
        return titleTop;
    }

    public List<LegendItem> legend() {
        return legend;
    }

    public List<PanelBox> panels() {
        return panels;
    }

    public List<String> captionLines() {
        return captionLines;
    }

    public int captionTop() {
        return captionTop;
    }

    /** Each text shown elided, to its full text. */
    public Map<String, String> elided() {
        return elided;
    }
}
