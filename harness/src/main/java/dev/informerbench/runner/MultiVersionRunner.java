package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.clientjava.SuiteClients;
import dev.informerbench.results.AllClientsFile;
import dev.informerbench.results.ResultFile;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code --client-versions A,B,...} and {@code --clients client-java,fabric8,client-go}: the
 * same profile against several clients (client-java versions, or different clients at their
 * versions) on one cluster, their forks interleaved so that a drift of the machine (another
 * build starting, thermal throttling, the cluster's own growth) falls on every one alike.
 *
 * <p>Each distinct client and version is built once ({@link ClientBuilds}); a client-java
 * version may be listed twice ({@code 27.0.0,27.0.0}: an A/A run) and is measured under two
 * labels. A --clients run runs only the families every client has ({@link #CLIENT_FAMILIES}),
 * each row carrying {@code client=X}.
 *
 * <p>The run is cut into units of one family × one fork round ({@link InterleavePlan}): round r
 * holds the families whose fork count (the profile's, or {@code -f} given after {@code --}) is
 * at least r, and every unit runs each client once, in a process of its own with {@code -f 1}
 * ({@link VersionJvms}), their order rotated from one unit to the next (A B, B A, A B, ...). The
 * order that ran is recorded in {@code interleave.json}; the one-fork files stay under
 * {@code parts/}, and each client's are merged ({@link VersionMerge}) into one JMH JSON file as a
 * normal run writes it, which the clients are then compared by, the first as the base. A unit
 * that fails is recorded and the others go on; Ctrl-C or SIGTERM stops the running unit (which
 * keeps what it measured) and merges and compares what was measured. With {@code --precision} or
 * {@code --budget} the rounds are {@link PrecisionRounds}': each row goes on until its own plan.
 */
public final class MultiVersionRunner {
    /**
     * The families with a client dimension: the ones fabric8's jar and client-go's program hold,
     * those whose benchmarks declare the {@code client} param ({@link Families#everyClient()}).
     */
    public static final Set<String> CLIENT_FAMILIES = Families.everyClient();

    /** What an interleaved run compares: client-java's versions, or different clients. */
    public enum Comparing {
        /** {@code --client-versions}: client-java at several versions, every family of the profile. */
        CLIENT_VERSIONS("_client-versions"),
        /** {@code --clients}: different clients, the families every client has ({@link #CLIENT_FAMILIES}). */
        CLIENTS("_clients");

        private final String folderSuffix;

        Comparing(String folderSuffix) {
            this.folderSuffix = folderSuffix;
        }

        /** How the run's folder name ends. */
        String folderSuffix() {
            return folderSuffix;
        }

        /** The profile's families this kind of run can run for all its contenders. */
        List<Family> families(Profile profile) {
            return profile.families().stream()
                    .filter(f -> this == CLIENT_VERSIONS || CLIENT_FAMILIES.contains(f.name())).toList();
        }
    }

    /**
     * What to run; {@code jmhArgs} and {@code profile} are passed to each client's runs as given.
     * {@code comparing}: what the run compares. {@code entryPoint}: the class whose {@code main}
     * takes the {@code run} command in each client-java jar (the command line's).
     * {@code plantPercent}: the slowdown planted in the last contender ({@code --plant}), 0 for none.
     * {@code precision}: {@code --precision}, {@code --budget} ({@link PrecisionRounds}); null: the profile's forks.
     */
    public record Request(List<ClientSpec> clients, Comparing comparing, Profile profile, ClusterTarget target,
            List<String> jmhArgs, Path resultsDir, Path projectHome, Class<?> entryPoint, int plantPercent,
            PrecisionGoal precision) {
        /** {@code --client-versions}: client-java at each of {@code versions}. */
        public static Request versions(List<String> versions, Profile profile, ClusterTarget target,
                List<String> jmhArgs, Path resultsDir, Path projectHome, Class<?> entryPoint) {
            return new Request(versions.stream().map(v -> new ClientSpec(ClientType.CLIENT_JAVA, v)).toList(),
                    Comparing.CLIENT_VERSIONS, profile, target, jmhArgs, resultsDir, projectHome, entryPoint, 0, null);
        }

        /** The same run with {@code percent} planted in its last contender. */
        public Request planted(int percent) {
            return new Request(clients, comparing, profile, target, jmhArgs, resultsDir, projectHome, entryPoint,
                    percent, precision);
        }

        /** The same run with rounds until {@code goal} (null: the profile's forks). */
        public Request withPrecision(PrecisionGoal goal) {
            return new Request(clients, comparing, profile, target, jmhArgs, resultsDir, projectHome, entryPoint,
                    plantPercent, goal);
        }

        List<Family> families() {
            return comparing.families(profile);
        }
    }

    /**
     * The run folder, each client's merged result file (only those that have one), their
     * labels, the interleave sidecar, the comparison text.
     */
    public record Outcome(Path folder, List<Path> resultFiles, List<String> labels, Path interleave, String comparison,
            boolean allSucceeded) {}

    /** The drift allowance of an interleaved run's own comparison: none (see {@link RunFolderFiles#comparison}). */
    static final double INTERLEAVED_MIN_CHANGE = 0;
    /** Whether an interleaved run's own comparison pairs its contenders' forks round by round. */
    static final boolean PAIRED = false;

    private final PrintStream log;

    public MultiVersionRunner(PrintStream log) {
        this.log = log;
    }

    public Outcome run(Request request) throws IOException, InterruptedException {
        Instant started = Instant.now();
        JmhArgs args = JmhArgs.parse(request.jmhArgs());
        List<InterleavePlan.Unit> plan = InterleavePlan.units(request.families(), args);
        Path folder = request.resultsDir().resolve(ResultFile.stamp(started)
                + request.comparing().folderSuffix());
        Files.createDirectories(folder);
        List<String> labels = request.comparing() == Comparing.CLIENTS ? ClientSpec.labels(request.clients())
                : ClientVersions.labels(request.clients().stream().map(ClientSpec::version).toList());
        if (request.plantPercent() > 0) {
            labels = new ArrayList<>(labels);
            labels.set(labels.size() - 1, labels.get(labels.size() - 1) + " +" + request.plantPercent() + "% planted");
        }
        Interleave record = new Interleave();
        record.profile = request.profile().id();
        record.versions = request.clients().stream().map(ClientSpec::version).toList();
        record.labels = labels;
        record.rounds = request.precision() == null ? InterleavePlan.rounds(plan)
                : PrecisionRounds.maxRounds(request.precision());
        record.jmhArgs = request.jmhArgs();
        record.plantPercent = request.plantPercent();
        if (request.comparing() == Comparing.CLIENTS) {
            record.clients = request.clients().stream().map(c -> c.type().id()).toList();
            record.skippedFamilies = request.profile().families().stream().map(Family::name)
                    .filter(f -> !CLIENT_FAMILIES.contains(f)).toList();
            if (!record.skippedFamilies.isEmpty()) {
                log.printf("[run-bench] client-java only, not run for the other clients: %s%n",
                        String.join(", ", record.skippedFamilies));
            }
        }
        Path sidecar = folder.resolve(Interleave.FILE);
        record.write(sidecar);

        List<Contender> contenders = build(request, labels);
        PrecisionRounds adaptive = request.precision() == null ? null : new PrecisionRounds(request.precision(),
                plan.stream().map(InterleavePlan.Unit::family).distinct().toList(), contenders, args, record, sidecar,
                log);
        VersionMerge merge = new VersionMerge(folder, started, request.jmhArgs(), log);
        try (ClusterTarget.Connection connection = request.target().connect()) {
            log.printf("[run-bench] one cluster for all clients: %s%n", connection.kubeconfig());
            // -f 0 (in-process) stays 0 for client-java; anything else is one fork per process
            VersionJvms jvms = new VersionJvms(request, args.withForks(args.forks() == 0 ? 0 : 1),
                    new ForkProperties(connection.kubeconfig(), connection.context(), merge.runId(), Ownership.owner(),
                            null, null, null), SuiteClients.counted(connection.newClient()), folder, log);
            merge.describeCluster(connection, request);
            CountDownLatch kept = new CountDownLatch(1);
            Thread onStop = new Thread(() -> {
                jvms.stop();
                try {
                    Await.until(Duration.ofMinutes(2), "the run to merge what it measured", () -> kept.getCount() == 0);
                } catch (InterruptedException | Await.TimedOut e) {
                    // the JVM ends anyway; the parts stay under parts/
                }
            });
            Runtime.getRuntime().addShutdownHook(onStop);
            try {
                List<List<Interleave.Run>> runsOf = adaptive != null ? adaptive.run(jvms)
                        : new Interleaving(plan, contenders, args, record, sidecar, log).run(jvms);
                return finish(contenders, runsOf, merge, folder, sidecar, jvms.stopping(), adaptive);
            } finally {
                if (!(jvms.stopping() && request.target().endsWithTheRun())) {
                    merge.deleteRunNamespaces(connection);
                }
                kept.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(onStop);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs anyway, and finds the run finished
                }
            }
        }
    }

    /** Builds each distinct client and version once; a contender whose build failed has no artifact. */
    private List<Contender> build(Request request, List<String> labels) throws IOException, InterruptedException {
        List<Contender> contenders = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            ClientSpec spec = request.clients().get(i);
            int occurrence = (int) request.clients().subList(0, i + 1).stream().filter(spec::equals).count();
            // one build per client and version, whichever JVMs it runs on
            int first = request.clients().stream().map(ClientSpec::built).toList().indexOf(spec.built());
            Path artifact = first < i ? contenders.get(first).artifact()
                    : ClientBuilds.build(spec.built(), request.projectHome(), log);
            int plant = i == labels.size() - 1 ? request.plantPercent() : 0;
            contenders.add(new Contender(spec, labels.get(i), occurrence, artifact, plant));
        }
        return contenders;
    }

    /** Merges each client's parts, then compares the merged files with the first's. */
    private Outcome finish(List<Contender> contenders, List<List<Interleave.Run>> runsOf, VersionMerge merge,
            Path folder, Path sidecar, boolean interrupted, PrecisionRounds adaptive) throws IOException {
        boolean allSucceeded = !interrupted;
        List<Path> files = new ArrayList<>();
        List<String> fileLabels = new ArrayList<>();
        List<AllClientsFile.Part> parts = new ArrayList<>();
        for (int i = 0; i < contenders.size(); i++) {
            VersionMerge.Merged merged = contenders.get(i).artifact() == null ? null
                    : merge.merge(contenders.get(i), runsOf.get(i), adaptive == null ? (run, row) -> true
                            : adaptive::inResult);
            if (merged == null) {
                allSucceeded = false;
                continue;
            }
            allSucceeded &= merged.complete();
            files.add(merged.json());
            fileLabels.add(contenders.get(i).label());
            parts.add(new AllClientsFile.Part(merged.json(), contenders.get(i).spec().type().name()));
        }
        RunFolderFiles written = new RunFolderFiles(folder, log);
        written.allClients(parts);
        int plant = contenders.get(contenders.size() - 1).plant();
        // round by round only when no unit was lost: else one side's forks would be paired a round off
        String comparison = files.size() >= 2 ? written.comparison(files, fileLabels, plant, PAIRED && allSucceeded)
                : "";
        if (adaptive != null) {
            comparison += written.appendToComparison(adaptive.summary());
        }
        written.history(files);
        return new Outcome(folder, files, fileLabels, sidecar, comparison, allSucceeded);
    }
}
