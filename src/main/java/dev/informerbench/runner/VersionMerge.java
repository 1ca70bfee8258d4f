package dev.informerbench.runner;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.JmhMerge;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata.FamilyStatus;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.RunSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One version's one-fork files of an interleaved run merged ({@link JmhMerge}) into one JMH
 * JSON file as a normal run writes it, with a sidecar that gathers the parts' sidecars: the
 * families' statuses over their rounds, the errors, the latency tables.
 */
final class VersionMerge {
    /** The merged result file, and whether every JVM of the version completed. */
    record Merged(Path json, boolean complete) {}

    private final Path folder;
    private final Instant started;
    private final List<String> jmhArgs;
    private final PrintStream log;

    VersionMerge(Path folder, Instant started, List<String> jmhArgs, PrintStream log) {
        this.folder = folder;
        this.started = started;
        this.jmhArgs = jmhArgs;
        this.log = log;
    }

    /**
     * Merges the files of {@code versions.get(index)} into {@code <T>_client-java-<v>_k8s-<k>[_<n>].json}
     * ({@code _2} for the second listing of the same version) and its sidecar; null when none
     * of its JVMs wrote a result.
     */
    Merged merge(List<String> versions, int index, String label, List<Interleave.Run> runs) throws IOException {
        List<JsonArray> parts = new ArrayList<>();
        List<String> mergedFrom = new ArrayList<>();
        RunMetadata meta = null;
        Map<String, FamilyStatus> families = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        List<String> latency = new ArrayList<>();
        boolean complete = !runs.isEmpty();
        for (Interleave.Run run : runs) {
            complete &= run.status == Status.COMPLETE;
            RunMetadata partMeta = null;
            if (run.resultFile != null) {
                Path json = folder.resolve(run.resultFile);
                parts.add(JsonParser.parseString(Files.readString(json)).getAsJsonArray());
                mergedFrom.add(run.resultFile);
                if (Files.isRegularFile(VersionJvms.sidecarOf(json))) {
                    partMeta = ResultFile.readMetadata(VersionJvms.sidecarOf(json));
                }
            }
            if (partMeta == null) {
                String why = "round " + run.round + ": the JVM exited with code " + run.exitCode
                        + " and wrote no result";
                errors.add(run.family + " " + why);
                families.merge(run.family, new FamilyStatus(run.family, Status.FAILED, why, 0),
                        VersionMerge::sameFamily);
                continue;
            }
            if (meta == null) {
                meta = partMeta;
            }
            if (partMeta.error != null) {
                errors.add("round " + run.round + ": " + partMeta.error);
            }
            for (FamilyStatus f : partMeta.families) {
                families.merge(f.name, new FamilyStatus(f.name, f.status,
                        f.error == null ? null : "round " + run.round + ": " + f.error, f.seconds),
                        VersionMerge::sameFamily);
            }
            Path partDir = folder.resolve(run.resultFile).getParent();
            for (String hgrm : partMeta.latencyFiles) {
                latency.add(folder.relativize(partDir.resolve(hgrm)).toString());
            }
            meta.finishedAt = partMeta.finishedAt;
        }
        if (meta == null) {
            log.printf("[run-bench] %s: no run wrote a result%n", label);
            return null;
        }
        int occurrence = ClientVersions.occurrence(versions, index);
        String stem = ResultFile.stem(started, meta.clientJavaVersion, meta.serverVersion)
                + (occurrence > 1 ? "_" + occurrence : "");
        ResultFile file = ResultFile.create(folder, stem);
        Interleave.writeAtomically(file.json(), Interleave.GSON.toJson(JmhMerge.merge(parts)));
        meta.startedAt = ResultFile.iso(started);
        meta.status = complete ? Status.COMPLETE : Status.FAILED;
        meta.error = errors.isEmpty() ? null : String.join("; ", errors);
        meta.resultFile = file.json().getFileName().toString();
        meta.latencyFiles = latency;
        meta.jmhArgs = jmhArgs;
        meta.families = new ArrayList<>(families.values());
        meta.label = label;
        meta.interleaveFile = Interleave.FILE;
        meta.mergedFrom = mergedFrom;
        file.writeMetadata(meta);
        Files.writeString(folder.resolve(stem + ".summary.txt"), RunSummary.render(JmhJson.read(file.json()), List.of()));
        log.printf("[run-bench] %s: %d one-fork files merged into %s (%s)%n", label, parts.size(),
                file.json().getFileName(), meta.status);
        return new Merged(file.json(), complete);
    }

    /** One family's status over its rounds: failed if any round failed, its time summed. */
    private static FamilyStatus sameFamily(FamilyStatus a, FamilyStatus b) {
        Status status = a.status == Status.FAILED || b.status == Status.FAILED ? Status.FAILED
                : a.status == Status.COMPLETE || b.status == Status.COMPLETE ? Status.COMPLETE : a.status;
        String error = a.error == null ? b.error : b.error == null ? a.error : a.error + "; " + b.error;
        return new FamilyStatus(a.name, status, error, a.seconds + b.seconds);
    }
}
