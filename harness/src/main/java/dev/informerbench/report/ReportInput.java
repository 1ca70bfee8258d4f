package dev.informerbench.report;

import dev.informerbench.results.Hgrm;
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
    record Latency(String name, String round, Path file, Hgrm table, String problem) {
        /** The file read; a damaged one is kept as its problem, for the flags, and drawn nowhere. */
        static Latency read(String name, String round, Path file) {
            try {
                return new Latency(name, round, file, Hgrm.read(file), null);
            } catch (RuntimeException e) {
                return new Latency(name, round, file, null, file.getFileName() + " cannot be read: " + e.getMessage());
            }
        }
    }

    /**
     * The files with their sidecars. Labels come from the sidecars; when two runs share one (base
     * and head of one client version, as the CI workflow has them) the file names tell them apart,
     * and only when those repeat too does a {@code #2} follow.
     */
    static List<ReportInput> of(List<Path> files) {
        List<RunMetadata> metas = files.stream().map(ReportInput::sidecar).toList();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            labels.add(label(files.get(i), metas.get(i)));
        }
        if (labels.stream().distinct().count() < labels.size()) {
            List<String> told = distinctParts(files.stream().map(ReportInput::stem).toList());
            for (int i = 0; i < labels.size(); i++) {
                labels.set(i, labels.get(i) + " (" + told.get(i) + ")");
            }
        }
        List<ReportInput> inputs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            String label = labels.get(i);
            int count = seen.merge(label, 1, Integer::sum);
            inputs.add(new ReportInput(files.get(i), count == 1 ? label : label + " #" + count, metas.get(i),
                    latencies(files.get(i), metas.get(i))));
        }
        return inputs;
    }

    /**
     * What tells file names apart: each without the ending they all share, cut at an underscore
     * ({@code 20261130T160043Z} of {@code 20261130T160043Z_client-java-27.0.0_k8s-1.36.3}).
     */
    static List<String> distinctParts(List<String> stems) {
        String first = stems.get(0);
        int cut = first.length();
        for (int at = first.indexOf('_'); at >= 0; at = first.indexOf('_', at + 1)) {
            String ending = first.substring(at);
            if (stems.stream().allMatch(s -> s.endsWith(ending) && s.length() > ending.length())) {
                cut = at;
                break;
            }
        }
        int shared = first.length() - cut;
        return stems.stream().map(s -> s.substring(0, s.length() - shared)).toList();
    }

    private static String stem(Path file) {
        return String.valueOf(file.getFileName()).replaceFirst("\\.json$", "");
    }

    private static RunMetadata sidecar(Path file) {
        Path meta = file.resolveSibling(stem(file) + ".meta.json");
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
        Path folder = file.toAbsolutePath().normalize().getParent();
        String recorded = meta.resultFile == null ? null : meta.resultFile.replaceFirst("\\.json$", "");
        for (String name : meta.latencyFiles) {
            // Files renamed with their result file (the CI workflow's base.* and head.*) keep the sidecar's old names.
            String renamed = recorded != null && name.startsWith(recorded + ".") ? stem(file) + name.substring(
                    recorded.length()) : name;
            Path hgrm = folder.resolve(Files.isRegularFile(folder.resolve(name)) ? name : renamed).normalize();
            if (!hgrm.startsWith(folder) || !Files.isRegularFile(hgrm)) {
                continue; // a name leaving the run's folder is not the run's
            }
            String base = hgrm.getFileName().toString().replaceFirst("\\.hgrm$", "");
            String row = rowName(base.startsWith(stem(file) + ".") ? base.substring(stem(file).length() + 1) : base);
            // Interleaved runs keep one table per round: parts/r2-<family>-<client>/<row>.hgrm.
            String round = name.startsWith("parts/") ? name.substring(6).replaceFirst("-.*", "") : "";
            all.add(Latency.read(row, round, hgrm));
        }
        return all;
    }

    /**
     * The row a latency file is of, without a run's stem: {@code DirectGet.unthrottled-objects=1000}
     * of {@code 20261130T221347Z_client-java-27.0.0_k8s-1.36.3.DirectGet.unthrottled-objects=1000}. The
     * stem holds dots (versions): it ends after the server version ({@code _k8s-} and its dotted numbers).
     */
    static String rowName(String base) {
        Matcher m = STEM.matcher(base);
        return m.lookingAt() ? base.substring(m.end()) : base;
    }
}
