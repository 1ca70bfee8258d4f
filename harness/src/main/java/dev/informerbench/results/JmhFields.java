package dev.informerbench.results;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields of one JMH JSON entry, read leniently: what {@link JmhJson}'s typed entries and the
 * mergers working on the JSON itself (JmhMerge, ShardMerge, AllClientsFile, RawData) share, so
 * apart from both.
 */
final class JmhFields {
    private JmhFields() {}

    /** The row an entry of a JMH JSON array belongs to. */
    static RowKey key(JsonObject entry) {
        return new RowKey(string(entry.get("benchmark")), mode(entry), threads(entry), params(entry));
    }

    static String mode(JsonObject entry) {
        String mode = string(entry.get("mode"));
        return mode == null ? "" : mode;
    }

    static int threads(JsonObject entry) {
        double threads = number(entry.get("threads"));
        return Double.isFinite(threads) ? (int) threads : 1;
    }

    static Map<String, String> params(JsonObject entry) {
        Map<String, String> params = new LinkedHashMap<>();
        if (entry.get("params") instanceof JsonObject p) {
            p.entrySet().forEach(e -> params.put(e.getKey(), e.getValue().isJsonPrimitive()
                    ? e.getValue().getAsString() : e.getValue().toString()));
        }
        return params;
    }

    /** A secondary metric's name without the {@code ·} JMH before 1.37 puts before profilers' metrics. */
    static String metricName(String label) {
        int i = 0;
        while (i < label.length() && (label.charAt(i) == '\u00b7' || Character.isWhitespace(label.charAt(i)))) {
            i++;
        }
        return label.substring(i);
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

    static String string(JsonElement e) {
        return e instanceof JsonPrimitive p && p.isString() ? p.getAsString() : null;
    }
}
