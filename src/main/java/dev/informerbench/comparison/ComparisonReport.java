package dev.informerbench.comparison;

import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Stationarity;
import dev.informerbench.results.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link Comparison} as text (aligned columns, like benchstat), Markdown (for a pull
 * request or an issue) or CSV (one line per row and file, full precision, for scripts).
 * Each table: benchmark and parameters | per file, mean ± CI | per file after the base,
 * the change against the base, its noise floor and the p-value, {@code ~} where the difference
 * is not significant | a geomean row. Footnotes say where a row has a caveat (one fork, too few
 * samples, a change under the minimum).
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
    private static final String[] SUPERSCRIPTS = {"¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};

    private ComparisonReport() {}

    public static String render(Comparison comparison, Format format) {
        return switch (format) {
            case TEXT -> tables(comparison, false);
            case MARKDOWN -> tables(comparison, true);
            case CSV -> csv(comparison);
        };
    }

    private static String tables(Comparison c, boolean markdown) {
        StringBuilder out = new StringBuilder();
        List<Comparison.Source> sources = c.sources();
        String pct = Comparison.plain(c.confidence() * 100);
        List<String> columns = columnNames(sources);
        boolean lettered = !columns.get(0).equals(sources.get(0).label());
        for (int f = 0; f < sources.size(); f++) {
            String role = f == 0 ? "base" : "vs";
            if (markdown) {
                out.append("- ").append(lettered ? "**" + columns.get(f) + "**, " : "").append(role).append(": `")
                        .append(sources.get(f).label()).append('`')
                        .append(sources.get(f).path().toString().equals(sources.get(f).label()) ? ""
                                : " (`" + sources.get(f).path() + "`)")
                        .append('\n');
            } else {
                out.append(lettered ? columns.get(f) + (f == 0 ? " (base): " : ": ") : f == 0 ? "base: " : "  vs: ")
                        .append(describe(sources.get(f))).append('\n');
            }
        }
        if (markdown) {
            out.append('\n');
        }
        out.append("Cells: mean of the forks' means ± ").append(pct)
                .append("% t-interval, forks being the unit (iterations where a file has one fork). vs base: "
                        + "change of the mean, better/worse where significant. noise: the half-width of the change's ")
                .append(Comparison.plain((1 - c.alpha()) * 100)).append("% interval with --min-change ")
                .append(Comparison.plain(c.minChange()))
                .append("% added for the drift between runs, which no interval inside a file holds: a smaller "
                        + "change cannot be told from none, and a ~ row's true change lies within its change ± "
                        + "noise. p: Welch's t-test on the forks' means; n: forks (iterations where a file has one fork).\n");

        if (c.tables().isEmpty()) {
            out.append("\nNo benchmark results in these files.\n");
        }
        for (Comparison.Table table : c.tables()) {
            out.append('\n');
            if (table.allZero()) {
                out.append(markdown ? "**" + esc(table.title()) + "**: " : table.title() + ": ")
                        .append("0 in every file (").append(table.rows().size()).append(table.rows().size() == 1
                                ? " row)" : " rows)").append('\n');
                continue;
            }
            out.append(markdown ? "#### " + esc(table.title()) : table.title()).append('\n');
            if (markdown) {
                out.append('\n');
            }
            Footnotes notes = new Footnotes();
            List<String[]> rows = new ArrayList<>();
            rows.add(header(columns));
            int zeros = 0;
            for (Comparison.Row row : table.rows()) {
                if (!table.primary() && allZero(row)) {
                    zeros++; // e.g. api.get of the cache reads: listed as a count below
                    continue;
                }
                rows.add(line(row, table.primary(), sources.size(), notes));
            }
            rows.add(geomeanLine(table, sources.size(), notes));
            out.append(markdown ? markdownTable(rows) : RunSummary.table(rows));
            if (markdown && !notes.isEmpty()) {
                out.append('\n');
            }
            notes.appendTo(out, markdown);
            if (zeros > 0) {
                out.append("(").append(zeros).append(zeros == 1 ? " more row" : " more rows")
                        .append(": 0 in every file)").append(markdown ? "  \n" : "\n");
            }
        }
        List<Comparison.Row> missing = c.missingRows();
        if (!missing.isEmpty()) {
            out.append('\n').append(missing.size()).append(missing.size() == 1 ? " benchmark row is" : " benchmark rows are")
                    .append(" missing from some files (marked missing above).\n");
        }
        return out.toString();
    }

    private static String describe(Comparison.Source s) {
        String path = s.path().toString();
        return path.equals(s.label()) ? s.label() : s.label() + " (" + path + ")";
    }

    /**
     * The files' column names: their labels, or A, B, C... (explained above the tables) when
     * a label is too long to head a column, as result file names with time stamps are.
     */
    static List<String> columnNames(List<Comparison.Source> sources) {
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
    private static boolean allZero(Comparison.Row row) {
        return row.cells().stream().allMatch(c -> c.present() && c.samples().allZero());
    }

    private static String[] header(List<String> columns) {
        List<String> h = new ArrayList<>(List.of("benchmark", "params"));
        for (int f = 0; f < columns.size(); f++) {
            h.add(columns.get(f));
            if (f > 0) {
                h.add("vs base");
                h.add("noise");
                h.add("p");
            }
        }
        return h.toArray(String[]::new);
    }

    private static String[] line(Comparison.Row row, boolean primary, int files, Footnotes notes) {
        List<String> l = new ArrayList<>(List.of(row.name(), row.params().isEmpty() ? "-" : row.params()));
        for (int f = 0; f < files; f++) {
            l.add(cell(row.cells().get(f), primary, notes));
            if (f > 0) {
                Comparison.Delta d = row.delta(f);
                l.add(d == null ? "-" : change(d));
                l.add(d == null ? "-" : noise(d));
                l.add(d == null ? "-" : significance(d, notes));
            }
        }
        return l.toArray(String[]::new);
    }

    /** Mean ± interval; a score whose measured iterations trend or step gets a footnote saying so. */
    private static String cell(Comparison.Cell cell, boolean primary, Footnotes notes) {
        if (!cell.present()) {
            return cell.missing();
        }
        if (cell.n() == 0) {
            return "NaN" + notes.mark("no finite score");
        }
        ForkStatistics.Interval ci = cell.ci();
        // Scores only: secondary metrics (request counts, heap) are not meant to be steady per iteration.
        Stationarity.Result steadiness = primary ? cell.steadiness() : null;
        String unsteady = steadiness != null && steadiness.flagged()
                ? notes.mark("unsteady: " + steadiness.description()) : "";
        if (!ci.bounded()) {
            return number(ci.estimate()) + " ± ∞" + notes.mark("need >= 2 samples for a confidence interval")
                    + unsteady;
        }
        double half = ci.halfWidthPercent();
        if (Double.isInfinite(half)) {
            return number(ci.estimate()) + " ± " + number(ci.halfWidth()) + unsteady;
        }
        return number(ci.estimate()) + " ± " + percentWidth(half) + unsteady;
    }

    private static String change(Comparison.Delta d) {
        String change = percent(d.changePercent());
        return switch (d.verdict()) {
            case BETTER -> change + " better";
            case WORSE -> change + " worse";
            default -> change;
        };
    }

    /** The noise floor: "±4.2%", "±∞" where there is no interval. */
    private static String noise(Comparison.Delta d) {
        if (d.verdict() == Comparison.Verdict.NOT_COMPARED) {
            return "-";
        }
        return Double.isInfinite(d.noiseFloorPercent()) ? "±∞" : "±" + percentWidth(d.noiseFloorPercent());
    }

    private static String significance(Comparison.Delta d, Footnotes notes) {
        if (d.verdict() == Comparison.Verdict.NOT_COMPARED) {
            return "no samples";
        }
        String p = Double.isNaN(d.pValue()) ? String.format(Locale.ROOT, "n=%d+%d", d.baseN(), d.n())
                : String.format(Locale.ROOT, "p=%.3f n=%d+%d", d.pValue(), d.baseN(), d.n());
        if (d.pValue() < 0.001) {
            p = String.format(Locale.ROOT, "p<0.001 n=%d+%d", d.baseN(), d.n());
        }
        return (d.significant() ? "" : "~ ") + p + (d.note() == null ? "" : notes.mark(d.note()));
    }

    private static String[] geomeanLine(Comparison.Table table, int files, Footnotes notes) {
        Comparison.Geomean g = table.geomean();
        List<String> l = new ArrayList<>(List.of("geomean", ""));
        String allNote = g.rowsInAll() < table.rows().size() && g.rowsInAll() > 0
                ? notes.mark("geomean of the means over the " + g.rowsInAll() + " of " + table.rows().size()
                        + " rows every file has with a mean above 0")
                : "";
        for (int f = 0; f < files; f++) {
            double m = g.means().get(f);
            l.add(Double.isNaN(m) ? "-" : number(m) + allNote);
            if (f > 0) {
                double change = g.changePercents().get(f - 1);
                int compared = g.rowsCompared().get(f - 1);
                String note = compared < table.rows().size() && compared > 0
                        ? notes.mark("change over the " + compared + " of " + table.rows().size()
                                + " rows both files have with a mean above 0")
                        : "";
                l.add(Double.isNaN(change) ? "-" : percent(change) + note);
                l.add("");
                l.add("");
            }
        }
        return l.toArray(String[]::new);
    }

    private static String markdownTable(List<String[]> rows) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            StringBuilder line = new StringBuilder("|");
            for (String cell : rows.get(i)) {
                line.append(' ').append(esc(cell)).append(" |");
            }
            out.append(line).append('\n');
            if (i == 0) {
                out.append("|---|---|").append("---:|".repeat(rows.get(0).length - 2)).append('\n');
            }
        }
        return out.toString();
    }

    private static String esc(String s) {
        return s.replace("|", "\\|");
    }

    /** Numbered notes below a table; the same text gets the same number. */
    private static final class Footnotes {
        private final Map<String, Integer> numbers = new LinkedHashMap<>();

        String mark(String note) {
            int n = numbers.computeIfAbsent(note, k -> numbers.size() + 1);
            return n <= SUPERSCRIPTS.length ? SUPERSCRIPTS[n - 1] : "[" + n + "]";
        }

        boolean isEmpty() {
            return numbers.isEmpty();
        }

        void appendTo(StringBuilder out, boolean markdown) {
            numbers.forEach((note, n) -> out.append(n <= SUPERSCRIPTS.length ? SUPERSCRIPTS[n - 1] : "[" + n + "]")
                    .append(' ').append(note).append(markdown ? "  \n" : "\n"));
        }
    }

    // ---- CSV ----

    private static String csv(Comparison c) {
        StringBuilder out = new StringBuilder();
        csvLine(out, "table", "metric", "mode", "unit", "direction", "benchmark", "params", "file", "n", "samples",
                "mean", "ci_low", "ci_high", "ci_bounded", "change_pct", "noise_floor_pct", "p_value", "verdict",
                "note", "unsteady");
        List<Comparison.Source> sources = c.sources();
        int index = 0;
        for (Comparison.Table t : c.tables()) {
            index++;
            String direction = switch (t.direction()) {
                case HIGHER_IS_BETTER -> "higher";
                case LOWER_IS_BETTER -> "lower";
                case UNKNOWN -> "unknown";
            };
            for (Comparison.Row row : t.rows()) {
                for (int f = 0; f < sources.size(); f++) {
                    Comparison.Cell cell = row.cells().get(f);
                    Comparison.Delta d = f == 0 ? null : row.delta(f);
                    String verdict = f == 0 ? "base" : d == null ? "" : verdict(d.verdict());
                    String note = !cell.present() ? cell.missing() : d != null && d.note() != null ? d.note() : "";
                    ForkStatistics.Interval ci = cell.present() ? cell.ci() : null;
                    Stationarity.Result steadiness = t.primary() && cell.present() ? cell.steadiness() : null;
                    csvLine(out, Integer.toString(index), t.metric(), t.mode(), t.unit(), direction, row.benchmark(),
                            row.params(), sources.get(f).label(), cell.present() ? Integer.toString(cell.n()) : "",
                            cell.present() ? cell.samples().kind().label() : "", ci == null ? "" : raw(ci.estimate()),
                            ci == null || !ci.bounded() ? "" : raw(ci.low()), ci == null || !ci.bounded() ? "" : raw(ci.high()),
                            ci == null ? "" : Boolean.toString(ci.bounded()), d == null ? "" : raw(d.changePercent()),
                            d == null ? "" : raw(d.noiseFloorPercent()), d == null ? "" : raw(d.pValue()), verdict, note,
                            steadiness != null && steadiness.flagged() ? steadiness.description() : "");
                }
            }
            Comparison.Geomean g = t.geomean();
            for (int f = 0; f < sources.size(); f++) {
                csvLine(out, Integer.toString(index), t.metric(), t.mode(), t.unit(), direction, "geomean", "",
                        sources.get(f).label(), "", "", raw(g.means().get(f)), "", "", "",
                        f == 0 ? "" : raw(g.changePercents().get(f - 1)), "", "", f == 0 ? "base" : "", "", "");
            }
        }
        return out.toString();
    }

    private static String verdict(Comparison.Verdict v) {
        return switch (v) {
            case BETTER -> "better";
            case WORSE -> "worse";
            case CHANGED -> "changed";
            case NO_DIFFERENCE -> "~";
            case NOT_COMPARED -> "not compared";
        };
    }

    private static void csvLine(StringBuilder out, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            String f = fields[i];
            if (f.contains(",") || f.contains("\"") || f.contains("\n") || f.contains("\r")) {
                f = '"' + f.replace("\"", "\"\"") + '"';
            }
            out.append(i == 0 ? "" : ",").append(f);
        }
        out.append('\n');
    }

    private static String raw(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    // ---- numbers ----

    /** About four significant digits, with thousands separators for large values. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    static String percent(double change) {
        if (Double.isNaN(change)) {
            return "?";
        }
        if (Double.isInfinite(change)) {
            return change > 0 ? "+∞%" : "-∞%";
        }
        if (change == 0) {
            return "0.00%";
        }
        return String.format(Locale.ROOT, "%+.2f%%", change);
    }

    private static String percentWidth(double half) {
        return half < 1 && half > 0 ? String.format(Locale.ROOT, "%.1f%%", half) : String.format(Locale.ROOT, "%.0f%%", half);
    }
}
