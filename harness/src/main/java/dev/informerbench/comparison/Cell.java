package dev.informerbench.comparison;

import dev.informerbench.results.JmhJson;
import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Samples;
import dev.informerbench.statistics.Stationarity;
import java.util.List;

/**
 * One file's value in a row: its samples in the table's unit and their mean with its
 * confidence interval, or, when {@code missing} is set, why the file has none.
 */
public record Cell(Samples samples, ForkStatistics.Interval ci, String missing) {
    /** No value: {@code why} is shown instead ("missing": no row; "not recorded": a row without the metric). */
    public static Cell absent(String why) {
        return new Cell(null, null, why);
    }

    /** A metric in the table's unit, with an interval of its mean; absent if the units do not convert. */
    public static Cell of(JmhJson.Metric metric, String unit, double confidence) {
        double factor = Units.factor(metric.unit(), unit);
        if (Double.isNaN(factor)) {
            return absent("in " + (metric.unit().isEmpty() ? "no unit" : metric.unit()));
        }
        Samples samples = factor == 1 ? metric.samples() : metric.samples().scaled(factor);
        return new Cell(samples, ForkStatistics.mean(samples.values(), confidence), null);
    }

    /** Whether the measured iterations hold one level (warm-up over, no mid-fork step). */
    public Stationarity.Result steadiness() {
        return Stationarity.check(present() ? samples.iterationForks() : List.of());
    }

    public boolean present() {
        return missing == null;
    }

    /** The mean of the forks' means (of the iterations with one fork). */
    public double center() {
        return present() ? ci.estimate() : Double.NaN;
    }

    /** Independent units: forks, or iterations of a single fork. */
    public int n() {
        return present() ? samples.n() : 0;
    }
}
