package dev.informerbench.accounting;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The samples of a Prometheus text exposition (what kube-apiserver's {@code /metrics} answers),
 * read line by line: {@code name{label="value",...} value [timestamp]}. Comments ({@code # HELP},
 * {@code # TYPE}) and blank lines are skipped; labels may come in any order and their values may
 * hold escaped quotes, backslashes and newlines; values are Go floats ({@code 1e+06}, {@code +Inf}).
 */
public final class PrometheusText {
    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {
        public String label(String key) {
            return labels.getOrDefault(key, "");
        }
    }

    private PrometheusText() {}

    /** The samples named {@code name} (exactly; {@code _bucket} and such are other names). */
    public static List<Sample> samples(String text, String name) {
        return samples(text, Set.of(name)).get(name);
    }

    /**
     * The samples of each of {@code names}, in one pass over the text (a kube-apiserver's
     * {@code /metrics} runs to 12,000 lines); a name without samples maps to an empty list.
     */
    public static Map<String, List<Sample>> samples(String text, Set<String> names) {
        Map<String, List<Sample>> found = new LinkedHashMap<>();
        names.forEach(n -> found.put(n, new ArrayList<>()));
        for (String line : text.split("\n")) {
            String l = line.strip();
            int end = 0;
            while (end < l.length() && l.charAt(end) != '{' && l.charAt(end) != ' ') {
                end++;
            }
            List<Sample> into = l.startsWith("#") ? null : found.get(l.substring(0, end));
            if (into != null) {
                into.add(parse(l));
            }
        }
        return found;
    }

    /** One sample line, already known not to be a comment. */
    static Sample parse(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
            i++;
        }
        String name = line.substring(0, i);
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i = labels(line, i + 1, labels);
        }
        String[] rest = line.substring(i).strip().split("\\s+");
        return new Sample(name, labels, value(rest[0], line));
    }

    /** Reads {@code key="value",...}} from {@code i}, just after the brace; returns the index after the closing one. */
    private static int labels(String line, int i, Map<String, String> into) {
        while (true) {
            while (i < line.length() && (line.charAt(i) == ',' || line.charAt(i) == ' ')) {
                i++;
            }
            if (i >= line.length()) {
                throw new IllegalArgumentException("unclosed labels: " + line);
            }
            if (line.charAt(i) == '}') {
                return i + 1;
            }
            int eq = line.indexOf('=', i);
            if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                throw new IllegalArgumentException("label without a quoted value: " + line);
            }
            String key = line.substring(i, eq).strip();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            for (; j < line.length() && line.charAt(j) != '"'; j++) {
                char c = line.charAt(j);
                if (c == '\\' && j + 1 < line.length()) {
                    char next = line.charAt(++j);
                    value.append(next == 'n' ? '\n' : next);
                } else {
                    value.append(c);
                }
            }
            if (j >= line.length()) {
                throw new IllegalArgumentException("unclosed label value: " + line);
            }
            into.put(key, value.toString());
            i = j + 1;
        }
    }

    private static double value(String token, String line) {
        return switch (token) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(token);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a sample value: " + line, e);
                }
            }
        };
    }
}
