package dev.informerbench.results;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Hand-made JMH JSON result files for tests, shaped like JMH 1.37 writes them. */
public final class JmhFiles {
    /** Benchmark names as a project's JMH run writes them: the package, the class, the method. */
    public static final String LISTER = "com.example.bench.ListerGetBenchmark.lister_t1";
    public static final String DIRECT = "com.example.bench.DirectGetBenchmark.unthrottled";
    private JmhFiles() {}

    /** An entry with rawData [fork][iteration] and a score that is the mean of all iterations. */
    public static JsonObject entry(String benchmark, String mode, String unit, double[][] forks) {
        JsonObject e = new JsonObject();
        e.addProperty("jmhVersion", "1.37");
        e.addProperty("benchmark", benchmark);
        e.addProperty("mode", mode);
        e.addProperty("threads", 1);
        e.addProperty("forks", forks.length);
        e.add("primaryMetric", metric(unit, forks));
        e.add("secondaryMetrics", new JsonObject());
        return e;
    }

    public static JsonObject withParams(JsonObject entry, String... keyValues) {
        JsonObject params = new JsonObject();
        for (int i = 0; i < keyValues.length; i += 2) {
            params.addProperty(keyValues[i], keyValues[i + 1]);
        }
        entry.add("params", params);
        return entry;
    }

    public static JsonObject withSecondary(JsonObject entry, String label, String unit, double[][] forks) {
        entry.getAsJsonObject("secondaryMetrics").add(label, metric(unit, forks));
        return entry;
    }

    static JsonObject metric(String unit, double[][] forks) {
        JsonObject m = new JsonObject();
        m.addProperty("score", Arrays.stream(forks).flatMapToDouble(Arrays::stream).average().orElse(0));
        m.addProperty("scoreError", 0.5);
        m.addProperty("scoreUnit", unit);
        JsonArray raw = new JsonArray();
        for (double[] fork : forks) {
            JsonArray iterations = new JsonArray();
            Arrays.stream(fork).forEach(iterations::add);
            raw.add(iterations);
        }
        m.add("rawData", raw);
        return m;
    }

    /** {@code forks} forks of three iterations each, the fork means spread ±2% around {@code center}. */
    public static double[][] forks(int forks, double center) {
        double[][] data = new double[forks][];
        for (int f = 0; f < forks; f++) {
            double mean = center * (1 + 0.04 * ((double) f / Math.max(1, forks - 1) - 0.5));
            data[f] = new double[] {mean * 0.99, mean, mean * 1.01};
        }
        return data;
    }

    /** The same forks with every iteration multiplied by {@code factor}. */
    public static double[][] scaled(double[][] forks, double factor) {
        return Arrays.stream(forks).map(f -> Arrays.stream(f).map(v -> v * factor).toArray()).toArray(double[][]::new);
    }

    public static Path write(Path dir, String name, JsonObject... entries) {
        JsonArray array = new JsonArray();
        Arrays.stream(entries).forEach(array::add);
        return writeText(dir, name, new GsonBuilder().setPrettyPrinting().create().toJson(array));
    }

    public static JsonArray read(Path file) {
        try {
            return JsonParser.parseString(Files.readString(file)).getAsJsonArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path writeText(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
