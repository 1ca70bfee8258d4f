package dev.informerbench.report;

import java.util.Locale;

/** Text into HTML: escaping and the few elements the page is made of. */
final class Html {
    private final StringBuilder out = new StringBuilder();

    static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** An id usable in a link: letters, digits and dashes. */
    static String anchor(String text) {
        return text.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "").toLowerCase(Locale.ROOT);
    }

    /** Markup as given: already HTML (an element built here, or an SVG). */
    Html raw(String markup) {
        out.append(markup);
        return this;
    }

    Html text(String text) {
        out.append(escape(text));
        return this;
    }

    /** {@code <tag>escaped text</tag>}, with optional attributes already formed ({@code class="x"}). */
    Html element(String tag, String attributes, String text) {
        open(tag, attributes);
        text(text);
        return close(tag);
    }

    Html open(String tag, String attributes) {
        out.append('<').append(tag);
        if (attributes != null && !attributes.isEmpty()) {
            out.append(' ').append(attributes);
        }
        out.append('>');
        return this;
    }

    Html close(String tag) {
        out.append("</").append(tag).append(">\n");
        return this;
    }

    /** A table row of escaped cells; the first is a header cell when {@code headed}. */
    Html row(boolean headed, String... cells) {
        open("tr", "");
        for (int i = 0; i < cells.length; i++) {
            element(headed && i == 0 ? "th" : "td", "", cells[i]);
        }
        return close("tr");
    }

    /** A header row. */
    Html headerRow(String... cells) {
        open("tr", "");
        for (String cell : cells) {
            element("th", "", cell);
        }
        return close("tr");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
