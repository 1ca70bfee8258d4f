package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleBinaryOperator;

/**
 * The K parts of a sharded ServerCost run (an Indexed Job's pods, {@link ShardLog}) as one JMH
 * JSON array, as one machine would have written it with all N controllers: each row once, its
 * {@code controllers} param the shards' sum, each fork's each iteration the shards' values of
 * that fork and iteration combined, scores recomputed ({@link JmhMerge}). Combined how:
 * <ul>
 * <li>{@code client.*}, {@code api.*} and {@code poll.*}, what each shard's own process did:
 *     <b>summed</b> (client.cores of K processes is the controllers' CPU in all);
 * <li>{@code server.*} and {@code probe.*}, the one API server every shard reads: the
 *     <b>mean</b> of the shards' readings. The shards' windows are not aligned: each is the
 *     server as that shard saw it in its own window, with whichever shards were running then;
 *     the mean is of K readings of one server, not a sum;
 * <li>the score (the window's length) and everything else: the mean.
 * </ul>
 * Every shard must have run the same arguments: the same rows, forks and iterations.
 */
public final class ShardMerge {
    private static final String CONTROLLERS = "controllers";

    private ShardMerge() {}

    /** The merged rows. */
    public static JsonArray merge(List<ShardLog.Part> parts) {
        List<ShardLog.Part> shards = complete(parts);
        Map<RowKey, JsonObject[]> rows = new LinkedHashMap<>();
        for (ShardLog.Part part : shards) {
            for (JsonElement e : part.rows()) {
                JsonObject row = e.getAsJsonObject();
                JsonObject[] group = rows.computeIfAbsent(withoutControllers(row), k -> new JsonObject[shards.size()]);
                if (group[part.index()] != null) {
                    throw new IllegalArgumentException("shard " + part.index() + " has row " + withoutControllers(row)
                            + " twice");
                }
                group[part.index()] = row;
            }
        }
        JsonArray merged = new JsonArray();
        rows.forEach((key, group) -> merged.add(row(key, group)));
        return JmhMerge.merge(List.of(merged)); // scores, errors and percentiles from the combined iterations
    }

    /** The parts, one per shard 0..K-1 of one K, in index order. */
    private static List<ShardLog.Part> complete(List<ShardLog.Part> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no shard's result in the logs given (the lines between"
                    + " '=== informer-bench shard I/K: JMH JSON begins ===' and its end)");
        }
        int count = parts.get(0).count();
        TreeMap<Integer, ShardLog.Part> byIndex = new TreeMap<>();
        for (ShardLog.Part part : parts) {
            if (part.count() != count) {
                throw new IllegalArgumentException("the logs hold shards of " + count + " and of " + part.count()
                        + " (two Jobs?); accepted: the logs of one Job");
            }
            if (byIndex.put(part.index(), part) != null) {
                throw new IllegalArgumentException("shard " + part.index() + "/" + count + " is in the logs twice"
                        + " (a retried pod, or a log given twice?); accepted: one result per shard");
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (!byIndex.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("shards " + missing + " of " + count + " have no result in the logs"
                    + " given (failed, still running, or their logs not given)");
        }
        return List.copyOf(byIndex.values());
    }

    private static RowKey withoutControllers(JsonObject row) {
        RowKey key = JmhFields.key(row);
        Map<String, String> params = new LinkedHashMap<>(key.params());
        params.remove(CONTROLLERS);
        return new RowKey(key.benchmark(), key.mode(), key.threads(), params);
    }

    private static JsonObject row(RowKey key, JsonObject[] group) {
        long controllers = 0;
        for (int i = 0; i < group.length; i++) {
            if (group[i] == null) {
                throw new IllegalArgumentException("shard " + i + " has no row " + key + "; accepted: shards that ran"
                        + " the same arguments");
            }
            JsonObject params = group[i].getAsJsonObject("params");
            controllers += params != null && params.has(CONTROLLERS) ? params.get(CONTROLLERS).getAsLong() : 0;
        }
        JsonObject out = group[0].deepCopy();
        if (out.has("params")) {
            out.getAsJsonObject("params").addProperty(CONTROLLERS, String.valueOf(controllers));
        }
        out.add("primaryMetric", metric(key, "the score", mean(group.length), group, o -> o.get("primaryMetric")));
        if (out.has("secondaryMetrics")) {
            JsonObject secondary = new JsonObject();
            for (String name : out.getAsJsonObject("secondaryMetrics").keySet()) {
                DoubleBinaryOperator how = summed(JmhFields.metricName(name)) ? Double::sum : mean(group.length);
                secondary.add(name, metric(key, name, how, group, o -> o.has("secondaryMetrics")
                        ? o.getAsJsonObject("secondaryMetrics").get(name) : null));
            }
            out.add("secondaryMetrics", secondary);
        }
        return out;
    }

    /** Whether shards' values of {@code metric} add up: what each shard's own process did. */
    static boolean summed(String metric) {
        return metric.startsWith("client.") || metric.startsWith("api.") || metric.startsWith("poll.");
    }

    /** Adding each value over {@code k}: the mean of k values when folded from 0. */
    private static DoubleBinaryOperator mean(int k) {
        return (sum, value) -> sum + value / k;
    }

    private interface MetricOf {
        JsonElement of(JsonObject row);
    }

    /** The shards' metric, its rawData combined fork by fork and iteration by iteration. */
    private static JsonObject metric(RowKey key, String name, DoubleBinaryOperator how, JsonObject[] group,
            MetricOf of) {
        JsonObject first = of.of(group[0]).getAsJsonObject().deepCopy();
        JsonArray raw = first.has("rawData") ? first.getAsJsonArray("rawData") : null;
        double[][] combined = raw == null ? null : new double[raw.size()][];
        double score = 0;
        for (int s = 0; s < group.length; s++) {
            JsonElement e = of.of(group[s]);
            if (e == null || !e.isJsonObject()) {
                throw new IllegalArgumentException("shard " + s + "'s row " + key + " has no " + name
                        + "; accepted: shards that ran the same arguments");
            }
            JsonObject m = e.getAsJsonObject();
            score = how.applyAsDouble(score, JmhFields.number(m.get("score")));
            if (combined != null) {
                JsonArray forks = m.getAsJsonArray("rawData");
                if (forks == null || forks.size() != combined.length) {
                    throw shape(key, name, s);
                }
                for (int f = 0; f < combined.length; f++) {
                    JsonArray iterations = forks.get(f).getAsJsonArray();
                    if (combined[f] == null) {
                        combined[f] = new double[iterations.size()];
                    } else if (combined[f].length != iterations.size()) {
                        throw shape(key, name, s);
                    }
                    for (int i = 0; i < iterations.size(); i++) {
                        combined[f][i] = how.applyAsDouble(combined[f][i], JmhFields.number(iterations.get(i)));
                    }
                }
            }
        }
        first.remove("rawDataHistogram");
        if (combined == null) {
            first.add("score", number(score)); // nothing to recompute from: the shards' scores combined
            return first;
        }
        JsonArray out = new JsonArray();
        for (double[] fork : combined) {
            JsonArray iterations = new JsonArray();
            for (double v : fork) {
                iterations.add(number(v));
            }
            out.add(iterations);
        }
        first.add("rawData", out);
        return first;
    }

    private static IllegalArgumentException shape(RowKey key, String name, int shard) {
        return new IllegalArgumentException("shard " + shard + "'s row " + key + " has other forks or iterations of "
                + name + " than shard 0's; accepted: shards that ran the same arguments");
    }

    /** JMH writes NaN and infinities as strings. */
    private static JsonElement number(double d) {
        return Double.isFinite(d) ? new JsonPrimitive(d) : new JsonPrimitive(Double.isNaN(d) ? "NaN"
                : d > 0 ? "Infinity" : "-Infinity");
    }
}
