package dev.informerbench.comparison;

import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One client's versions in the order they were given, and each <b>step</b>: a version against the
 * one before it, with compare's statistics (its noise floor, its verdict). A version listed twice
 * (an A/A pair inside the run) is a step like the others, the one that should read {@code ~}.
 * Which client a file belongs to and its label come from its sidecar ({@code .meta.json}); files
 * of several clients make one history each, in the order their clients first appear.
 *
 * @param client the client's name, e.g. client-java ("files" when no sidecar names one)
 * @param versions each version's label and file, in order
 * @param comparison every version against the first: the cells (mean ± interval per version)
 * @param steps per table and row (by {@link #key}), the step into version i at index i - 1; null
 *     where a side lacks the row
 */
public record History(String client, List<Source> versions, Comparison comparison, Map<String, List<Delta>> steps) {
    /** A step beyond the noise: version {@code to} against {@code to - 1}, in one row of one table. */
    public record Change(History history, Table table, Row row, int to, Delta delta) {
        public String from() {
            return history.versions.get(to - 1).label();
        }

        public String into() {
            return history.versions.get(to).label();
        }
    }

    /** The histories of {@code files}, one per client, with compare's settings. */
    public static List<History> of(List<Path> files, double alpha, double confidence, double minChange) {
        if (files.size() < 2) {
            throw new IllegalArgumentException("a history needs two files or more, not " + files.size());
        }
        Map<String, List<Source>> byClient = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Path file : files) {
            RunMetadata meta = sidecar(file);
            String client = meta != null && meta.client != null ? meta.client : "files";
            String label = meta == null ? String.valueOf(file.getFileName())
                    : meta.label != null && !meta.label.isBlank() ? meta.label
                    : meta.client + " " + meta.clientVersion;
            int count = seen.merge(label, 1, Integer::sum);
            byClient.computeIfAbsent(client, k -> new ArrayList<>())
                    .add(new Source(count == 1 ? label : label + " #" + count, file));
        }
        List<History> histories = new ArrayList<>();
        byClient.forEach((client, sources) -> {
            if (sources.size() >= 2) {
                histories.add(of(client, sources, alpha, confidence, minChange));
            }
        });
        if (histories.isEmpty()) {
            throw new IllegalArgumentException("a history needs two files of one client; these " + files.size()
                    + " files are of " + byClient.size() + " clients, one file each");
        }
        return histories;
    }

    static History of(String client, List<Source> versions, double alpha, double confidence, double minChange) {
        List<Path> files = versions.stream().map(Source::path).toList();
        List<String> labels = versions.stream().map(Source::label).toList();
        Comparison all = Comparison.of(files, labels, alpha, confidence, minChange);
        Map<String, List<Delta>> steps = new LinkedHashMap<>();
        for (int to = 1; to < versions.size(); to++) {
            Comparison step = Comparison.of(files.subList(to - 1, to + 1), labels.subList(to - 1, to + 1), alpha,
                    confidence, minChange);
            for (Table table : step.tables()) {
                for (Row row : table.rows()) {
                    List<Delta> line = steps.computeIfAbsent(key(table, row), k -> new ArrayList<>());
                    while (line.size() < to - 1) {
                        line.add(null);
                    }
                    line.add(row.delta(1));
                }
            }
        }
        steps.values().forEach(line -> {
            while (line.size() < versions.size() - 1) {
                line.add(null);
            }
        });
        return new History(client, List.copyOf(versions), all, steps);
    }

    /** A row of a table, the same in every comparison of the files: measure, mode, benchmark and parameters. */
    static String key(Table table, Row row) {
        return table.metric() + "|" + table.mode() + "|" + row.name() + "|" + row.params();
    }

    /** The step into version {@code to} (1 or more) in {@code row} of {@code table}; null where a side lacks it. */
    public Delta step(Table table, Row row, int to) {
        List<Delta> line = steps.get(key(table, row));
        return line == null ? null : line.get(to - 1);
    }

    /** Whether the step into version {@code to} is a version against itself: an A/A pair. */
    public boolean repeat(int to) {
        return stripRepeat(versions.get(to).label()).equals(stripRepeat(versions.get(to - 1).label()));
    }

    private static String stripRepeat(String label) {
        return label.replaceFirst(" #\\d+$", "");
    }

    /** The scores' steps beyond the noise (better, worse or changed), in table, row and version order. */
    public List<Change> changes() {
        List<Change> changes = new ArrayList<>();
        for (Table table : comparison.primaryTables()) {
            for (Row row : table.rows()) {
                for (int to = 1; to < versions.size(); to++) {
                    Delta d = step(table, row, to);
                    if (d != null && d.significant()) {
                        changes.add(new Change(this, table, row, to, d));
                    }
                }
            }
        }
        return changes;
    }

    private static RunMetadata sidecar(Path file) {
        Path meta = file.resolveSibling(String.valueOf(file.getFileName()).replaceFirst("\\.json$", ".meta.json"));
        try {
            return Files.isRegularFile(meta) ? ResultFile.readMetadata(meta) : null;
        } catch (IOException | RuntimeException e) {
            return null; // a damaged sidecar: the file is named by its file name
        }
    }
}
