package dev.informerbench.cli;

import dev.informerbench.local.Commands;
import dev.informerbench.local.ProjectPaths;
import dev.informerbench.local.RunLock;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.ShardLog;
import dev.informerbench.runner.ClientSpec;
import dev.informerbench.runner.ClientVersions;
import dev.informerbench.runner.JmhArgs;
import dev.informerbench.runner.MultiVersionRunner;
import dev.informerbench.runner.ObjectCapacity;
import dev.informerbench.runner.ParamValidation;
import dev.informerbench.runner.PrecisionGoal;
import dev.informerbench.runner.Profile;
import dev.informerbench.runner.Shard;
import dev.informerbench.runner.SuiteRunner;
import dev.informerbench.target.ClusterTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code ./run-bench.sh [--profile P] [target] [-- JMH args]}: the suite, one result file. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the benchmark suite and write results/<time>_client-java-<v>_k8s-<v>.json (the default "
                + "command).")
final class RunCommand implements Callable<Integer>, WritesResults {
    @Spec
    CommandSpec spec;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "article", converter = ProfileName.class,
            description = "smoke, article, quick, compare, full or memory (default: ${DEFAULT-VALUE}):"
                    + " `./run-bench.sh profiles` says what each is for, its families and rows, and what it took here.")
    Profile profile;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where result files go (default: results/ of the project).")
    Path results;

    @Option(names = "--client-versions", paramLabel = "V1,V2,...",
            description = "Run the profile once per client-java version (20.0.0 or later) on one cluster, "
                    + "forks interleaved (one fork per JVM, the versions' order rotating; recorded in "
                    + "interleave.json), then compare each with the first. A version listed twice "
                    + "(27.0.0,27.0.0) is an A/A run.")
    String clientVersions;

    /** Checked by ClientSpec, so that a bad list is one line naming what is accepted. */
    @Option(names = "--clients", paramLabel = "C1,C2,...", description = CLIENTS_HELP)
    String clients;

    private static final String CLIENTS_HELP = "The profile's families that every client has (`./run-bench.sh profiles`"
            + " lists them) once per client on one cluster, interleaved as --client-versions, compared with the first: "
            + "client-java, fabric8, client-go; client-java and fabric8 optionally @VERSION (fabric8@7.5.0), and on a"
            + " JDK with JVM flags for their forks: \"client-java on jdk25 -XX:+UseCompactObjectHeaders\".";

    @Option(names = "--plant", paramLabel = "PCT", defaultValue = "0",
            description = "With --client-versions or --clients: make the last contender's lister read "
                    + "(ListerGet.lister_t1) and GET (DirectGet.unthrottled) about PCT %% slower (1-50), to see what a "
                    + "comparison detects; PlantBenchmark measures the planted work apart in the same run.")
    int plant;

    /** Set by an interleaved --client-versions run for each JVM it starts: one family at a time. */
    @Option(names = "--families", paramLabel = "NAME,...", split = ",", hidden = true)
    Set<String> families = new LinkedHashSet<>();

    @Option(names = "--shard", paramLabel = "I/K",
            description = "Run shard I of K of ServerCost's -p controllers=N (N/K controllers, the first N%%K"
                    + " shards one more) and print its JMH JSON between marker lines for `merge-shards`: a pod of"
                    + " `job-manifest`'s Job.")
    String shard;

    @Mixin
    TargetOptions target;

    @Mixin
    PrecisionOptions precision;

    @Parameters(paramLabel = "JMH_ARGS",
            description = "After --: JMH arguments, e.g. -- ListerGet -p objects=1000 -f 3.")
    List<String> jmhArgs = new ArrayList<>();

    /** Profile names as the profiles spell them (smoke, quick, full); a wrong one is bad input that lists them. */
    static final class ProfileName implements ITypeConverter<Profile> {
        @Override
        public Profile convert(String name) {
            try {
                return Profile.parse(name);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    @Override
    public Integer call() throws Exception {
        // Every input is checked before anything starts or is created.
        JmhArgs args = JmhArgs.parse(jmhArgs);
        args.requireKnownBenchmarks();
        ParamValidation.require(args);
        ObjectCapacity.require(args, profile, target.local(), clients);
        Shard part = shard(args);
        if (part != null) {
            args = JmhArgs.parse(part.apply(args));
        }
        List<String> versions = clientVersions != null ? ClientVersions.parse(clientVersions) : List.of();
        requirePlantable(clientVersions != null || clients != null);
        PrecisionGoal goal = precision.goal(args, clientVersions != null || clients != null);
        if (!versions.isEmpty() && !Commands.onPath("mvn")) {
            throw new IllegalArgumentException("--client-versions builds the suite once per version with Maven, and"
                    + " `mvn` is not on PATH; accepted: Maven (mvn) on PATH");
        }
        ClientVersions.requireInstalled(versions);
        Path home = ProjectPaths.projectHome();
        List<ClientSpec> clientList = clients(args, home);
        Path dir = resultsDir();
        ResultFile.requireWritableFolder(dir);
        ClusterTarget clusterTarget = target.target();
        // One run per machine, taken before a control plane or a namespace; a multi-version run's
        // children run under their parent's lock.
        try (RunLock lock = target.attached() ? null : RunLock.acquire(RunLock.machineFile(), commandLine(spec))) {
            if (!clientList.isEmpty()) {
                return runVersions(new MultiVersionRunner.Request(clientList, MultiVersionRunner.Comparing.CLIENTS,
                        profile, clusterTarget, jmhArgs, dir, home, Main.class, plant, goal));
            }
            return versions.isEmpty()
                    ? runSuite(new SuiteRunner.Request(profile, clusterTarget, args, dir, home, families), part)
                    : runVersions(MultiVersionRunner.Request.versions(versions, profile, clusterTarget, jmhArgs, dir,
                            home, Main.class).planted(plant).withPrecision(goal));
        }
    }

    /** The clients of --clients, checked (with what building them needs) before anything starts; empty without it. */
    private List<ClientSpec> clients(JmhArgs args, Path home) throws IOException, InterruptedException {
        if (clients == null) {
            return List.of();
        }
        if (clientVersions != null) {
            throw new IllegalArgumentException("--clients and --client-versions are two kinds of run; give one of them"
                    + " (client-java versions side by side: --clients client-java@26.0.0,client-java@27.0.0)");
        }
        if (args.setsParam("client")) {
            throw new IllegalArgumentException("-p client=... and --clients: each client's units set client themselves;"
                    + " accepted: --clients with the clients to run");
        }
        List<ClientSpec> list = ClientSpec.parse(clients, ClientSpec.defaults(home));
        ClientSpec.requireBuildable(list, home);
        list = ClientSpec.resolveJdks(list, args, home, System.err);
        ClientSpec.installCheckouts(list, home, System.err);
        return list;
    }

    /** --shard, checked: one client-java run of ServerCost; null without it. */
    private Shard shard(JmhArgs args) {
        if (shard == null) {
            return null;
        }
        if (clients != null || clientVersions != null) {
            throw new IllegalArgumentException("--shard runs one client's share of ServerCost; accepted: without"
                    + " --clients and --client-versions");
        }
        Shard part = Shard.parse(shard);
        Shard.requireShardable(args, part.count());
        return part;
    }

    /** --plant: a percent from 1 to 50, only where there is a contender to plant it in. */
    private void requirePlantable(boolean contenders) {
        if (plant == 0) {
            return;
        }
        if (plant < 1 || plant > 50) {
            throw new IllegalArgumentException("--plant " + plant + " is out of range; accepted: 1 to 50 (percent)");
        }
        if (!contenders) {
            throw new IllegalArgumentException("--plant slows the last contender of a comparison; accepted: with"
                    + " --client-versions or --clients");
        }
        if (clients != null && clients.strip().endsWith("client-go")) {
            throw new IllegalArgumentException("--plant works in the JVM clients' forks, and the last of --clients is"
                    + " client-go; accepted: client-java or fabric8 last");
        }
    }

    @Override
    public Path resultsDir() {
        return results != null ? results : ProjectPaths.projectHome().resolve("results");
    }

    /** How the holder of the run lock is named to a run it refuses. */
    static String commandLine(CommandSpec spec) {
        return "run-bench.sh " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }

    private static int runVersions(MultiVersionRunner.Request request) throws Exception {
        // The children run this same command line, from each version's jar.
        MultiVersionRunner.Outcome outcome = new MultiVersionRunner(System.err).run(request);
        System.out.println();
        System.out.println(outcome.comparison());
        System.out.println("run folder: " + outcome.folder());
        return outcome.allSucceeded() ? 0 : 1;
    }

    private static int runSuite(SuiteRunner.Request request, Shard part) throws Exception {
        SuiteRunner runner = new SuiteRunner(System.err);
        SuiteRunner.Outcome outcome = (part != null ? runner.asShard(part.index()) : runner).run(request);
        System.out.println();
        System.out.println(outcome.summary());
        if (part != null && Files.isRegularFile(outcome.file().json())) {
            // A pod's result leaves with its log: `kubectl logs` of the Job's pods, merged by merge-shards.
            System.out.print(ShardLog.block(part.index(), part.count(), Files.readString(outcome.file().json())));
        }
        System.out.println("results: " + outcome.file().json());
        System.out.println("metadata: " + outcome.file().meta());
        if (part == null) {
            System.out.print(nextSteps(request.profile(), outcome.file().json()));
        }
        if (outcome.metadata().error != null) {
            System.err.println("error: " + outcome.metadata().error);
        }
        return outcome.metadata().status == RunMetadata.Status.COMPLETE ? 0 : 1;
    }

    /** What to run next: this run as a page, and each other profile with what it took here. */
    static String nextSteps(Profile ran, Path json) {
        StringBuilder out = new StringBuilder("\nNext:\n");
        out.append("  ./run-bench.sh report ").append(json).append("   this run as an HTML page\n");
        for (Profile p : Profile.values()) {
            if (p != ran && p != Profile.SMOKE) {
                out.append("  ./run-bench.sh --profile ").append(p.id()).append("   ").append(p.purpose())
                        .append(p.measured().map(m -> " (" + m.words() + ")").orElse("")).append('\n');
            }
        }
        out.append("  ./run-bench.sh profiles   every profile, its families, rows and measured time\n");
        return out.toString();
    }
}
