package dev.informerbench.runner;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import dev.informerbench.client.ClientType;
import dev.informerbench.controlplane.ServerVersion;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.JmhMerge;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata.FamilyStatus;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.RowKey;
import dev.informerbench.summary.RunSummary;
import dev.informerbench.support.CpuTimes;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * One client's one-fork files of an interleaved run merged ({@link JmhMerge}) into one JMH
 * JSON file as a normal run writes it, with a sidecar that gathers the parts' sidecars: the
 * families' statuses over their rounds, the errors, the latency tables. Parts written without
 * a sidecar (fabric8's, client-go's) count by their process's exit and result file, on a
 * sidecar this run describes ({@link #describeCluster}); their forks ran under this run's id.
 */
final class VersionMerge {
    /** The merged result file, and whether every JVM of the version completed. */
    record Merged(Path json, boolean complete) {}

    private final Path folder;
    private final Instant started;
    private final List<String> jmhArgs;
    private final PrintStream log;
    private final String runId;
    private RunMetadata base;

    VersionMerge(Path folder, Instant started, List<String> jmhArgs, PrintStream log) {
        this.folder = folder;
        this.started = started;
        this.jmhArgs = jmhArgs;
        this.log = log;
        this.runId = SuiteRunner.runId(started);
    }

    /** The id the forks of processes without a sidecar run under: it names and labels their namespaces. */
    String runId() {
        return runId;
    }

    /** What a sidecar of this run says of the machine and the cluster, for parts without one. */
    void describeCluster(ClusterTarget.Connection connection, MultiVersionRunner.Request request) {
        RunMetadata base = RunMetadata.forThisMachine(request.projectHome());
        base.profile = request.profile().id();
        base.runId = runId;
        base.targetKind = request.target().kind();
        base.owner = Ownership.owner();
        ApiClient client = connection.newClient();
        base.targetServer = client.getBasePath();
        try {
            base.serverVersion = ServerVersion.gitVersion(client);
        } catch (ApiException e) {
            base.serverVersion = "unknown";
        }
        describe(base);
    }

    /** The sidecar parts without one start from. */
    void describe(RunMetadata base) {
        this.base = base;
    }

    /** Removes the namespaces the forks of processes without a sidecar created. */
    void deleteRunNamespaces(ClusterTarget.Connection connection) {
        Ownership.deleteRunNamespaces(connection.newClient(), runId, log);
    }

    /**
     * Merges the files of {@code contender} into {@code <T>_<client>-<v>_k8s-<k>[_<n>].json}
     * ({@code _2} for the second listing of the same version) and its sidecar; null when none
     * of its processes wrote a result.
     */
    Merged merge(Contender contender, List<Interleave.Run> runs) throws IOException {
        return merge(contender, runs, (run, row) -> true);
    }

    /** As above, each run's rows only where {@code keep} takes them (an adaptive run's: {@link PrecisionRounds}). */
    Merged merge(Contender contender, List<Interleave.Run> runs, BiPredicate<Interleave.Run, RowKey> keep)
            throws IOException {
        String label = contender.label();
        List<JsonArray> parts = new ArrayList<>();
        List<String> mergedFrom = new ArrayList<>();
        RunMetadata meta = null;
        Map<String, FamilyStatus> families = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        List<String> latency = new ArrayList<>();
        List<RunMetadata.Requests> requests = new ArrayList<>();
        List<CpuTimes.Share> cpu = new ArrayList<>();
        boolean complete = !runs.isEmpty();
        boolean interrupted = false;
        Set<String> reportedVersions = new TreeSet<>();
        for (Interleave.Run run : runs) {
            complete &= run.status == Status.COMPLETE;
            interrupted |= run.status == Status.INTERRUPTED;
            RunMetadata partMeta = null;
            if (run.resultFile != null) {
                Path json = folder.resolve(run.resultFile);
                parts.add(JmhMerge.select(JsonParser.parseString(Files.readString(json)).getAsJsonArray(),
                        row -> keep.test(run, row)));
                mergedFrom.add(run.resultFile);
                partMeta = Files.isRegularFile(VersionJvms.sidecarOf(json))
                        ? ResultFile.readMetadata(VersionJvms.sidecarOf(json)) : described(contender, run);
            }
            if (partMeta == null) {
                String why = "round " + run.round + ": the JVM exited with code " + run.exitCode
                        + " and wrote no result";
                errors.add(run.family + " " + why);
                families.merge(run.family, new FamilyStatus(run.family,
                        run.status == Status.INTERRUPTED ? Status.INTERRUPTED : Status.FAILED, why, 0),
                        VersionMerge::sameFamily);
                continue;
            }
            if (meta == null) {
                meta = partMeta;
            }
            // client-java's forks write their jar's version into the sidecar; the others' none
            Optional.ofNullable(partMeta.clientJavaVersion).ifPresent(reportedVersions::add);
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
            latency.addAll(run.latencyFiles);
            Optional.ofNullable(run.requests != null ? run.requests : partMeta.requests).ifPresent(requests::add);
            Optional.ofNullable(partMeta.cpu).ifPresent(cpu::add);
            meta.finishedAt = partMeta.finishedAt;
        }
        if (meta == null) {
            log.printf("[run-bench] %s: no run wrote a result%n", label);
            return null;
        }
        ClientType type = contender.spec().type();
        // the contender launched names the file: two builds that report one version keep two files
        String version = contender.spec().version();
        Checkout checkout = contender.spec().checkout();
        reportedVersions.remove(version);
        if (checkout != null) {
            reportedVersions.remove(checkout.declaredVersion());
        }
        String reported = type != ClientType.CLIENT_JAVA || reportedVersions.isEmpty() ? null
                : String.join(", ", reportedVersions);
        if (reported != null) {
            log.printf("[run-bench] %s: its forks report %s %s, not %s: its files are named after the build"
                    + " launched (%s); check that the build is the one meant%n", label, type.id(), reported, version,
                    contender.artifact());
        }
        String stem = ResultFile.stem(started, type.id(), contender.spec().fileVersion(), meta.serverVersion)
                + (contender.occurrence() > 1 ? "_" + contender.occurrence() : "");
        if (Files.exists(folder.resolve(stem + ".json"))) {
            throw new IllegalStateException(label + ": " + stem + ".json is another contender's already; two"
                    + " contenders never share a file");
        }
        ResultFile file = ResultFile.create(folder, stem);
        Interleave.writeAtomically(file.json(), Interleave.GSON.toJson(JmhMerge.merge(parts)));
        meta.startedAt = ResultFile.iso(started);
        meta.status = complete ? Status.COMPLETE : interrupted ? Status.INTERRUPTED : Status.FAILED;
        meta.error = errors.isEmpty() ? null : String.join("; ", errors);
        meta.resultFile = file.json().getFileName().toString();
        meta.latencyFiles = latency;
        meta.jmhArgs = jmhArgs;
        meta.families = new ArrayList<>(families.values());
        meta.label = label;
        meta.client = type.id();
        meta.clientVersion = version;
        meta.reportedVersion = reported;
        meta.clientBuild = checkout != null ? checkout.describe() : LocalBuilds.describe(type, version).orElse(null);
        meta.forkJdk = ForkJvm.sidecar(contender.spec().jvm());
        if (checkout != null && checkout.dirty()) {
            // what the build measured differs from its commit by this: kept beside its result
            Files.writeString(folder.resolve(stem + ".diff"), checkout.diff());
        }
        meta.interleaveFile = Interleave.FILE;
        meta.mergedFrom = mergedFrom;
        meta.requests = RequestAudit.combine(requests);
        // the parts' mean: each is one fork's process, and they ran one after another
        meta.cpu = cpu.isEmpty() ? null : new CpuTimes.Share(
                cpu.stream().mapToDouble(CpuTimes.Share::busyPercent).average().orElse(0),
                cpu.stream().mapToDouble(CpuTimes.Share::stealPercent).average().orElse(0));
        file.writeMetadata(meta);
        Files.writeString(folder.resolve(stem + ".summary.txt"),
                RunSummary.render(JmhJson.read(file.json()), List.of()));
        log.printf("[run-bench] %s: %d one-fork files merged into %s (%s)%n", label, parts.size(),
                file.json().getFileName(), meta.status);
        return new Merged(file.json(), complete);
    }

    /** The sidecar of a part written without one: this run's, the family's status as its process ended. */
    private RunMetadata described(Contender contender, Interleave.Run run) {
        RunMetadata meta = Interleave.GSON.fromJson(Interleave.GSON.toJson(base), RunMetadata.class);
        meta.clientJavaVersion = null;
        meta.jmhVersion = null;
        meta.finishedAt = run.finishedAt;
        double seconds = Duration.between(Instant.parse(run.startedAt), Instant.parse(run.finishedAt)).toMillis() / 1e3;
        meta.families.add(new FamilyStatus(run.family, run.status, run.status == Status.COMPLETE ? null
                : contender.label() + " exited with code " + run.exitCode, seconds));
        return meta;
    }

    /** One family's status over its rounds: failed if any round failed, its time summed. */
    private static FamilyStatus sameFamily(FamilyStatus a, FamilyStatus b) {
        Status status = a.status == Status.FAILED || b.status == Status.FAILED ? Status.FAILED
                : a.status == Status.COMPLETE || b.status == Status.COMPLETE ? Status.COMPLETE : a.status;
        String error = a.error == null ? b.error : b.error == null ? a.error : a.error + "; " + b.error;
        return new FamilyStatus(a.name, status, error, a.seconds + b.seconds);
    }
}
