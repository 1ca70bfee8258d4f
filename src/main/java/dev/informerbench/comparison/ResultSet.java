package dev.informerbench.comparison;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JMH JSON result file, read leniently so that the output of any JMH 1.2x-1.37 run of
 * any project can be compared: {@code "NaN"} strings count as numbers, {@code params} and
 * {@code secondaryMetrics} may be absent, sample-mode entries may carry only
 * {@code rawDataHistogram}, and the {@code ·} older JMH versions put before profiler metric
 * names is dropped. What cannot be a JMH result at all (empty, truncated, another JSON
 * shape) is a {@link ResultFileException} naming the file. The file is only read.
 */
public record ResultSet(Path file, List<Result> results) {

    /** One benchmark × parameter set: its primary score and secondary metrics. */
    public record Result(String benchmark, String mode, int threads, Map<String, String> params, Metric primary,
            Map<String, Metric> secondary) {}

    /** A metric's unit and its independent samples. */
    public record Metric(String unit, Samples samples) {}

    public ResultSet {
        results = List.copyOf(results);
    }

    public static ResultSet read(Path file) {
        String text = text(file);
        if (text.isBlank()) {
            throw notJmh(file, "the file is empty");
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException | IllegalStateException | StackOverflowError e) {
            throw notJmh(file, "truncated or malformed JSON (" + reason(e) + ")");
        }
        if (!root.isJsonArray()) {
            throw notJmh(file, "expected a JSON array of benchmark results, found " + shape(root));
        }
        List<Result> results = new ArrayList<>();
        JsonArray entries = root.getAsJsonArray();
        for (int i = 0; i < entries.size(); i++) {
            results.add(result(file, i + 1, entries.get(i)));
        }
        return new ResultSet(file, results);
    }

    private static String text(Path file) {
        if (!Files.exists(file)) {
            throw new ResultFileException(file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new ResultFileException(file + " is a directory, not a JMH JSON file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ResultFileException(file + " cannot be read: " + e);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw notJmh(file, "not UTF-8 text");
        }
    }

    private static Result result(Path file, int index, JsonElement element) {
        if (!element.isJsonObject()) {
            throw notJmh(file, "entry " + index + " is " + shape(element) + ", not a benchmark result");
        }
        JsonObject o = element.getAsJsonObject();
        String benchmark = string(o.get("benchmark"));
        if (benchmark == null || benchmark.isBlank()) {
            throw notJmh(file, "entry " + index + " has no \"benchmark\" name");
        }
        JsonElement primary = o.get("primaryMetric");
        if (primary == null || !primary.isJsonObject()) {
            throw notJmh(file, "entry " + index + " (" + benchmark + ") has no \"primaryMetric\" object");
        }
        String mode = string(o.get("mode"));
        mode = mode == null ? "" : mode;
        boolean sampleMode = mode.equals("sample");

        Map<String, String> params = new LinkedHashMap<>();
        if (o.get("params") instanceof JsonObject p) {
            p.entrySet().forEach(e -> params.put(e.getKey(), e.getValue().isJsonPrimitive()
                    ? e.getValue().getAsString() : e.getValue().toString()));
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        if (o.get("secondaryMetrics") instanceof JsonObject s) {
            for (Map.Entry<String, JsonElement> e : s.entrySet()) {
                if (e.getValue().isJsonObject()) {
                    secondary.putIfAbsent(metricName(e.getKey()), metric(e.getValue().getAsJsonObject(), false));
                }
            }
        }
        double threads = number(o.get("threads"));
        return new Result(benchmark, mode, Double.isFinite(threads) ? (int) threads : 1,
                Collections.unmodifiableMap(params), metric(primary.getAsJsonObject(), sampleMode),
                Collections.unmodifiableMap(secondary));
    }

    /** A secondary metric's name without the {@code ·} JMH before 1.37 puts before profilers' metrics. */
    public static String metricName(String label) {
        int i = 0;
        while (i < label.length() && (label.charAt(i) == '\u00b7' || Character.isWhitespace(label.charAt(i)))) {
            i++;
        }
        return label.substring(i);
    }

    static Metric metric(JsonObject m, boolean sampleMode) {
        String unit = m.get("scoreUnit") instanceof JsonPrimitive u ? u.getAsString() : "";
        return new Metric(unit, samples(m, sampleMode));
    }

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
        return new Samples(new double[] {number(m.get("score"))}, Samples.Kind.SCORE);
    }

    /** Iteration scores per fork; forks without a finite score are left out. */
    private static List<double[]> fromRaw(JsonArray raw) {
        List<double[]> forks = new ArrayList<>();
        List<Double> flat = new ArrayList<>();
        for (JsonElement fork : raw) {
            if (fork.isJsonArray()) {
                List<Double> iterations = new ArrayList<>();
                fork.getAsJsonArray().forEach(v -> iterations.add(number(v)));
                addFork(forks, iterations);
            } else {
                flat.add(number(fork)); // a flat array: one fork's iterations
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
                        double value = number(p.get(0));
                        double c = number(p.get(1));
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

    /** A number, or a string JMH wrote for one ("NaN", "Infinity"); anything else is NaN. */
    static double number(JsonElement e) {
        if (!(e instanceof JsonPrimitive p) || p.isBoolean()) {
            return Double.NaN;
        }
        try {
            return p.getAsDouble();
        } catch (NumberFormatException notANumber) {
            return Double.NaN;
        }
    }

    private static String string(JsonElement e) {
        return e instanceof JsonPrimitive p && p.isString() ? p.getAsString() : null;
    }

    private static String shape(JsonElement e) {
        if (e.isJsonObject()) {
            return "an object";
        }
        if (e.isJsonArray()) {
            return "an array";
        }
        if (e.isJsonNull()) {
            return "null";
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        return p.isString() ? "a string" : p.isNumber() ? "a number" : "a boolean";
    }

    private static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        // Gson adds a line pointing to its troubleshooting guide; the first line says it all.
        return message.lines().findFirst().orElse(message).strip();
    }

    private static ResultFileException notJmh(Path file, String why) {
        return new ResultFileException(file + " is not JMH JSON: " + why);
    }
}
