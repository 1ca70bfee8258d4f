package dev.informerbench.results;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Turns the forks' {@code .hlog} files into {@code .hgrm} tables and percentile summaries. */
public final class LatencyFiles {
    private LatencyFiles() {}

    /** The percentiles a run summary shows, in microseconds. */
    public record Percentiles(String name, long count, double p50, double p90, double p99, double p999, double max) {
        static Percentiles of(String name, Histogram h) {
            return new Percentiles(name, h.getTotalCount(), us(h.getValueAtPercentile(50)),
                    us(h.getValueAtPercentile(90)), us(h.getValueAtPercentile(99)),
                    us(h.getValueAtPercentile(99.9)), us(h.getMaxValue()));
        }

        private static double us(long nanos) {
            return nanos / 1000.0;
        }
    }

    /** Every histogram in one .hlog, added together. */
    public static Histogram merge(Path hlog) {
        Histogram total = new Histogram(3);
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                total.add((Histogram) h);
            }
            reader.close();
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
        return total;
    }

    /**
     * For each {@code <name>.hlog} in {@code dir}: writes {@code <prefix><name>.hgrm} into
     * {@code target} (microseconds) and returns the percentiles.
     */
    public static List<Percentiles> publish(Path dir, Path target, String prefix) {
        List<Percentiles> all = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return all;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path hlog : files.filter(f -> f.toString().endsWith(".hlog")).sorted().toList()) {
                String name = hlog.getFileName().toString().replaceFirst("\\.hlog$", "");
                Histogram h = merge(hlog);
                if (h.getTotalCount() == 0) {
                    continue;
                }
                Path hgrm = target.resolve(prefix + name + ".hgrm");
                try (PrintStream out = new PrintStream(Files.newOutputStream(hgrm), true)) {
                    h.outputPercentileDistribution(out, 1000.0); // in microseconds
                }
                all.add(Percentiles.of(name, h));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return all;
    }
}
