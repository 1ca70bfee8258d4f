package dev.informerbench.report;

import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One result file of the report with what lies beside it: the run's sidecar
 * ({@code <stem>.meta.json}, absent for other projects' files) and the GET latency tables it
 * names ({@code .hgrm}).
 *
 * @param label the file's column name: the sidecar's label or client and version, else the file name
 * @param meta null when the file has no sidecar
 */
record ReportInput(Path file, String label, RunMetadata meta, List<Latency> latencies) {
    private static final Pattern STEM = Pattern.compile("\\d{8}T\\d{6}Z_.*?_k8s-[^.]*(?:\\.[0-9][^.]*)*\\.");

    /**
     * A latency table of one benchmark row, from one round of an interleaved run (round "" for a
     * run of its own).
     */
    record Latency(String name, String round, Path file) {}

    static List<ReportInput> of(List<Path> files) {
        List<ReportInput> inputs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Path file : files) {
            RunMetadata meta = sidecar(file);
            String label = label(file, meta);
            int count = seen.merge(label, 1, Integer::sum);
            inputs.add(new ReportInput(file, count == 1 ? label : label + " #" + count, meta, latencies(file, meta)));
        }
        return inputs;
    }

    private static RunMetadata sidecar(Path file) {
        Path meta = file.resolveSibling(file.getFileName().toString().replaceFirst("\\.json$", "") + ".meta.json");
        if (!Files.isRegularFile(meta)) {
            return null;
        }
        try {
            RunMetadata m = ResultFile.readMetadata(meta);
            return m != null && RunMetadata.SCHEMA.equals(m.schema) ? m : null;
        } catch (IOException | RuntimeException e) {
            return null; // a damaged sidecar loses the metadata section, not the report
        }
    }

    private static String label(Path file, RunMetadata meta) {
        if (meta != null && meta.label != null && !meta.label.isBlank()) {
            return meta.label;
        }
        if (meta != null && meta.client != null && meta.clientVersion != null) {
            return meta.client + " " + meta.clientVersion;
        }
        if (meta != null && meta.clientJavaVersion != null) {
            return "client-java " + meta.clientJavaVersion;
        }
        return String.valueOf(file.getFileName());
    }

    /** The sidecar's latency files that exist, named by their row ({@code DirectGet.unthrottled-objects=1000}). */
    private static List<Latency> latencies(Path file, RunMetadata meta) {
        List<Latency> all = new ArrayList<>();
        if (meta == null || meta.latencyFiles == null) {
            return all;
        }
        for (String name : meta.latencyFiles) {
            Path hgrm = file.resolveSibling(name).normalize();
            if (!Files.isRegularFile(hgrm)) {
                continue;
            }
            String base = hgrm.getFileName().toString().replaceFirst("\\.hgrm$", "");
            String row = rowName(base);
            // Interleaved runs keep one table per round: parts/r2-<family>-<client>/<row>.hgrm.
            String round = name.startsWith("parts/") ? name.substring(6).replaceFirst("-.*", "") : "";
            all.add(new Latency(row, round, hgrm));
        }
        return all;
    }

    /**
     * The row a latency file is of, without the run's stem: {@code DirectGet.unthrottled-objects=1000}
     * of {@code 20261130T221347Z_client-java-27.0.0_k8s-1.36.3.DirectGet.unthrottled-objects=1000}. The
     * stem holds dots (versions), the row starts at the first dot before a capital letter after it.
     */
    static String rowName(String base) {
        Matcher m = STEM.matcher(base);
        return m.lookingAt() ? base.substring(m.end()) : base;
    }
}
