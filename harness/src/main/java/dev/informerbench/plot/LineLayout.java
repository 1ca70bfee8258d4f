package dev.informerbench.plot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The positions of a {@link LineFigure}, in pixels from the top left: the title, the legend (a
 * grid whose rows start where the lines' styles start again, so that lines listed client by client,
 * approach by approach read as a table), the panels
 * side by side over one plot band, the axis titles, the strip of missing points and the caption.
 */
final class LineLayout {
    static final int MARGIN = 16;
    /** Room for the y tick labels left of the first panel. */
    static final int LEFT = MARGIN + 52;
    static final int PANEL_GAP = 28;
    static final int PLOT_HEIGHT = 300;
    static final int LEGEND_LINE = 18;
    static final int CAPTION_LINE = 15;
    /** The length of a line's sample in the legend. */
    static final int SAMPLE = 30;
    /** Horizontal distance between neighbouring lines' points at one x: their whiskers do not cover each other. */
    static final double DODGE = 3.5;

    /** Horizontal distance between neighbouring lines' × in the strip of missing points: an × is 7 pixels wide. */
    static final double MISSING_DODGE = 9;

    /** A legend entry at x on line y: a line's sample (line index), or a marker of the legend's words (line -1). */
    record LegendItem(int x, int y, int line, Marker marker, String text) {}

    enum Marker { LINE, FILLED, OPEN, MISSING }

    /** A panel's place: its heading's baseline and its plot's left and right edges. */
    record PanelBox(int headingY, int left, int right) {}

    private final List<String> titleLines;
    private final List<LegendItem> legend = new ArrayList<>();
    private final List<PanelBox> panels = new ArrayList<>();
    private final int plotTop;
    private final int plotBottom;
    private final int missingY;
    private final List<String> captionLines;
    private final int captionTop;
    private final int height;
    private final Map<String, String> elided = new LinkedHashMap<>();

    LineLayout(LineFigure figure) {
        int inner = LineFigure.WIDTH - 2 * MARGIN;
        int y = MARGIN;
        titleLines = Canvas.wrap(figure.title(), Canvas.TITLE, inner);
        y += titleLines.size() * 20 + 6;
        y = legend(figure, y, inner);
        int headingY = y + 15;
        plotTop = y + 24;
        plotBottom = plotTop + PLOT_HEIGHT;
        int n = Math.max(1, figure.panels().size());
        int right = LineFigure.WIDTH - MARGIN - 8;
        double width = (right - LEFT - PANEL_GAP * (n - 1)) / (double) n;
        for (int p = 0; p < figure.panels().size(); p++) {
            int left = (int) Math.round(LEFT + p * (width + PANEL_GAP));
            panels.add(new PanelBox(headingY, left, (int) Math.round(left + width)));
        }
        y = plotBottom + 40; // tick labels, then the axes' titles
        missingY = figure.anyMissing() ? y + 12 : -1;
        y += figure.anyMissing() ? 22 : 0;
        captionTop = y;
        captionLines = figure.caption() == null ? List.of() : Canvas.wrap(figure.caption(), Canvas.SMALL, inner);
        height = y + captionLines.size() * CAPTION_LINE + MARGIN;
    }

    private int legend(LineFigure figure, int y, int inner) {
        List<LegendItem> items = new ArrayList<>();
        for (int l = 0; l < figure.lines().size(); l++) {
            items.add(new LegendItem(0, 0, l, Marker.LINE, elide(figure.lines().get(l).name(), inner / 2)));
        }
        List<LegendItem> words = new ArrayList<>();
        DotWhiskerFigure.Legend w = figure.legend();
        if (w != null) {
            addIf(words, w.filled(), Marker.FILLED);
            addIf(words, w.open(), Marker.OPEN);
            if (figure.anyMissing()) {
                addIf(words, w.missing(), Marker.MISSING);
            }
        }
        // Room for a browser whose sans-serif runs wider than the font measured here.
        int column = items.stream().mapToInt(i -> SAMPLE + 8 + (int) Math.ceil(Canvas.width(Canvas.LABEL, i.text())
                * 1.1) + 20).max().orElse(inner);
        int columns = Math.max(1, inner / column);
        int line = y + 12;
        int col = 0;
        for (int i = 0; i < items.size(); i++) {
            // A style that does not follow on from the previous line's starts a group (a client): a new row.
            boolean group = i > 0 && figure.lines().get(i).style() <= figure.lines().get(i - 1).style();
            if (i > 0 && (col == columns || group)) {
                line += LEGEND_LINE;
                col = 0;
            }
            LegendItem item = items.get(i);
            legend.add(new LegendItem(MARGIN + col * column, line, item.line(), item.marker(), item.text()));
            col++;
        }
        int x = MARGIN;
        if (!items.isEmpty() && !words.isEmpty()) {
            line += LEGEND_LINE;
        }
        for (LegendItem item : words) {
            legend.add(new LegendItem(x, line, -1, item.marker(), item.text()));
            x += 16 + (int) Math.ceil(Canvas.width(Canvas.LABEL, item.text()) * 1.1) + 22;
        }
        return items.isEmpty() && words.isEmpty() ? y : line + LEGEND_LINE;
    }

    private static void addIf(List<LegendItem> items, String text, Marker marker) {
        if (text != null) {
            items.add(new LegendItem(0, 0, -1, marker, text));
        }
    }

    private String elide(String text, int max) {
        String shown = Canvas.elide(text, Canvas.LABEL, max);
        if (!shown.equals(text)) {
            elided.put(shown, text);
        }
        return shown;
    }

    /** Line {@code l}'s offset from its points' x: the lines spread evenly around it, the first on the left. */
    static double dodge(int l, int lines) {
        return (l - (lines - 1) / 2.0) * DODGE;
    }

    List<String> titleLines() {
        return titleLines;
    }

    List<LegendItem> legend() {
        return legend;
    }

    List<PanelBox> panels() {
        return panels;
    }

    int plotTop() {
        return plotTop;
    }

    int plotBottom() {
        return plotBottom;
    }

    /** The baseline of the strip of missing points; -1 when none is missing. */
    int missingY() {
        return missingY;
    }

    List<String> captionLines() {
        return captionLines;
    }

    int captionTop() {
        return captionTop;
    }

    int height() {
        return height;
    }

    /** Each text shown elided, to its full text. */
    Map<String, String> elided() {
        return elided;
    }
}
