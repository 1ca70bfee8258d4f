package dev.informerbench.comparison;

import dev.informerbench.statistics.ForkStatistics;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

/**
 * The primary scores of a {@link Comparison} as grouped bars: one group per benchmark and
 * parameter set, one bar per file, with the confidence interval of the mean as error bar.
 * Benchmarks have different units (ns/op beside ops/s), so each row is normalised to the
 * base's mean = 100%; a row the base lacks is normalised to the first file that has it.
 * PNG or SVG by the file's extension; drawn headless.
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

    /** Writes the chart to {@code file} (replaced if it exists). */
    public static void write(Comparison comparison, Path file) throws IOException {
        Format format = formatOf(file);
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // before the first AWT class: no display needed
        }
        CategoryChart chart = chart(comparison);
        try (OutputStream out = Files.newOutputStream(file)) {
            if (format == Format.PNG) {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            } else {
                VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            }
        }
    }

    static CategoryChart chart(Comparison comparison) {
        List<Source> sources = comparison.sources();
        List<String> categories = new ArrayList<>();
        List<List<Double>> values = new ArrayList<>();
        List<List<Double>> errors = new ArrayList<>();
        for (int f = 0; f < sources.size(); f++) {
            values.add(new ArrayList<>());
            errors.add(new ArrayList<>());
        }
        for (Table table : comparison.primaryTables()) {
            for (Row row : table.rows()) {
                int reference = referenceFile(row);
                double base = reference < 0 ? Double.NaN : row.cells().get(reference).center();
                String label = row.label() + " [" + (table.mode().isEmpty() ? table.unit() : table.mode()) + "]"
                        + (reference > 0 ? " (vs " + sources.get(reference).label() + ")" : "");
                categories.add(label);
                for (int f = 0; f < sources.size(); f++) {
                    Cell cell = row.cells().get(f);
                    boolean drawable = cell.present() && cell.n() > 0 && base != 0 && Double.isFinite(base);
                    // Missing: a bar of height 0 (XChart cannot leave a gap next to error bars).
                    values.get(f).add(drawable ? 100 * cell.center() / Math.abs(base) : 0.0);
                    errors.get(f).add(drawable ? 100 * errorBar(cell) / Math.abs(base) : 0.0);
                }
            }
        }
        int groups = Math.max(1, categories.size());
        int width = Math.max(900, 140 + groups * (sources.size() * 24 + 36));
        int longest = categories.stream().mapToInt(String::length).max().orElse(10);
        // Room for the plot (about 450 px) below the title and for the slanted labels under it.
        int height = 600 + Math.min(800, (int) (longest * 7.5));
        String pct = ReportNumbers.plain(comparison.confidence() * 100);
        CategoryChart chart = new CategoryChartBuilder().width(width).height(height)
                // Short enough for the narrowest chart: the rest of the legend is in the axis title.
                .title("Mean score, % of " + sources.get(0).label() + " (= 100%)")
                .xAxisTitle("benchmark [thrpt: higher is better; avgt, sample, ss: lower]   error bars: " + pct
                        + "% CI of the mean over forks (min..max with a single sample); no bar: missing")
                .yAxisTitle("% of base mean").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        // Upright labels: XChart centres a label's box on its tick, which only lines up when the box is narrow.
        chart.getStyler().setXAxisLabelRotation(groups > 4 ? 90 : 0);
        chart.getStyler().setXAxisLabelAlignmentVertical(AxesChartStyler.TextAlignment.Right); // ends at the axis
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#0.#'%'");
        chart.getStyler().setAvailableSpaceFill(0.85);
        chart.getStyler().setErrorBarsColorSeriesColor(false);
        if (categories.isEmpty()) {
            categories.add("no benchmarks");
            for (int f = 0; f < sources.size(); f++) {
                values.get(f).add(0.0);
                errors.get(f).add(0.0);
            }
        }
        Set<String> names = new HashSet<>();
        for (int f = 0; f < sources.size(); f++) {
            String name = sources.get(f).label();
            while (!names.add(name)) {
                name = name + " (" + (f + 1) + ")"; // XChart refuses two series of one name
            }
            chart.addSeries(name, categories, values.get(f), errors.get(f));
        }
        chart.addAnnotation(new AnnotationLine(100, false, false));
        return chart;
    }

    /**
     * The larger side of the mean's confidence interval; where there are too few samples
     * for one, the larger distance from the mean to the smallest or largest sample.
     */
    static double errorBar(Cell cell) {
        ForkStatistics.Interval ci = cell.ci();
        if (ci.bounded()) {
            return ci.halfWidth();
        }
        double[] sorted = cell.samples().sorted();
        return Math.max(ci.estimate() - sorted[0], sorted[sorted.length - 1] - ci.estimate());
    }

    /** The base if it has the row with samples, else the first file that does; -1 if none. */
    private static int referenceFile(Row row) {
        for (int f = 0; f < row.cells().size(); f++) {
            Cell cell = row.cells().get(f);
            if (cell.present() && cell.n() > 0 && cell.center() != 0) {
                return f;
            }
        }
        return -1;
    }
}
