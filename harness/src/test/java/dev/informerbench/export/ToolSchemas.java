package dev.informerbench.export;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The input rules of the tools we export for, written down from their sources, not from our
 * writers: each check returns what breaks a rule (nothing for a valid file). Sources read:
 * benchmark-action/github-action-benchmark at c38cce98 and bencherdev/bencher at 8d75325c.
 */
final class ToolSchemas {
    /** lib/bencher_valid/src/slug.rs is_valid_slug: a slug is what the slug crate's slugify leaves unchanged. */
    private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    /** src/extractRangeInfo.ts: the range the action can rescale with its value. */
    private static final Pattern RANGE = Pattern.compile("(\\+-|±)\\s*(\\d.*)");

    private ToolSchemas() {}

    /**
     * github-action-benchmark's custom tools, src/extract.ts: {@code BenchmarkResults =
     * z.array(BenchmarkResult)} with {@code name}, {@code value}, {@code unit} required and
     * {@code range}, {@code extra} optional; zod 4's number (package.json: zod ^4) takes no NaN
     * or Infinity; {@code extractResult} throws on an empty array ("No benchmark result was
     * found"); src/write.ts finds a bench's previous value by name, so names must be unique. We
     * hold name, unit, range and extra to JSON strings and value to a JSON number, where zod
     * would coerce: what the README documents.
     */
    static List<String> githubActionBenchmark(String json) {
        List<String> errors = new ArrayList<>();
        JsonElement root = JsonParser.parseString(json);
        if (!root.isJsonArray()) {
            return List.of("not an array");
        }
        if (root.getAsJsonArray().isEmpty()) {
            errors.add("an empty array");
        }
        Set<String> names = new HashSet<>();
        int i = 0;
        for (JsonElement e : root.getAsJsonArray()) {
            i++;
            if (!e.isJsonObject()) {
                errors.add("entry " + i + " is not an object");
                continue;
            }
            JsonObject o = e.getAsJsonObject();
            if (!string(o.get("name")) || o.get("name").getAsString().isEmpty()) {
                errors.add("entry " + i + ": name is not a non-empty string");
            } else if (!names.add(o.get("name").getAsString())) {
                errors.add("entry " + i + ": name repeats: " + o.get("name").getAsString());
            }
            if (!(o.get("value") instanceof JsonPrimitive v && v.isNumber() && Double.isFinite(v.getAsDouble()))) {
                errors.add("entry " + i + ": value is not a finite number");
            }
            if (!string(o.get("unit"))) {
                errors.add("entry " + i + ": unit is not a string");
            }
            for (String optional : List.of("range", "extra")) {
                if (o.has(optional) && !string(o.get(optional))) {
                    errors.add("entry " + i + ": " + optional + " is not a string");
                }
            }
        }
        return errors;
    }

    /** Our ranges on top: each in the "± n" form src/extractRangeInfo.ts reads, n a number. */
    static List<String> rescalableRanges(String json) {
        List<String> errors = new ArrayList<>();
        for (JsonElement e : JsonParser.parseString(json).getAsJsonArray()) {
            JsonElement range = e.getAsJsonObject().get("range");
            if (range != null) {
                var m = RANGE.matcher(range.getAsString());
                if (!m.matches() || !Double.isFinite(Double.parseDouble(m.group(2)))) {
                    errors.add("range not rescalable: " + range.getAsString());
                }
            }
        }
        return errors;
    }

    /**
     * The Bencher Metric Format: its JSON schema (docs: bencher.dev/docs/reference/bencher-metric-format,
     * services/console/src/chunks/docs-reference/bencher-metric-format/bmf-schema.mdx): an object of
     * benchmarks (key ".+"), each an object of measures (key ".+"), each an object with a number
     * {@code value} and optional numbers {@code lower_value}, {@code upper_value}. From the source:
     * a benchmark name is 1 to 1024 bytes (lib/bencher_valid/src/benchmark_name.rs); a measure key is a
     * UUID, slug or name (lib/bencher_json/src/project/measure/mod.rs MeasureNameId), and we hold it
     * to a slug: at most 64 bytes, lowercase letters and digits joined by single dashes.
     */
    static List<String> bencher(String json) {
        List<String> errors = new ArrayList<>();
        JsonElement root = JsonParser.parseString(json);
        if (!root.isJsonObject()) {
            return List.of("not an object");
        }
        for (Map.Entry<String, JsonElement> b : root.getAsJsonObject().entrySet()) {
            int bytes = b.getKey().getBytes(StandardCharsets.UTF_8).length;
            if (bytes == 0 || bytes > 1024) {
                errors.add("benchmark name of " + bytes + " bytes: " + b.getKey());
            }
            if (!b.getValue().isJsonObject()) {
                errors.add(b.getKey() + ": not an object of measures");
                continue;
            }
            for (Map.Entry<String, JsonElement> m : b.getValue().getAsJsonObject().entrySet()) {
                String where = b.getKey() + " / " + m.getKey();
                if (!isSlug(m.getKey())) {
                    errors.add(where + ": measure is not a slug");
                }
                if (!m.getValue().isJsonObject()) {
                    errors.add(where + ": not an object");
                    continue;
                }
                JsonObject metric = m.getValue().getAsJsonObject();
                if (!number(metric.get("value"))) {
                    errors.add(where + ": value is not a number");
                }
                for (String bound : List.of("lower_value", "upper_value")) {
                    if (metric.has(bound) && !number(metric.get(bound))) {
                        errors.add(where + ": " + bound + " is not a number");
                    }
                }
            }
        }
        return errors;
    }

    static boolean isSlug(String s) {
        return s.length() <= 64 && SLUG.matcher(s).matches();
    }

    private static boolean string(JsonElement e) {
        return e instanceof JsonPrimitive p && p.isString();
    }

    private static boolean number(JsonElement e) {
        return e instanceof JsonPrimitive p && p.isNumber() && Double.isFinite(p.getAsDouble());
    }
}
