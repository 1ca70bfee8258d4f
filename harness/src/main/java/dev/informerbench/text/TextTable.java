package dev.informerbench.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of text cells under a header, laid out as aligned columns (a terminal, a
 * {@code .summary.txt}, {@code compare}'s text) or as a Markdown pipe table. Every row has
 * the header's number of cells.
 */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();

    public TextTable(String... header) {
        rows.add(header.clone());
    }

    public TextTable row(String... cells) {
        if (cells.length != rows.get(0).length) {
            throw new IllegalArgumentException(cells.length + " cells in a table of " + rows.get(0).length
                    + " columns");
        }
        rows.add(cells.clone());
        return this;
    }

    /** Left-aligned columns two spaces apart, without trailing blanks; a line per row. */
    public String aligned() {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == 0 ? "" : "  ").append(row[i]).append(" ".repeat(width[i] - row[i].length()));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /** A Markdown pipe table: the first {@code leftColumns} columns left-aligned (text), the others right (numbers). */
    public String markdown(int leftColumns) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            StringBuilder line = new StringBuilder("|");
            for (String cell : rows.get(i)) {
                line.append(' ').append(escapeMarkdown(cell)).append(" |");
            }
            out.append(line).append('\n');
            if (i == 0) {
                out.append("|").append("---|".repeat(leftColumns))
                        .append("---:|".repeat(rows.get(0).length - leftColumns)).append('\n');
            }
        }
        return out.toString();
    }

    /** Text for a Markdown table cell or heading: a {@code |} would end the cell. */
    public static String escapeMarkdown(String text) {
        return text.replace("|", "\\|");
    }
}
