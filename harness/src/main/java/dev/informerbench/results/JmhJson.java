package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.statistics.Samples;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JMH JSON result files, read leniently so that the output of any JMH 1.2x-1.37 run of any
 * project can be summed up and compared: {@code "NaN"} strings count as numbers, {@code params}
 * and {@code secondaryMetrics} may be absent, sample-mode entries may carry only
 * {@code rawDataHistogram}, and the {@code ·} older JMH versions put before profiler metric
 * names is dropped. What cannot be a JMH result at all (empty, truncated, another JSON shape)
 * is a {@link ResultFileException} naming the file. Files are only read.
 */
public final class JmhJson {
    /**
     * A benchmark's short name, the one the summary prints and a filter accepts: Class.method
     * without package and "Benchmark" suffix ({@code ListerGet.lister_t1}).
     */
    public static String shortName(String benchmark) {
        String[] parts = benchmark.split("\\.");
        String method = parts[parts.length - 1];
        String cls = parts.length > 1 ? parts[parts.length - 2].replaceFirst("Benchmark$", "") : "";
        return cls.isEmpty() ? method : cls + "." + method;
    }

    private JmhJson() {}

    /**
     * One benchmark × parameter set: its primary score and secondary metrics.
     *
     * @param params as the file lists them
     * @param secondary by name, without the {@code ·} of older JMH versions
     */
    public record Entry(String benchmark, String mode, int threads, Map<String, String> params, Metric primary,
            Map<String, Metric> secondary) {
        public Entry {
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
            secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
        }

        /** The method's short name: Class.method without package and "Benchmark" suffix. */
        public String shortName() {
            return JmhJson.shortName(benchmark);
        }

        /** The parameters as "k=v,k=v", sorted by name. */
        public String paramString() {
            StringBuilder b = new StringBuilder();
            new TreeMap<>(params)
                    .forEach((k, v) -> b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v));
            return b.toString();
        }

        /**
         * A request total of the catalogue per operation ({@code api.get/op}: GETs per read, LISTs
         * per sync): the total over {@code ops.all}, per iteration for the samples. Totals grow
         * with forks × iterations; this does not. Null where the entry lacks either.
         */
        public Metric perOperation(SuiteMetric total) {
            Metric requests = secondary.get(total.metricName());
            Metric ops = secondary.get(SuiteMetric.OPS_ALL.metricName());
            if (requests == null || ops == null || !(ops.score() > 0)) {
                return null;
            }
            double score = requests.score() / ops.score();
            List<double[]> r = requests.samples().iterationForks();
            List<double[]> o = ops.samples().iterationForks();
            List<double[]> ratios = new ArrayList<>();
            for (int f = 0; f < r.size() && r.size() == o.size(); f++) {
                if (r.get(f).length != o.get(f).length) {
                    ratios.clear();
                    break;
                }
                double[] ratio = new double[r.get(f).length];
                for (int i = 0; i < ratio.length; i++) {
                    ratio[i] = o.get(f)[i] > 0 ? r.get(f)[i] / o.get(f)[i] : Double.NaN;
                }
                ratios.add(ratio);
            }
            return new Metric(score, Double.NaN, SuiteMetric.PER_OPERATION_UNIT,
                    ratios.isEmpty() ? Samples.ofScore(score) : Samples.ofForks(ratios));
        }

        public double secondaryScore(String name) {
            Metric m = secondary.get(name);
            return m == null ? Double.NaN : m.score();
        }
    }

    /**
     * A metric: JMH's score and error (NaN where the file has none) in its unit, and the
     * measurements behind them as forks × iterations.
     */
    public record Metric(double score, double error, String unit, Samples samples) {
        /** Every measured iteration's score, fork after fork; none without raw data. */
        public List<Double> rawScores() {
            List<Double> all = new ArrayList<>();
            samples.iterationForks().forEach(fork -> Arrays.stream(fork).forEach(all::add));
            return all;
        }
    }

    /** The entries of a JMH JSON result file, in the order of the file. */
    public static List<Entry> read(Path file) {
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
        List<Entry> entries = new ArrayList<>();
        JsonArray array = root.getAsJsonArray();
        for (int i = 0; i < array.size(); i++) {
            entries.add(entry(file, i + 1, array.get(i)));
        }
        return entries;
    }

    /** Appends the entries of {@code addition} (a JMH JSON array) to the array in {@code target}. */
    public static JsonArray concat(JsonArray target, Path addition) throws IOException {
        if (Files.exists(addition) && Files.size(addition) > 0) {
            JsonParser.parseString(Files.readString(addition)).getAsJsonArray().forEach(target::add);
        }
        return target;
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

    private static Entry entry(Path file, int index, JsonElement element) {
        if (!element.isJsonObject()) {
            throw notJmh(file, "entry " + index + " is " + shape(element) + ", not a benchmark result");
        }
        JsonObject o = element.getAsJsonObject();
        String benchmark = JmhFields.string(o.get("benchmark"));
        if (benchmark == null || benchmark.isBlank()) {
            throw notJmh(file, "entry " + index + " has no \"benchmark\" name");
        }
        JsonElement primary = o.get("primaryMetric");
        if (primary == null || !primary.isJsonObject()) {
            throw notJmh(file, "entry " + index + " (" + benchmark + ") has no \"primaryMetric\" object");
        }
        String mode = JmhFields.mode(o);
        Map<String, Metric> secondary = new LinkedHashMap<>();
        if (o.get("secondaryMetrics") instanceof JsonObject s) {
            for (Map.Entry<String, JsonElement> e : s.entrySet()) {
                if (e.getValue().isJsonObject()) {
                    secondary.putIfAbsent(JmhFields.metricName(e.getKey()),
                            metric(e.getValue().getAsJsonObject(), false));
                }
            }
        }
        return new Entry(benchmark, mode, JmhFields.threads(o), JmhFields.params(o),
                metric(primary.getAsJsonObject(), mode.equals("sample")), secondary);
    }

    private static Metric metric(JsonObject m, boolean sampleMode) {
        String unit = m.get("scoreUnit") instanceof JsonPrimitive u ? u.getAsString() : "";
        return new Metric(JmhFields.number(m.get("score")), JmhFields.number(m.get("scoreError")), unit,
                RawData.samples(m, sampleMode));
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
