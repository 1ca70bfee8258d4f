package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.informerbench.metrics.Merge;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.statistics.IterationStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Joins JMH JSON arrays written by separate runs of the same benchmarks (an interleaved run's
 * one-fork rounds) into the array one JMH run with all those forks would have written: per
 * benchmark, mode, thread count and params, the forks' {@code rawData} (and
 * {@code rawDataHistogram}) lists are concatenated in the order given, {@code forks} is their
 * total, and {@code score}, {@code scoreError} (JMH's: Student's t at 99.9%, two-sided, over
 * every iteration), {@code scoreConfidence} and {@code scorePercentiles} are recomputed.
 * Everything else is the first part's. Secondary metrics are recomputed with the
 * aggregation their first part shows (mean, sum, max or min of the iterations: the profiler
 * decides, the JSON does not say).
 */
public final class JmhMerge {
    /** JMH's {@code scoreError}: the half-width of the 99.9% confidence interval of the mean. */
    static final double CONFIDENCE = 0.999;
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    /**
     * The order in which a foreign metric's merge is read off its parts: with several that fit,
     * the first (a mean before a sum, and so on).
     */
    private static final List<Merge> READ_ORDER = List.of(Merge.MEAN, Merge.SUM, Merge.MAX, Merge.MIN,
            Merge.HARMONIC_MEAN);

    private JmhMerge() {}

    /** The parts' entries merged, in the order each benchmark × params first appears. */
    public static JsonArray merge(List<JsonArray> parts) {
        Map<RowKey, List<JsonObject>> byKey = new LinkedHashMap<>();
        for (JsonArray part : parts) {
            for (JsonElement e : part) {
                JsonObject o = e.getAsJsonObject();
                byKey.computeIfAbsent(JmhFields.key(o), k -> new ArrayList<>()).add(o);
            }
        }
        JsonArray merged = new JsonArray();
        byKey.values().forEach(group -> merged.add(mergeEntry(group)));
        return merged;
    }

    /** The entries of {@code part} whose row across files ({@link RowKey#acrossFiles}) {@code keep} takes. */
    public static JsonArray select(JsonArray part, Predicate<RowKey> keep) {
        JsonArray kept = new JsonArray();
        for (JsonElement e : part) {
            RowKey key = JmhFields.key(e.getAsJsonObject());
            if (keep.test(new RowKey(key.benchmark(), key.mode(), key.threads(), RowKey.withoutLabels(key.params())))) {
                kept.add(e);
            }
        }
        return kept;
    }

    private static JsonObject mergeEntry(List<JsonObject> group) {
        JsonObject out = group.get(0).deepCopy();
        int forks = 0;
        for (JsonObject o : group) {
            forks += o.has("forks") ? o.get("forks").getAsInt() : 1;
        }
        out.addProperty("forks", forks);
        out.add("primaryMetric", mergeMetric(group.stream().map(o -> o.getAsJsonObject("primaryMetric")).toList(),
                true, Optional.empty()));
        LinkedHashMap<String, List<JsonObject>> secondary = new LinkedHashMap<>();
        for (JsonObject o : group) {
            if (o.has("secondaryMetrics")) {
                o.getAsJsonObject("secondaryMetrics").entrySet().forEach(m -> secondary
                        .computeIfAbsent(m.getKey(), k -> new ArrayList<>()).add(m.getValue().getAsJsonObject()));
            }
        }
        if (!secondary.isEmpty()) {
            JsonObject metrics = new JsonObject();
            secondary.forEach((name, ms) -> metrics.add(name, mergeMetric(ms, false,
                    SuiteMetric.of(JmhFields.metricName(name)).map(SuiteMetric::merge))));
            out.add("secondaryMetrics", metrics);
        }
        return out;
    }

    /** {@code known}: how the catalogue merges a suite metric; else read off the parts' values. */
    private static JsonObject mergeMetric(List<JsonObject> parts, boolean primary, Optional<Merge> known) {
        JsonObject out = parts.get(0).deepCopy();
        JsonArray raw = new JsonArray();
        JsonArray histogram = new JsonArray();
        for (JsonObject m : parts) {
            if (m.has("rawData")) {
                m.getAsJsonArray("rawData").forEach(fork -> raw.add(fork.deepCopy()));
            }
            if (m.has("rawDataHistogram")) {
                m.getAsJsonArray("rawDataHistogram").forEach(fork -> histogram.add(fork.deepCopy()));
            }
        }
        if (out.has("rawData")) {
            out.add("rawData", raw);
        }
        if (out.has("rawDataHistogram")) {
            out.add("rawDataHistogram", histogram);
        }
        double[] values;
        long[] counts;
        if (raw.size() > 0) {
            values = flatten(raw);
            counts = null;
        } else if (histogram.size() > 0) {
            List<double[]> pairs = new ArrayList<>();
            for (JsonElement fork : histogram) {
                for (JsonElement iteration : fork.getAsJsonArray()) {
                    for (JsonElement pair : iteration.getAsJsonArray()) {
                        JsonArray p = pair.getAsJsonArray();
                        pairs.add(new double[] {JmhFields.number(p.get(0)), JmhFields.number(p.get(1))});
                    }
                }
            }
            values = pairs.stream().mapToDouble(p -> p[0]).toArray();
            counts = pairs.stream().mapToLong(p -> (long) p[1]).toArray();
        } else {
            return out; // nothing to recompute from
        }
        Merge policy = primary ? Merge.MEAN : known.orElseGet(() -> policy(parts));
        IterationStats s = IterationStats.of(values, counts);
        double score = s.score(policy);
        double error = policy == Merge.MEAN ? meanError(s) : Double.NaN;
        out.add("score", number(score));
        out.add("scoreError", number(error));
        JsonArray confidence = new JsonArray();
        confidence.add(number(policy == Merge.MEAN ? score - error : score));
        confidence.add(number(policy == Merge.MEAN ? score + error : score));
        out.add("scoreConfidence", confidence);
        if (out.has("scorePercentiles")) {
            JsonObject percentiles = new JsonObject();
            for (double p : PERCENTILES) {
                percentiles.add(String.valueOf(p), number(s.percentile(p)));
            }
            out.add("scorePercentiles", percentiles);
        }
        return out;
    }

    /** JMH's error of the mean: t(0.9995, n-1) × s / √n; NaN for two values or fewer, as in JMH. */
    static double meanError(IterationStats s) {
        if (s.n() <= 2) {
            return Double.NaN;
        }
        double t = TDistribution.of(s.n() - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return t * s.stddev() / Math.sqrt(s.n());
    }

    /**
     * How a secondary metric from another tool's file (the suite's are in the catalogue) scores
     * its iterations, read off the parts: the first
     * aggregation that gives a part's score from its raw values and tells the candidates apart.
     */
    static Merge policy(List<JsonObject> parts) {
        Merge fallback = null;
        for (JsonObject m : parts) {
            if (!m.has("rawData") || !m.has("score")) {
                continue;
            }
            double[] v = flatten(m.getAsJsonArray("rawData"));
            if (v.length == 0) {
                continue;
            }
            double score = JmhFields.number(m.get("score"));
            IterationStats s = IterationStats.of(v, null);
            List<Merge> matching = new ArrayList<>();
            for (Merge p : READ_ORDER) {
                if (close(s.score(p), score)) {
                    matching.add(p);
                }
            }
            if (matching.size() == 1) {
                return matching.get(0);
            }
            if (fallback == null && !matching.isEmpty() && v.length > 2) {
                // JMH gives an error only for means: NaN with three or more values means a sum.
                boolean nanError = Double.isNaN(JmhFields.number(m.get("scoreError")));
                fallback = nanError && matching.contains(Merge.SUM) ? Merge.SUM : matching.get(0);
            }
        }
        return fallback != null ? fallback : Merge.MEAN;
    }

    private static boolean close(double a, double b) {
        return a == b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }

    private static double[] flatten(JsonArray raw) {
        List<Double> all = new ArrayList<>();
        for (JsonElement fork : raw) {
            for (JsonElement v : fork.getAsJsonArray()) {
                all.add(JmhFields.number(v));
            }
        }
        return all.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** JMH writes NaN and infinities as strings. */
    private static JsonElement number(double d) {
        return Double.isFinite(d) ? new JsonPrimitive(d) : new JsonPrimitive(Double.isNaN(d) ? "NaN"
                : d > 0 ? "Infinity" : "-Infinity");
    }
}
