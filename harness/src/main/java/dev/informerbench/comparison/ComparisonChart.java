package dev.informerbench.comparison;

import dev.informerbench.plot.Axis;
import dev.informerbench.plot.DotWhiskerFigure;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * The primary scores of a {@link Comparison} as a dot-and-whisker figure: a panel per benchmark
 * class and mode, a row per method and parameter set, and for each file after the base a dot at
 * its change against the base in percent with whiskers ± the row's noise floor, exactly as the
 * text reports them ({@link Delta}): a whisker that crosses 0 is a ~ row, a filled dot a
 * significant change. The shaded band is ± min-change. Rows the base or the file lack are
 * dashes. Secondary metrics are left out, as from the geomeans.
 */
public final class ComparisonChart {
    /** Chart image formats, by file extension. */
    public enum Format { PNG, SVG }

    private ComparisonChart() {}

    /** The format for a file name ending in .png or .svg (any case). */
    public static Format formatOf(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".png")) {
            return Format.PNG;
        }
        if (name.endsWith(".svg")) {
            return Format.SVG;
        }
        throw new IllegalArgumentException("--chart must name a .png or .svg file, not " + file);
    }

    /** Writes the chart to {@code file} (replaced if it exists), PNG or SVG by its extension. */
    public static void write(Comparison comparison, Path file) throws IOException {
        formatOf(file);
        figure(comparison).write(file);
    }

    /** The figure: one series per file after the base. */
    public static DotWhiskerFigure figure(Comparison c) {
        return figure(c, row -> true);
    }

    /** The figure of the rows {@code shown} (e.g. one family's, for a section of the report). */
    public static DotWhiskerFigure figure(Comparison c, Predicate<Row> shown) {
        List<Source> sources = c.sources();
        List<String> series = sources.subList(1, sources.size()).stream().map(Source::label).toList();
        List<DotWhiskerFigure.Panel> panels = new ArrayList<>();
        for (Table table : c.primaryTables()) {
            Map<String, List<Row>> byClass = new LinkedHashMap<>();
            for (Row row : table.rows().stream().filter(shown).toList()) {
                byClass.computeIfAbsent(className(row.name()), k -> new ArrayList<>()).add(row);
            }
            byClass.forEach((cls, rows) -> panels.add(panel(cls, table, rows, sources.size(), c.minChange())));
        }
        String interval = ReportNumbers.plain((1 - c.alpha()) * 100) + "%";
        String minChange = ReportNumbers.plain(c.minChange()) + "%";
        String title = "Change of the mean score vs " + sources.get(0).label() + " (the base, 0%), " + interval
                + " intervals with --min-change " + minChange;
        String caption = "Dot: the change of a file's mean score (the mean of its forks' means) against the base's, "
                + "in percent of the base's. Whiskers: ± the row's noise floor as compare reports it, the half-width "
                + "of the change's " + interval + " interval with --min-change " + minChange + " added for the drift "
                + "between runs; a whisker across 0 is a ~ row (no change can be told). Grey band: ± " + minChange
                + ", the least change that can ever be told. Each panel says which direction is better.";
        DotWhiskerFigure.Legend legend = new DotWhiskerFigure.Legend("significant change", "~ (within the noise)",
                "missing in the base or the file");
        return new DotWhiskerFigure(title, series, panels, legend, caption);
    }

    private static DotWhiskerFigure.Panel panel(String cls, Table table, List<Row> rows, int files, double minChange) {
        List<Row> sorted = rows.stream().sorted(Comparator.comparing((Row r) -> method(r.name()))
                .thenComparing(Row::params, ComparisonChart::compareParams)).toList();
        List<DotWhiskerFigure.Row> chartRows = new ArrayList<>();
        for (Row row : sorted) {
            List<DotWhiskerFigure.Point> points = new ArrayList<>();
            for (int f = 1; f < files; f++) {
                points.add(point(row.delta(f)));
            }
            chartRows.add(new DotWhiskerFigure.Row(method(row.name()) + (row.params().isEmpty() ? "" : " "
                    + row.params()), points));
        }
        String what = (table.mode().isEmpty() ? "" : table.mode() + ", ") + (table.unit().isEmpty() ? "no unit"
                : table.unit());
        String better = switch (table.direction()) {
            case HIGHER_IS_BETTER -> "higher is better: right of 0 is faster";
            case LOWER_IS_BETTER -> "lower is better: left of 0 is faster";
            case UNKNOWN -> "no better direction";
        };
        return new DotWhiskerFigure.Panel(cls + " (" + what + "; " + better + ")", Axis.Scale.LINEAR, "%",
                OptionalDouble.of(0), minChange, chartRows);
    }

    /**
     * The change with its whiskers ± the noise floor; null (a dash) where a side is missing or the
     * change is not finite.
     */
    static DotWhiskerFigure.Point point(Delta d) {
        if (d == null || !Double.isFinite(d.changePercent())) {
            return null;
        }
        double noise = d.noiseFloorPercent();
        double low = Double.isFinite(noise) ? d.changePercent() - noise : Double.NaN;
        double high = Double.isFinite(noise) ? d.changePercent() + noise : Double.NaN;
        return new DotWhiskerFigure.Point(d.changePercent(), low, high, d.significant());
    }

    /** "ListerGetBenchmark" of "ListerGetBenchmark.lister_t1"; a name without a class is its own. */
    static String className(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    private static String method(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Parameters in order, numbers by value: objects=1000 before objects=10000 before objects=200 would mislead. */
    static int compareParams(String a, String b) {
        String[] x = a.split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        String[] y = b.split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            boolean numbers = x[i].chars().allMatch(Character::isDigit) && y[i].chars().allMatch(Character::isDigit)
                    && !x[i].isEmpty() && !y[i].isEmpty();
            int c = numbers ? new BigInteger(x[i]).compareTo(new BigInteger(y[i]))
                    : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }
}
