package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.informerbench.statistics.Samples;
import java.util.ArrayList;
import java.util.List;

/**
 * A metric's measurements as JMH JSON holds them, {@code rawData} ([fork][iteration]) or, for
 * sample mode, {@code rawDataHistogram} ([fork][iteration][[value, count], ...]), turned into
 * {@link Samples}.
 */
final class RawData {
    private RawData() {}

    /**
     * The independent samples of a metric: per-fork means with several forks, iteration
     * scores with one, the reported score when there is no raw data. Sample-mode entries
     * give each iteration's mean from {@code rawDataHistogram} ([fork][iteration][[value, count], ...]).
     */
    static Samples samples(JsonObject m, boolean sampleMode) {
        JsonArray raw = m.get("rawData") instanceof JsonArray a ? a : null;
        JsonArray histogram = m.get("rawDataHistogram") instanceof JsonArray a ? a : null;
        List<double[]> forks = List.of();
        if (sampleMode && histogram != null) {
            forks = fromHistogram(histogram);
        }
        if (forks.isEmpty() && raw != null) {
            forks = fromRaw(raw);
        }
        if (forks.isEmpty() && histogram != null) {
            forks = fromHistogram(histogram);
        }
        if (!forks.isEmpty()) {
            return Samples.ofForks(forks);
        }
        return Samples.ofScore(JmhFields.number(m.get("score")));
    }

    /** Iteration scores per fork; forks without a finite score are left out. */
    private static List<double[]> fromRaw(JsonArray raw) {
        List<double[]> forks = new ArrayList<>();
        List<Double> flat = new ArrayList<>();
        for (JsonElement fork : raw) {
            if (fork.isJsonArray()) {
                List<Double> iterations = new ArrayList<>();
                fork.getAsJsonArray().forEach(v -> iterations.add(JmhFields.number(v)));
                addFork(forks, iterations);
            } else {
                flat.add(JmhFields.number(fork)); // a flat array: one fork's iterations
            }
        }
        addFork(forks, flat);
        return forks;
    }

    /** Each iteration's mean from its histogram of [value, count] pairs, per fork. */
    private static List<double[]> fromHistogram(JsonArray histogram) {
        List<double[]> forks = new ArrayList<>();
        for (JsonElement fork : histogram) {
            if (!fork.isJsonArray()) {
                continue;
            }
            List<Double> iterations = new ArrayList<>();
            for (JsonElement iteration : fork.getAsJsonArray()) {
                if (!iteration.isJsonArray()) {
                    continue;
                }
                double sum = 0;
                double count = 0;
                for (JsonElement pair : iteration.getAsJsonArray()) {
                    if (pair instanceof JsonArray p && p.size() >= 2) {
                        double value = JmhFields.number(p.get(0));
                        double c = JmhFields.number(p.get(1));
                        if (Double.isFinite(value) && Double.isFinite(c) && c > 0) {
                            sum += value * c;
                            count += c;
                        }
                    }
                }
                iterations.add(count > 0 ? sum / count : Double.NaN);
            }
            addFork(forks, iterations);
        }
        return forks;
    }

    private static void addFork(List<double[]> forks, List<Double> iterations) {
        double[] finite = iterations.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
        if (finite.length > 0) {
            forks.add(finite);
        }
    }
}
