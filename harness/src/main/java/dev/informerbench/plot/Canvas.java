package dev.informerbench.plot;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Where a figure is drawn: one painting, given as a {@code Graphics2D} consumer, becomes a
 * PNG (a raster image) or an SVG element (VectorGraphics2D records the calls). Also the fonts
 * and the text fitting both share, measured once on a scratch image so that a layout is the
 * same for both outputs.
 */
final class Canvas {
    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // before the first AWT class: no display needed
        }
    }

    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font HEADING = new Font(Font.SANS_SERIF, Font.BOLD, 13);
    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final String ELLIPSIS = "…";
    private static final Pattern FONT_FAMILY = Pattern.compile("font-family:(&quot;[^;]*?&quot;);");
    private static final Graphics2D SCRATCH = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();

    private Canvas() {}

    static synchronized FontMetrics metrics(Font font) {
        return SCRATCH.getFontMetrics(font);
    }

    static int width(Font font, String text) {
        return metrics(font).stringWidth(text);
    }

    /** {@code text} cut at the end with … so that it fits in {@code max} pixels; unchanged if it fits. */
    static String elide(String text, Font font, int max) {
        FontMetrics fm = metrics(font);
        if (fm.stringWidth(text) <= max) {
            return text;
        }
        int end = text.length();
        while (end > 0 && fm.stringWidth(text.substring(0, end) + ELLIPSIS) > max) {
            end--;
        }
        return text.substring(0, end).stripTrailing() + ELLIPSIS;
    }

    /** {@code text} broken at spaces into lines of at most {@code max} pixels (a longer word gets a line alone). */
    static List<String> wrap(String text, Font font, int max) {
        FontMetrics fm = metrics(font);
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && fm.stringWidth(line + " " + word) > max) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** The painting as a PNG on white. */
    static byte[] png(int width, int height, Consumer<Graphics2D> painter) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            background(g, width, height);
            painter.accept(g);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * The painting as one {@code <svg>} element, without the XML prolog, so that it can stand in
     * an HTML page as it is. {@code titles} maps a text drawn elided to its full text, which the
     * element then carries as a tooltip.
     */
    static String svg(int width, int height, Consumer<Graphics2D> painter, Map<String, String> titles) {
        VectorGraphics2D g = new VectorGraphics2D();
        background(g, width, height);
        painter.accept(g);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, width, height)).writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String svg = out.toString(StandardCharsets.UTF_8);
        svg = svg.substring(svg.indexOf("<svg"));
        // The font the PNG was measured with may not be where the SVG is shown: fall back to a sans-serif.
        svg = FONT_FAMILY.matcher(svg).replaceAll(Matcher.quoteReplacement("font-family:") + "$1,sans-serif;");
        for (Map.Entry<String, String> t : titles.entrySet()) {
            String shown = ">" + xml(t.getKey()) + "</text>";
            svg = svg.replace(shown, "><title>" + xml(t.getValue()) + "</title>" + xml(t.getKey()) + "</text>");
        }
        return svg.strip() + "\n";
    }

    private static void background(Graphics2D g, int width, int height) {
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
    }

    static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
