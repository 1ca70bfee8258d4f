package dev.informerbench.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code .hgrm} file read back: HdrHistogram's percentile distribution as
 * {@code Histogram.outputPercentileDistribution} prints it (and {@link LatencyFiles} writes it,
 * in microseconds): a header line, one line per step of Value, Percentile (a fraction),
 * TotalCount and 1/(1-Percentile) (left out on the last line, where it is infinite), then
 * {@code #[Mean = ..., StdDeviation = ...]}, {@code #[Max = ..., Total count = ...]} and
 * {@code #[Buckets ...]}. The CSV form (commas, no footer) reads too.
 *
 * @param points the steps in the file's order: percentiles rising, the last at 1
 * @param mean NaN when the file has no footer
 */
public record Hgrm(List<Point> points, double mean, double max, long totalCount) {
    private static final Pattern FOOTER = Pattern.compile("(\\w[\\w ]*?)\\s*=\\s*([-+0-9.eE]+|NaN|Infinity)");

    /** One step: the value at or below which {@code percentile} (0 to 1) of the recorded values lie. */
    public record Point(double value, double percentile, long totalCount) {}

    public Hgrm {
        points = List.copyOf(points);
    }

    public static Hgrm read(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** The file's text; an IllegalArgumentException names the first line that is none of the above. */
    public static Hgrm parse(String text) {
        List<Point> points = new ArrayList<>();
        double mean = Double.NaN;
        double max = Double.NaN;
        long total = -1;
        String[] lines = text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("Value") || line.startsWith("\"Value")) { // a header, plain or CSV
                continue;
            }
            if (line.startsWith("#")) {
                Matcher m = FOOTER.matcher(line);
                while (m.find()) {
                    switch (m.group(1)) {
                        case "Mean" -> mean = Double.parseDouble(m.group(2));
                        case "Max" -> max = Double.parseDouble(m.group(2));
                        case "Total count" -> total = (long) Double.parseDouble(m.group(2));
                        default -> { } // StdDeviation, Buckets, SubBuckets: not needed for a curve
                    }
                }
                continue;
            }
            String[] columns = line.split("\\s*,\\s*|\\s+"); // columns by spaces, or by commas in the CSV form
            if (columns.length < 3 || columns.length > 4) {
                throw new IllegalArgumentException("line " + (i + 1) + " is not Value Percentile TotalCount "
                        + "[1/(1-Percentile)]: " + line);
            }
            try {
                double percentile = Double.parseDouble(columns[1]);
                if (!(percentile >= 0 && percentile <= 1)) {
                    throw new IllegalArgumentException("line " + (i + 1) + ": percentile " + columns[1]
                            + " is not between 0 and 1");
                }
                points.add(new Point(Double.parseDouble(columns[0]), percentile, Long.parseLong(columns[2])));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " has a column that is not a number: " + line);
            }
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no percentile lines (not an HdrHistogram .hgrm file?)");
        }
        if (total < 0) {
            total = points.get(points.size() - 1).totalCount();
        }
        if (Double.isNaN(max)) {
            max = points.get(points.size() - 1).value();
        }
        return new Hgrm(points, mean, max, total);
    }
}
