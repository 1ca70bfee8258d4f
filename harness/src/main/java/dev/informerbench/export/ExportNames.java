package dev.informerbench.export;

import dev.informerbench.results.JmhJson.Entry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Names of exported rows, the key a tracking tool keeps a row's history under, so they stay the
 * same from run to run: the method's short name and the params as JMH lists them,
 * {@code DirectGet.unthrottled (burst=10, objects=1000, qps=5)}. Only where that is not unique
 * in a file does more come in, step by step for the names that still clash: the mode (one
 * benchmark run in several modes), the thread count, then the whole benchmark name (two classes of
 * one simple name) with them. So a name stays the same from run to run as long as the rows it
 * could clash with stay the same: a later run that adds a second mode of a benchmark renames its
 * rows, and a history keyed by name starts afresh for them. A secondary metric is its row's name and the metric's,
 * {@code ... api.get}. With several files each name ends in its file's label, {@code [fabric8-8.0.0]}.
 */
final class ExportNames {
    private ExportNames() {}

    /** One unique name per entry, in the order of the entries. */
    static List<String> of(List<Entry> entries) {
        List<Function<Entry, String>> steps = List.of(
                e -> e.shortName() + params(e),
                e -> e.shortName() + params(e) + " [" + e.mode() + "]",
                e -> e.shortName() + params(e) + " [" + e.mode() + ", threads=" + e.threads() + "]",
                e -> e.benchmark() + params(e),
                e -> e.benchmark() + params(e) + " [" + e.mode() + "]",
                e -> e.benchmark() + params(e) + " [" + e.mode() + ", threads=" + e.threads() + "]");
        List<String> names = new ArrayList<>();
        for (Entry e : entries) {
            names.add(steps.get(0).apply(e));
        }
        for (int step = 1; step < steps.size(); step++) {
            // Only rows that differ clash: a row in a file twice gets no longer name for it, only a number.
            Map<String, Set<String>> rows = new HashMap<>();
            for (int i = 0; i < entries.size(); i++) {
                rows.computeIfAbsent(names.get(i), n -> new HashSet<>()).add(key(entries.get(i)));
            }
            for (int i = 0; i < entries.size(); i++) {
                if (rows.get(names.get(i)).size() > 1) {
                    names.set(i, steps.get(step).apply(entries.get(i)));
                }
            }
        }
        // The same row twice in one file (JMH does not write that; a hand-joined file might).
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            int count = seen.merge(names.get(i), 1, Integer::sum);
            if (count > 1) {
                names.set(i, names.get(i) + " #" + count);
            }
        }
        return names;
    }

    /** A secondary metric's entry: its row's name and its own. */
    static String secondary(String rowName, String metric) {
        return rowName + " " + metric;
    }

    /** What tells the files of one export apart: nothing for one file, the label for several. */
    static String fileSuffix(ExportInput input, int files) {
        return files > 1 ? " [" + input.label() + "]" : "";
    }

    private static String key(Entry e) {
        return e.benchmark() + "\n" + e.mode() + "\n" + e.threads() + "\n" + e.params();
    }

    private static String params(Entry e) {
        if (e.params().isEmpty()) {
            return "";
        }
        return e.params().entrySet().stream().map(p -> p.getKey() + "=" + p.getValue())
                .collect(Collectors.joining(", ", " (", ")"));
    }
}
