package dev.informerbench.export;

import dev.informerbench.results.JmhJson.Entry;
import dev.informerbench.results.JmhJson.Metric;
import dev.informerbench.statistics.Samples;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;

/** A row of an exported file with its name in the export ({@link ExportNames}). */
record ExportRow(ExportInput input, Entry entry, String name, String suffix) {
    /** Every row of every file, file after file, in the files' order. */
    static List<ExportRow> of(List<ExportInput> inputs) {
        List<ExportRow> rows = new ArrayList<>();
        for (ExportInput input : inputs) {
            List<String> names = ExportNames.of(input.entries());
            String suffix = ExportNames.fileSuffix(input, inputs.size());
            for (int i = 0; i < names.size(); i++) {
                rows.add(new ExportRow(input, input.entries().get(i), names.get(i), suffix));
            }
        }
        return rows;
    }

    String primaryName() {
        return name + suffix;
    }

    /** "forks × iterations" behind a metric, e.g. {@code 3 × 5}; empty where the file has no raw data. */
    static String runs(Metric m) {
        Samples s = m.samples();
        if (s.kind() == Samples.Kind.SCORE) {
            return "";
        }
        List<double[]> forks = s.iterationForks();
        IntSummaryStatistics iterations = forks.stream().mapToInt(f -> f.length).summaryStatistics();
        return forks.size() + " × " + iterations(iterations);
    }

    static String forks(Metric m) {
        return m.samples().kind() == Samples.Kind.SCORE ? "" : Integer.toString(m.samples().iterationForks().size());
    }

    static String iterations(Metric m) {
        if (m.samples().kind() == Samples.Kind.SCORE) {
            return "";
        }
        return iterations(m.samples().iterationForks().stream().mapToInt(f -> f.length).summaryStatistics());
    }

    private static String iterations(IntSummaryStatistics s) {
        return s.getMin() == s.getMax() ? Integer.toString(s.getMin()) : s.getMin() + "-" + s.getMax();
    }

    /** A number as Java writes a double (full precision, parsed by JSON and JavaScript alike); empty for NaN. */
    static String number(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }
}
