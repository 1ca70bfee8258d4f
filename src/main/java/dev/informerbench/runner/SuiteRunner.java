package dev.informerbench.runner;

import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.target.ClusterTarget;
import dev.informerbench.fork.SuiteCluster;
import dev.informerbench.fixtures.ConfigMapFixtures;
import dev.informerbench.fixtures.Ownership;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.LatencyFiles;
import dev.informerbench.results.LatencyRecorder;
import dev.informerbench.fork.Phase;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.RunSummary;
import dev.informerbench.support.ServerVersion;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Namespace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs a profile's families one after another against one cluster, with JMH forks told
 * where the cluster is, and collects everything into one result file, its sidecar and the
 * latency tables. After every family the files on disk are complete and valid.
 */
public final class SuiteRunner {
    /** Fixed heap for forks: GC noise should not depend on the machine's memory. */
    private static final String[] FORK_JVM_ARGS = {"-Xms2g", "-Xmx2g"};
    private static final DateTimeFormatter RUN_ID =
            DateTimeFormatter.ofPattern("'r'yyyyMMdd'-'HHmmss").withZone(ZoneOffset.UTC);

    /**
     * What to run, where, and where the files go; {@code families}: the names of the profile's
     * families to run (an interleaved multi-version run starts one per JVM), empty: all.
     */
    public record Request(Profile profile, ClusterTarget target, JmhArgs jmhArgs, Path resultsDir, Path projectHome,
            java.util.Set<String> families) {
        public Request(Profile profile, ClusterTarget target, JmhArgs jmhArgs, Path resultsDir, Path projectHome) {
            this(profile, target, jmhArgs, resultsDir, projectHome, java.util.Set.of());
        }

        public Request {
            families = java.util.Set.copyOf(families);
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

    public SuiteRunner(PrintStream log) {
        this.log = log;
    }

    public Outcome run(Request request) throws IOException {
        Instant started = Instant.now();
        RunMetadata meta = RunMetadata.forThisMachine(request.projectHome());
        meta.profile = request.profile().id();
        meta.runId = RUN_ID.format(started);
        meta.targetKind = request.target().kind();
        meta.startedAt = ResultFile.iso(started);
        meta.jmhArgs = request.jmhArgs().raw();
        meta.owner = Ownership.owner();
        for (Path killed : ResultFile.markKilled(request.resultsDir(), Ownership::isDeadOwner)) {
            log.printf("[run-bench] %s: that run was killed; marked its status 'killed'%n", killed.getFileName());
        }

        log.printf("[run-bench] profile %s, client-java %s, target %s%n", meta.profile, meta.clientJavaVersion,
                meta.targetKind);
        try (ClusterTarget.Connection connection = request.target().connect()) {
            ApiClient client = connection.newClient();
            meta.targetServer = client.getBasePath();
            meta.serverVersion = serverVersion(client);
            log.printf("[run-bench] cluster %s, Kubernetes %s%n", meta.targetServer, meta.serverVersion);

            ResultFile file = ResultFile.create(request.resultsDir(),
                    ResultFile.stem(started, meta.clientJavaVersion, meta.serverVersion));
            meta.resultFile = file.json().getFileName().toString();
            Path latencyDir = request.resultsDir().resolve("." + meta.runId + ".latency");
            try {
                Ownership.removeStale(client, log);
            } catch (ApiException e) {
                log.printf("[run-bench] could not look for namespaces of dead runs: %s%n", e.getMessage());
            }
            // Ctrl-C or SIGTERM: keep what was measured, say so, and remove this run's namespaces.
            Thread interrupted = new Thread(() -> {
                if (meta.status.equals("running")) {
                    meta.status = "interrupted";
                    meta.finishedAt = ResultFile.iso(Instant.now());
                    file.writeMetadata(meta);
                    deleteRunNamespaces(client, meta.runId);
                }
            });
            Runtime.getRuntime().addShutdownHook(interrupted);
            ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "run-heartbeat");
                t.setDaemon(true);
                return t;
            });
            heartbeat.scheduleAtFixedRate(() -> {
                try {
                    Ownership.heartbeat(client, meta.runId);
                } catch (ApiException | RuntimeException e) {
                    log.printf("[run-bench] heartbeat failed: %s%n", e.getMessage());
                }
            }, 5, 5, TimeUnit.MINUTES);
            file.writeMetadata(meta);
            Path phaseFile = Files.createTempFile("informer-bench-phase", ".txt");
            try (ClusterWatchdog watchdog = new ClusterWatchdog(client, log)) {
                for (Family family : request.selectedFamilies()) {
                    if (!runFamily(family, request, connection, meta, file, latencyDir, phaseFile, watchdog)) {
                        log.printf("[run-bench] %s%n", meta.error);
                        break;
                    }
                }
                List<LatencyFiles.Percentiles> latencies = LatencyFiles.publish(latencyDir, request.resultsDir(),
                        file.json().getFileName().toString().replaceFirst("\\.json$", "."));
                latencies.forEach(p -> meta.latencyFiles.add(
                        file.json().getFileName().toString().replaceFirst("\\.json$", ".") + p.name() + ".hgrm"));
                boolean anyFailed = meta.error != null
                        || meta.families.stream().anyMatch(f -> f.status.equals("failed"));
                meta.status = anyFailed ? "failed" : "complete";
                meta.finishedAt = ResultFile.iso(Instant.now());
                file.writeMetadata(meta);

                String summary = RunSummary.render(Files.exists(file.json()) ? JmhJson.read(file.json()) : List.of(),
                        latencies);
                Files.writeString(request.resultsDir().resolve(
                        file.json().getFileName().toString().replaceFirst("\\.json$", ".summary.txt")), summary);
                return new Outcome(file, meta, summary);
            } finally {
                Files.deleteIfExists(phaseFile);
                heartbeat.shutdownNow();
                deleteTree(latencyDir);
                deleteRunNamespaces(client, meta.runId);
                try {
                    Runtime.getRuntime().removeShutdownHook(interrupted);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs anyway
                }
            }
        }
    }

    /**
     * Runs one family, one benchmark method per JMH invocation with {@code failOnError}: a
     * benchmark that fails is known by name, and the results of those before it are kept.
     * Returns false when the cluster is gone and the run should stop.
     */
    private boolean runFamily(Family family, Request request, ClusterTarget.Connection connection, RunMetadata meta,
            ResultFile file, Path latencyDir, Path phaseFile, ClusterWatchdog watchdog) throws IOException {
        List<String> jvmArgs = new ArrayList<>(List.of(FORK_JVM_ARGS));
        jvmArgs.add("-D" + SuiteCluster.KUBECONFIG + "=" + connection.kubeconfig().toAbsolutePath());
        if (connection.context() != null) {
            jvmArgs.add("-D" + SuiteCluster.CONTEXT + "=" + connection.context());
        }
        jvmArgs.add("-D" + SuiteCluster.RUN_ID + "=" + meta.runId);
        jvmArgs.add("-D" + Ownership.OWNER_PROPERTY + "=" + Ownership.owner());
        jvmArgs.add("-D" + LatencyRecorder.DIR_PROPERTY + "=" + latencyDir.toAbsolutePath());
        jvmArgs.add("-D" + Phase.FILE_PROPERTY + "=" + phaseFile.toAbsolutePath());

        long t0 = System.nanoTime();
        List<String> methods = request.jmhArgs().benchmarksMatching(request.jmhArgs().include(family));
        if (methods.isEmpty()) {
            meta.families.add(new RunMetadata.FamilyStatus(family.name(), "skipped", null, 0));
            file.writeMetadata(meta); // the user's benchmark pattern leaves nothing of this family
            return true;
        }
        log.printf("%n[run-bench] %s: %s%n", family.name(), request.profile().id());
        List<String> failures = new ArrayList<>();
        boolean clusterGone = false;
        for (String method : methods) {
            Path json = Files.createTempFile("informer-bench-" + family.name(), ".json");
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + java.util.regex.Pattern.quote(method) + "$")
                    .forks(family.forks())
                    .warmupIterations(family.warmupIterations())
                    .warmupTime(TimeValue.seconds(family.warmupSeconds()))
                    .measurementIterations(family.measurementIterations())
                    .measurementTime(TimeValue.seconds(family.measurementSeconds()))
                    .addProfiler(ApiRequestProfiler.class)
                    .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                    .shouldFailOnError(true)
                    .resultFormat(ResultFormatType.JSON)
                    .result(json.toString());
            request.jmhArgs().params(family.params()).forEach(options::param);
            request.jmhArgs().overlay(options);
            if (!request.target().kind().equals("local")) {
                // Variants that need a server the suite owns (Relist's restart starts a private local
                // control plane) are not built and started behind the back of a kind or cluster run.
                family.offLocalParams().forEach((key, value) -> {
                    options.param(key, value);
                    log.printf("[run-bench] %s: on a %s target only %s=%s is measured%n", family.name(),
                            request.target().kind(), key, value);
                });
            }
            try {
                new Runner(options.build()).run();
                file.append(json);
            } catch (RunnerException | RuntimeException e) {
                String where = Phase.read(phaseFile).orElse(method);
                failures.add(where + ": " + rootMessage(e));
                log.printf("[run-bench] %s failed in %s: %s%n", method, where, rootMessage(e));
                if (watchdog.checkNow()) {
                    meta.error = "the API server stopped answering during " + where + "; the result file keeps the "
                            + file.size() + " benchmark results finished before";
                    clusterGone = true;
                }
            } finally {
                Files.deleteIfExists(json);
            }
            if (clusterGone || watchdog.clusterGone()) {
                if (meta.error == null) {
                    meta.error = "the API server stopped answering during " + Phase.read(phaseFile).orElse(method)
                            + "; the result file keeps the " + file.size() + " benchmark results finished before";
                }
                clusterGone = true;
                break;
            }
        }
        meta.families.add(new RunMetadata.FamilyStatus(family.name(), failures.isEmpty() ? "complete" : "failed",
                failures.isEmpty() ? null : String.join("; ", failures), (System.nanoTime() - t0) / 1e9));
        file.writeMetadata(meta);
        return !clusterGone;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return String.valueOf(t.getMessage()).lines().findFirst().orElse(t.getClass().getSimpleName());
    }

    private static String serverVersion(ApiClient client) {
        try {
            return ServerVersion.gitVersion(client);
        } catch (ApiException e) {
            throw new dev.informerbench.controlplane.ControlPlaneException(
                    "the cluster did not answer GET /version (" + e.getCode() + " " + e.getMessage() + ")");
        }
    }

    /** Removes the namespaces this run created; the objects in them go with them. */
    private synchronized void deleteRunNamespaces(ApiClient client, String runId) {
        try {
            CoreV1Api api = new CoreV1Api(client);
            for (V1Namespace ns : api.listNamespace()
                    .labelSelector(ConfigMapFixtures.MANAGED_BY_LABEL + "=" + ConfigMapFixtures.MANAGED_BY + ","
                            + ConfigMapFixtures.RUN_LABEL + "=" + runId)
                    .execute().getItems()) {
                api.deleteNamespace(ns.getMetadata().getName()).execute();
                log.printf("[run-bench] deleted namespace %s%n", ns.getMetadata().getName());
            }
        } catch (ApiException | RuntimeException e) {
            log.printf("[run-bench] could not delete this run's namespaces (label %s=%s): %s%n",
                    ConfigMapFixtures.RUN_LABEL, runId, e.getMessage());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
