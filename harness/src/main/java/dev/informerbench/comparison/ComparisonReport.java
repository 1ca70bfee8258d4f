package dev.informerbench.comparison;

import static dev.informerbench.comparison.ReportNumbers.plain;
import static dev.informerbench.text.TextTable.escapeMarkdown;

import dev.informerbench.text.TextTable;
import dev.informerbench.statistics.ForkStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Comparison} as text (aligned columns, like benchstat), Markdown (for a pull
 * request or an issue) or CSV ({@link ComparisonCsv}). Above the tables: the files and what
 * the cells mean; each table's rows ({@link ReportLines}) end in a geomean row, footnotes say
 * where a row has a caveat (one fork, too few samples, a change under the minimum).
 */
public final class ComparisonReport {
    /** The output formats of {@code compare --format}. */
    public enum Format {
        TEXT, MARKDOWN, CSV;

        public static Format parse(String name) {
            for (Format f : values()) {
                if (f.name().equalsIgnoreCase(name)) {
                    return f;
                }
            }
            throw new IllegalArgumentException("--format must be text, markdown or csv, not '" + name + "'");
        }
    }

    private static final int MAX_COLUMN_LABEL = 24;

    private ComparisonReport() {}

    public static String render(Comparison comparison, Format format) {
        return switch (format) {
            case TEXT -> tables(comparison, false);
            case MARKDOWN -> tables(comparison, true);
            case CSV -> ComparisonCsv.render(comparison);
        };
    }

    private static String tables(Comparison c, boolean markdown) {
        StringBuilder out = new StringBuilder();
        List<String> columns = columnNames(c.sources());
        files(out, c.sources(), columns, markdown);
        out.append("Cells: mean of the forks' means ± ").append(plain(c.confidence() * 100))
                .append("% t-interval, forks being the unit (iterations where a file has one fork). vs base: "
                        + "change of the mean, better/worse where significant. noise: the half-width of the change's ")
                .append(plain((1 - c.alpha()) * 100)).append("% interval with --min-change ")
                .append(plain(c.minChange()))
                .append("% added for the drift between runs, which no interval inside a file holds: a smaller "
                        + "change cannot be told from none, and a ~ row's true change lies within its change ± "
                        + "noise. detects: the change this row's design would call 4 times in 5 (80% power), on the "
                        + "side the change went. ")
                .append(c.paired() ? "p: paired t-test of the rounds' log ratios (the i-th forks of an interleaved "
                        + "run ran in the same round), vs base then their geometric mean; Welch's t on the forks' "
                        + "means where a row's fork counts differ or are under " + ForkStatistics.MIN_ROUNDS
                        : "p: Welch's t-test on the forks' means")
                .append("; n: forks (iterations where a file has one fork).\n");
        if (c.tables().isEmpty()) {
            out.append("\nNo benchmark results in these files.\n");
        }
        for (Table table : c.tables()) {
            out.append('\n');
            table(out, table, columns, markdown);
        }
        List<Row> missing = c.missingRows();
        if (!missing.isEmpty()) {
            out.append('\n').append(missing.size())
                    .append(missing.size() == 1 ? " benchmark row is" : " benchmark rows are")
                    .append(" missing from some files (marked missing above).\n");
        }
        return out.toString();
    }

    /** Which file is the base and which are compared with it, under their column names. */
    private static void files(StringBuilder out, List<Source> sources, List<String> columns, boolean markdown) {
        boolean lettered = !columns.get(0).equals(sources.get(0).label());
        for (int f = 0; f < sources.size(); f++) {
            Source s = sources.get(f);
            String path = s.path().toString();
            if (markdown) {
                out.append("- ").append(lettered ? "**" + columns.get(f) + "**, " : "").append(f == 0 ? "base" : "vs")
                        .append(": `").append(s.label()).append('`')
                        .append(path.equals(s.label()) ? "" : " (`" + path + "`)").append('\n');
            } else {
                out.append(lettered ? columns.get(f) + (f == 0 ? " (base): " : ": ") : f == 0 ? "base: " : "  vs: ")
                        .append(path.equals(s.label()) ? s.label() : s.label() + " (" + path + ")").append('\n');
            }
        }
        if (markdown) {
            out.append('\n');
        }
    }

    private static void table(StringBuilder out, Table table, List<String> columns, boolean markdown) {
        if (table.allZero()) {
            out.append(markdown ? "**" + escapeMarkdown(table.title()) + "**: " : table.title() + ": ")
                    .append("0 in every file (").append(table.rows().size())
                    .append(table.rows().size() == 1 ? " row)" : " rows)").append('\n');
            return;
        }
        out.append(markdown ? "#### " + escapeMarkdown(table.title()) : table.title()).append('\n');
        if (markdown) {
            out.append('\n');
        }
        ReportLines lines = new ReportLines(columns.size());
        TextTable text = new TextTable(ReportLines.header(columns));
        int zeros = 0;
        for (Row row : table.rows()) {
            if (!table.primary() && allZero(row)) {
                zeros++; // e.g. api.get of the cache reads: listed as a count below
                continue;
            }
            text.row(lines.row(row, table.primary()));
        }
        text.row(lines.geomean(table));
        out.append(markdown ? text.markdown(2) : text.aligned());
        if (markdown && lines.hasFootnotes()) {
            out.append('\n');
        }
        lines.appendFootnotes(out, markdown);
        if (zeros > 0) {
            out.append("(").append(zeros).append(zeros == 1 ? " more row" : " more rows")
                    .append(": 0 in every file)").append(markdown ? "  \n" : "\n");
        }
    }

    /**
     * The files' column names: their labels, or A, B, C... (explained above the tables) when
     * a label is too long to head a column, as result file names with time stamps are.
     */
    static List<String> columnNames(List<Source> sources) {
        List<String> names = new ArrayList<>();
        boolean tooLong = sources.stream().anyMatch(s -> s.label().length() > MAX_COLUMN_LABEL);
        for (int f = 0; f < sources.size(); f++) {
            names.add(tooLong ? letters(f) : sources.get(f).label());
        }
        return names;
    }

    private static String letters(int index) {
        String letter = Character.toString('A' + index % 26);
        return index < 26 ? letter : letter + (index / 26);
    }

    /** Every file has the row, and all its values are 0. */
    private static boolean allZero(Row row) {
        return row.cells().stream().allMatch(c -> c.present() && c.samples().allZero());
    }
}
