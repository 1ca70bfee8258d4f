package dev.informerbench.runner;

import dev.informerbench.controlplane.ControlPlaneException;
import dev.informerbench.controlplane.ServerVersion;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.fork.Plant;
import dev.informerbench.clientjava.SuiteClients;
import dev.informerbench.local.FileTrees;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.support.CpuTimes;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Runs a profile's families one after another against one cluster, with JMH forks told
 * where the cluster is, and collects everything into one result file, its sidecar and the
 * latency tables. After every family the files on disk are complete and valid.
 */
public final class SuiteRunner {
    private static final DateTimeFormatter RUN_ID =
            DateTimeFormatter.ofPattern("'r'yyyyMMdd'-'HHmmss").withZone(ZoneOffset.UTC);

    /**
     * What to run, where, and where the files go; {@code families}: the names of the profile's
     * families to run (an interleaved multi-version run starts one per JVM), empty: all.
     */
    public record Request(Profile profile, ClusterTarget target, JmhArgs jmhArgs, Path resultsDir, Path projectHome,
            Set<String> families) {
        public Request(Profile profile, ClusterTarget target, JmhArgs jmhArgs, Path resultsDir, Path projectHome) {
            this(profile, target, jmhArgs, resultsDir, projectHome, Set.of());
        }

        public Request {
            families = Set.copyOf(families);
            for (String name : families) {
                if (profile.families().stream().noneMatch(f -> f.name().equals(name))) {
                    throw new IllegalArgumentException("profile " + profile.id() + " has no family " + name);
                }
            }
        }

        /** The families this run goes through, in the profile's order. */
        public List<Family> selectedFamilies() {
            return profile.families().stream().filter(f -> families.isEmpty() || families.contains(f.name())).toList();
        }
    }

    /** What a run produced. */
    public record Outcome(ResultFile file, RunMetadata metadata, String summary) {}

    private final PrintStream log;
    private String runIdSuffix = "";

    public SuiteRunner(PrintStream log) {
        this.log = log;
    }

    /**
     * This run as shard {@code index} of an Indexed Job: its run id, which names and labels its
     * namespaces, ends in {@code -s<index>}. The Job starts its pods within the same second, and
     * two shards under one id would share a namespace, and delete it under each other.
     */
    public SuiteRunner asShard(int index) {
        runIdSuffix = "-s" + index;
        return this;
    }

    public Outcome run(Request request) throws IOException {
        Instant started = Instant.now();
        RunMetadata meta = newMetadata(request, started, runIdSuffix);
        markKilledRuns(request.resultsDir());
        log.printf("[run-bench] profile %s, client-java %s, target %s%n", meta.profile, meta.clientJavaVersion,
                meta.targetKind);
        try (ClusterTarget.Connection connection = request.target().connect()) {
            ApiClient client = SuiteClients.counted(connection.newClient());
            meta.targetServer = client.getBasePath();
            meta.serverVersion = serverVersion(client);
            log.printf("[run-bench] cluster %s, Kubernetes %s%n", meta.targetServer, meta.serverVersion);

            ResultFile file = ResultFile.create(request.resultsDir(),
                    ResultFile.stem(started, meta.clientJavaVersion, meta.serverVersion));
            meta.resultFile = file.json().getFileName().toString();
            Path latencyDir = request.resultsDir().resolve("." + meta.runId + ".latency");
            RequestAudit requests =
                    new RequestAudit(client, request.resultsDir().resolve("." + meta.runId + ".requests"));
            RunNamespaces.removeThoseOfDeadRuns(client, log);
            Thread interrupted = onInterrupt(meta, file, client, !request.target().endsWithTheRun());
            ScheduledExecutorService heartbeat = RunNamespaces.heartbeat(client, meta.runId, log);
            file.writeMetadata(meta);
            Path phaseFile = Files.createTempFile("informer-bench-phase", ".txt");
            try (ClusterWatchdog watchdog = new ClusterWatchdog(client, log)) {
                Optional<CpuTimes> cpuAtStart = CpuTimes.now();
                RunContext run = new RunContext(request, connection, meta, file, latencyDir, phaseFile, watchdog,
                        requests);
                try {
                    runFamilies(run);
                } finally {
                    heartbeat.shutdownNow();
                    // the run's last requests, before the final count; nothing to delete in a stopped
                    // control plane of the run's own (its shutdown hook takes the server and its data)
                    if (unitOf().isEmpty()
                            && !(meta.status == Status.INTERRUPTED && request.target().endsWithTheRun())) {
                        RunNamespaces.delete(client, meta.runId, log);
                    }
                }
                return RunOutcome.settle(run, cpuAtStart, log);
            } finally {
                Files.deleteIfExists(phaseFile);
                heartbeat.shutdownNow();
                FileTrees.delete(latencyDir);
                FileTrees.delete(requests.dir());
                try {
                    Runtime.getRuntime().removeShutdownHook(interrupted);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs anyway
                }
            }
        }
    }

    /** The sidecar as it starts: what runs, on what machine, by which process. */
    private static RunMetadata newMetadata(Request request, Instant started, String runIdSuffix) {
        RunMetadata meta = RunMetadata.forThisMachine(request.projectHome());
        meta.profile = request.profile().id();
        // A unit of an interleaved run measures in its parent's namespaces (ForkSettings.RUN_ID and
        // the owner are the parent's): seeded once for all units and contenders, removed by the parent.
        meta.runId = unitOf().orElse(runId(started) + runIdSuffix);
        meta.targetKind = request.target().kind();
        meta.startedAt = ResultFile.iso(started);
        meta.jmhArgs = request.jmhArgs().raw();
        meta.owner = Ownership.owner();
        meta.forkJvm = request.profile().forkJvm();
        meta.plantPercent = Plant.PERCENT;
        return meta;
    }

    /**
     * The parent's run id when this run is a unit of an interleaved run. Each unit used to seed a
     * namespace of its own and delete it as it ended: 1,000 creates and deletes per unit, whose
     * aftermath in kube-apiserver and etcd ran on the same two cores as the next measurement.
     */
    static Optional<String> unitOf() {
        return Optional.ofNullable(System.getProperty(ForkSettings.RUN_ID)).filter(s -> !s.isBlank());
    }

    /** The id of a run started at {@code started}: it labels and names the run's namespaces. */
    static String runId(Instant started) {
        return RUN_ID.format(started);
    }

    /** Sidecars of earlier runs that died without saying so get the status they earned. */
    private void markKilledRuns(Path resultsDir) throws IOException {
        for (Path killed : ResultFile.markKilled(resultsDir, Ownership::isDeadOwner)) {
            log.printf("[run-bench] %s: that run was killed; marked its status 'killed'%n", killed.getFileName());
        }
    }

    /**
     * Ctrl-C or SIGTERM: keep what was measured, say so, and remove this run's namespaces
     * ({@code deleteNamespaces}; not in a control plane that stops with the run).
     */
    private Thread onInterrupt(RunMetadata meta, ResultFile file, ApiClient client, boolean deleteNamespaces) {
        Thread interrupted = new Thread(() -> {
            if (meta.status == Status.RUNNING) {
                meta.status = Status.INTERRUPTED;
                meta.finishedAt = ResultFile.iso(Instant.now());
                file.writeMetadata(meta);
                if (unitOf().isEmpty() && deleteNamespaces) {
                    RunNamespaces.delete(client, meta.runId, log);
                }
            }
        });
        Runtime.getRuntime().addShutdownHook(interrupted);
        return interrupted;
    }

    /** The selected families in order, until one finds the cluster gone. */
    private void runFamilies(RunContext run) throws IOException {
        JmhArgs jmhArgs = run.request().jmhArgs();
        // A family the user's pattern leaves nothing of is recorded as skipped, not announced.
        List<Family> families = new ArrayList<>();
        for (Family f : run.request().selectedFamilies()) {
            if (jmhArgs.benchmarksMatching(jmhArgs.include(f)).isEmpty()) {
                run.meta().families.add(new RunMetadata.FamilyStatus(f.name(), Status.SKIPPED, null, 0));
            } else {
                families.add(f);
            }
        }
        RunProgress progress = new RunProgress(families.stream().map(f -> new RunProgress.Planned(f.name(),
                RunProgress.estimateSeconds(f, jmhArgs.rowsMatching(jmhArgs.include(f), jmhArgs.params(f.params())),
                        jmhArgs.forks() > 0 ? jmhArgs.forks() : f.forks())))
                .toList());
        long t0 = System.nanoTime();
        for (int i = 0; i < families.size(); i++) {
            log.printf("%n[run-bench] %s%n", progress.startLine(i, (System.nanoTime() - t0) / 1e9));
            if (!new FamilyRun(families.get(i), run, log).run()) {
                if (run.meta().error != null) {
                    log.printf("[run-bench] %s%n", run.meta().error);
                }
                break;
            }
        }
    }

    private static String serverVersion(ApiClient client) {
        try {
            return ServerVersion.gitVersion(client);
        } catch (ApiException e) {
            throw new ControlPlaneException(
                    "the cluster did not answer GET /version (" + e.getCode() + " " + e.getMessage() + ")");
        }
    }
}
