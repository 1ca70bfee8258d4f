package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The parts of a JMH JSON result file the summary needs, read leniently. */
public final class JmhJson {
    private JmhJson() {}

    /** One benchmark × parameter set. */
    public record Entry(String benchmark, String mode, int threads, int forks, Map<String, String> params,
            Metric primary, Map<String, Metric> secondary) {
        /** The method's short name: Class.method without package and "Benchmark" suffix. */
        public String shortName() {
            String[] parts = benchmark.split("\\.");
            String method = parts[parts.length - 1];
            String cls = parts.length > 1 ? parts[parts.length - 2].replaceFirst("Benchmark$", "") : "";
            return cls.isEmpty() ? method : cls + "." + method;
        }

        public String paramString() {
            StringBuilder b = new StringBuilder();
            params.forEach((k, v) -> b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v));
            return b.toString();
        }

        public double secondaryScore(String label) {
            Metric m = secondary.get(label);
            return m == null ? Double.NaN : m.score();
        }
    }

    /**
     * A metric's score and its measured iteration scores per fork, in the order they ran
     * (JMH's {@code rawData}: [fork][iteration]; empty when the file has none).
     */
    public record Metric(double score, double error, String unit, List<double[]> rawForks) {
        public Metric {
            rawForks = List.copyOf(rawForks);
        }

        /** Every fork's iteration scores, one after the other. */
        public List<Double> rawScores() {
            List<Double> all = new ArrayList<>();
            rawForks.forEach(fork -> Arrays.stream(fork).forEach(all::add));
            return all;
        }
    }

    public static List<Entry> read(Path file) throws IOException {
        JsonElement root = JsonParser.parseString(Files.readString(file));
        List<Entry> entries = new ArrayList<>();
        for (JsonElement element : root.getAsJsonArray()) {
            JsonObject o = element.getAsJsonObject();
            Map<String, String> params = new TreeMap<>();
            if (o.has("params")) {
                o.getAsJsonObject("params").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
            }
            Map<String, Metric> secondary = new LinkedHashMap<>();
            if (o.has("secondaryMetrics")) {
                o.getAsJsonObject("secondaryMetrics").entrySet()
                        .forEach(e -> secondary.put(e.getKey(), metric(e.getValue().getAsJsonObject())));
            }
            entries.add(new Entry(o.get("benchmark").getAsString(), o.get("mode").getAsString(),
                    o.has("threads") ? o.get("threads").getAsInt() : 1, o.has("forks") ? o.get("forks").getAsInt() : 1,
                    params, metric(o.getAsJsonObject("primaryMetric")), secondary));
        }
        return entries;
    }

    static Metric metric(JsonObject m) {
        List<double[]> raw = new ArrayList<>();
        if (m.has("rawData") && m.get("rawData").isJsonArray()) {
            for (JsonElement fork : m.getAsJsonArray("rawData")) {
                if (fork.isJsonArray()) {
                    JsonArray iterations = fork.getAsJsonArray();
                    double[] values = new double[iterations.size()];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = number(iterations.get(i));
                    }
                    raw.add(values);
                }
            }
        }
        return new Metric(number(m.get("score")), m.has("scoreError") ? number(m.get("scoreError")) : Double.NaN,
                m.has("scoreUnit") ? m.get("scoreUnit").getAsString() : "", raw);
    }

    /** JMH writes NaN as the string "NaN". */
    static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        try {
            return e.getAsDouble();
        } catch (NumberFormatException notANumber) {
            return Double.NaN;
        }
    }

    /** Appends the entries of {@code addition} (a JMH JSON array) to the array in {@code target}. */
    public static JsonArray concat(JsonArray target, Path addition) throws IOException {
        if (Files.exists(addition) && Files.size(addition) > 0) {
            JsonParser.parseString(Files.readString(addition)).getAsJsonArray().forEach(target::add);
        }
        return target;
    }
}
