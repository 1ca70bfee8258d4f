package dev.informerbench.runner;

import dev.informerbench.client.ChildControlPlane;
import dev.informerbench.client.ClientType;
import dev.informerbench.controlplane.PrivateControlPlane;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.fork.Plant;
import dev.informerbench.results.LatencyFiles;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata.Status;
import io.kubernetes.client.openapi.ApiClient;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The processes of an interleaved run: one per unit and client, attached to the parent's
 * cluster, running one family with one fork. client-java's is this project's {@code run}
 * command from that version's jar (it writes its own sidecar and cleans up its namespaces);
 * fabric8's is its JMH jar and client-go's its program, both given the unit's options by
 * {@link UnitArgs} and this run's id, so the parent removes their namespaces. {@link #stop}
 * (Ctrl-C, SIGTERM) sends the running process SIGTERM and starts no other.
 */
final class VersionJvms implements UnitLauncher {
    private final MultiVersionRunner.Request request;
    private final JmhArgs args;
    private final List<String> childArgs;
    private final ForkProperties fork;
    private final ApiClient auditClient;
    private final Path folder;
    private final PrintStream log;
    private volatile Process current;
    private volatile boolean stopping;

    /**
     * {@code childArgs}: the JMH arguments of client-java's processes; {@code fork}: what other
     * clients' forks are told; {@code auditClient}: reads the server's request count around their
     * units (counted in {@code RequestCounter.JVM}), null for no check.
     */
    VersionJvms(MultiVersionRunner.Request request, List<String> childArgs, ForkProperties fork, ApiClient auditClient,
            Path folder, PrintStream log) {
        this.request = request;
        this.args = JmhArgs.parse(request.jmhArgs());
        this.childArgs = childArgs;
        this.fork = fork;
        this.auditClient = auditClient;
        this.folder = folder;
        this.log = log;
    }

    /** Runs one unit of {@code contender} in its own process, into a folder of its own under {@code parts/}. */
    Interleave.Run run(InterleavePlan.Unit unit, Contender contender) throws IOException, InterruptedException {
        return run(unit, contender, null);
    }

    /** As above, with the unit's own JMH arguments ({@link UnitArgs#narrowed}); null: the run's. */
    @Override
    public Interleave.Run run(InterleavePlan.Unit unit, Contender contender, JmhArgs unitArgs)
            throws IOException, InterruptedException {
        Path dir = folder.resolve("parts").resolve("r" + unit.round() + "-" + unit.family().name() + "-"
                + contender.fileName());
        Files.createDirectories(dir);
        Interleave.Run run = new Interleave.Run();
        run.round = unit.round();
        run.family = unit.family().name();
        run.label = contender.label();
        run.version = contender.spec().version();
        run.startedAt = ResultFile.iso(Instant.now());
        boolean ownSidecar = contender.spec().type() == ClientType.CLIENT_JAVA;
        ProcessBuilder process = new ProcessBuilder(ownSidecar
                ? clientJava(unit, contender, dir, unitArgs == null ? childArgs : unitArgs.withForks(1))
                : other(unit, contender, dir, unitArgs == null ? args : unitArgs)).inheritIO();
        RequestAudit audit = ownSidecar || auditClient == null ? null : new RequestAudit(auditClient, requestsDir(dir));
        run.exitCode = stopping ? -1 : waitFor(process.start());
        if (audit != null) {
            run.requests = audit.finish();
        }
        run.finishedAt = ResultFile.iso(Instant.now());
        List<Path> json = jsonFiles(dir);
        run.resultFile = json.size() == 1 ? folder.relativize(json.get(0)).toString() : null;
        Status childStatus = null;
        if (run.resultFile != null && Files.isRegularFile(sidecarOf(json.get(0)))) {
            childStatus = ended(ResultFile.readMetadata(sidecarOf(json.get(0))).status);
        } else if (ownSidecar) {
            // No result kept (stopped in its first method, or its only one failed): its sidecar may still
            // say it was stopped; complete without a result is no success.
            Status said = ended(statusIn(dir));
            childStatus = said == Status.FAILED || (said == Status.INTERRUPTED && stopping) ? said : null;
        } else {
            childStatus = run.resultFile != null ? Status.COMPLETE : stopping ? Status.INTERRUPTED : null;
            LatencyFiles.publish(dir.resolve(".latency"), dir, "").forEach(p -> run.latencyFiles.add(
                    folder.relativize(dir.resolve(p.name() + ".hgrm")).toString()));
        }
        // Complete only when the process exited cleanly and its sidecar says so; else what its sidecar
        // says, else failed.
        run.status = childStatus == null ? (stopping && run.exitCode != 0 ? Status.INTERRUPTED : Status.FAILED)
                : childStatus != Status.COMPLETE ? childStatus
                : run.exitCode == 0 ? Status.COMPLETE : Status.FAILED;
        if (run.status != Status.COMPLETE) {
            log.printf("[run-bench] %s, %s, round %d: %s (exit %d)%n", contender.label(), run.family, run.round,
                    run.status, run.exitCode);
        }
        return run;
    }

    private int waitFor(Process process) throws InterruptedException {
        current = process;
        try {
            return process.waitFor();
        } finally {
            current = null;
        }
    }

    /** Ctrl-C or SIGTERM: the running process gets SIGTERM (it keeps what it measured), no other starts. */
    void stop() {
        stopping = true;
        Process p = current;
        if (p != null) {
            p.destroy();
        }
    }

    @Override
    public boolean stopping() {
        return stopping;
    }

    /** The entry point's {@code run} command in a JVM of its own: the unit's family, this version's jar. */
    private List<String> clientJava(InterleavePlan.Unit unit, Contender contender, Path dir, List<String> jmh) {
        Path jar = contender.artifact();
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-D" + Plant.PROPERTY + "=" + contender.plant(),
                // the parent's namespaces, seeded by the first unit and kept for the others
                "-D" + ForkSettings.RUN_ID + "=" + fork.runId(),
                "-D" + Ownership.OWNER_PROPERTY + "=" + fork.owner(),
                "-Dinformerbench.home=" + request.projectHome(),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", jar.toString(), request.entryPoint().getName(), "run",
                "--profile", request.profile().id(),
                "--families", unit.family().name(),
                "--results", dir.toString(),
                "--attach", fork.kubeconfig().toAbsolutePath().toString(),
                "--attach-kind", request.target().kind(),
                "--"));
        command.addAll(1, ForkJvm.childProperties(contender.spec().jvm()));
        // client=CLIENT_JAVA: the run command sets the client of its jar (a -p here would add a second value)
        command.addAll(jmh);
        return command;
    }

    /** fabric8's JMH jar ({@code java -jar}, the forks' heap) or client-go's program, with the unit's options. */
    private List<String> other(InterleavePlan.Unit unit, Contender contender, Path dir, JmhArgs jmhArgs) {
        // A private control plane (Relist's restart) is started by client-java's jar itself, for the
        // others by the harness's jar in a child process (ChildControlPlane,
        // clientgo/internal/cluster/controlplane.go).
        UnitArgs unitArgs = UnitArgs.of(unit.family(), jmhArgs, contender.spec().param(),
                request.target().kind().equals("local"));
        Path result = dir.resolve("result.json");
        ForkProperties forkHere = new ForkProperties(fork.kubeconfig(), fork.context(), fork.runId(), fork.owner(),
                dir.resolve(".latency"), dir.resolve(".phase"), requestsDir(dir));
        List<String> command = new ArrayList<>();
        if (contender.spec().type() == ClientType.FABRIC8) {
            command.add(ProcessHandle.current().info().command().orElse("java"));
            command.addAll(FamilyRun.FORK_HEAP);
            command.addAll(List.of("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-jar",
                    contender.artifact().toString()));
            command.addAll(ForkJvm.jmhOption(contender.spec().jvm()));
            List<String> forkJvm = new ArrayList<>(unit.family().forkJvm(request.profile()));
            forkJvm.addAll(ForkJvm.flags(contender.spec().jvm()));
            forkJvm.add("-D" + Plant.PROPERTY + "=" + contender.plant());
            forkJvm.addAll(privateControlPlane());
            command.addAll(unitArgs.jmh(forkJvm, forkHere, result, UnitArgs.userJvmArgsAppend(jmhArgs)));
        } else {
            command.add(contender.artifact().toString());
            List<String> more = new ArrayList<>(privateControlPlane());
            more.add("-Dinformerbench.java=" + ProcessHandle.current().info().command().orElse("java"));
            command.addAll(unitArgs.program(forkHere, result, more));
        }
        return command;
    }

    /** What a fork needs for the harness's jar to run it a private control plane (ChildControlPlane), as -Ds. */
    private List<String> privateControlPlane() {
        List<String> options = new ArrayList<>(List.of("-Dinformerbench.home=" + request.projectHome(),
                // the harness's own class path: its shaded jar in a run, classes and dependencies in a test
                "-D" + ChildControlPlane.CLASSPATH_PROPERTY + "=" + System.getProperty("java.class.path"),
                "-D" + ChildControlPlane.MAIN_PROPERTY + "=" + PrivateControlPlane.class.getName()));
        if (System.getProperty("informerbench.kubeVersion") != null) {
            options.add("-Dinformerbench.kubeVersion=" + System.getProperty("informerbench.kubeVersion"));
        }
        return options;
    }

    /** Where a unit's forks write their request totals. */
    private static Path requestsDir(Path unitDir) {
        return unitDir.resolve(".requests");
    }

    /** The sidecar beside a result file: {@code X.json} → {@code X.meta.json}. */
    static Path sidecarOf(Path json) {
        return json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", ".meta.json"));
    }

    /** A process that has ended is not running: a sidecar that still says so was left by a crash. */
    private static Status ended(Status said) {
        return said == Status.RUNNING ? null : said;
    }

    /** The status in the one sidecar of {@code folder}; null when there is none, or it cannot be read. */
    private static Status statusIn(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> sidecars = files.filter(f -> f.getFileName().toString().endsWith(".meta.json"))
                    .filter(f -> !f.getFileName().toString().startsWith(".")).toList();
            return sidecars.size() == 1 ? ResultFile.readMetadata(sidecars.get(0)).status : null;
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /** The JMH result files in {@code folder} (not sidecars, summaries or scenario files). */
    private static List<Path> jsonFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".json"))
                    .filter(f -> !f.toString().endsWith(".meta.json"))
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(VersionJvms::holdsResults)
                    .sorted().toList();
        }
    }

    /** JMH leaves an empty result file when its only benchmark failed: that is no result. */
    private static boolean holdsResults(Path json) {
        try {
            return Files.size(json) > 0 && Files.readString(json).strip().startsWith("[");
        } catch (IOException e) {
            return false;
        }
    }
}
