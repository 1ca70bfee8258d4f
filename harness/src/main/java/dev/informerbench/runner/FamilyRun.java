package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.Phase;
import dev.informerbench.fork.Plant;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One family of a suite run, one benchmark method per JMH invocation with
 * {@code failOnError}: a benchmark that fails is known by name, and the results of those
 * before it are kept.
 */
final class FamilyRun {
    /** Fixed heap for forks: GC noise should not depend on the machine's memory. */
    static final List<String> FORK_HEAP = List.of("-Xms2g", "-Xmx2g");
    /**
     * JMH's limit on an iteration, which holds the trial's setup in the first one: seeding 100,000
     * Pods took 8.5 min here, and JMH's 10 min default cut the sync after it. A user's -to wins.
     */
    static final int ITERATION_TIMEOUT_MINUTES = 30;
    /** The JMH param of the benchmarks that run for more than one client. */
    static final String CLIENT_PARAM = "client";

    private final Family family;
    private final RunContext run;
    private final PrintStream log;

    FamilyRun(Family family, RunContext run, PrintStream log) {
        this.family = family;
        this.run = run;
        this.log = log;
    }

    /**
     * Runs the family and records its status in the sidecar; false when the cluster is gone and the
     * run should stop.
     */
    boolean run() throws IOException {
        long t0 = System.nanoTime();
        JmhArgs jmhArgs = run.request().jmhArgs();
        List<String> methods = jmhArgs.benchmarksMatching(jmhArgs.include(family));
        if (methods.isEmpty()) {
            // the user's benchmark pattern leaves nothing of this family
            record(new RunMetadata.FamilyStatus(family.name(), Status.SKIPPED, null, 0));
            return true;
        }
        String targetKind = run.request().target().kind();
        if (family.localOnly() && !targetKind.equals("local")) {
            log.printf("[run-bench] %s: restarts a private local control plane of its own; not run on a %s target%n",
                    family.name(), targetKind);
            record(new RunMetadata.FamilyStatus(family.name(), Status.SKIPPED, null, 0));
            return true;
        }
        log.printf("[run-bench] %s: %s%n", family.name(), run.request().profile().id());
        List<String> failures = new ArrayList<>();
        boolean clusterGone = false;
        for (String method : methods) {
            clusterGone = !runMethod(method, failures) || run.watchdog().clusterGone();
            if (interrupted()) {
                // SIGTERM or Ctrl-C: the forks and the cluster go because of it, not the other way round
                record(new RunMetadata.FamilyStatus(family.name(), Status.INTERRUPTED, "interrupted during " + method,
                        (System.nanoTime() - t0) / 1e9));
                return false;
            }
            if (clusterGone) {
                if (run.meta().error == null) {
                    run.meta().error = clusterGoneError(Phase.read(run.phaseFile()).orElse(method));
                }
                break;
            }
        }
        record(new RunMetadata.FamilyStatus(family.name(), failures.isEmpty() ? Status.COMPLETE : Status.FAILED,
                failures.isEmpty() ? null : String.join("; ", failures), (System.nanoTime() - t0) / 1e9));
        return !clusterGone;
    }

    /** One benchmark method in JMH; a failure is added to {@code failures}. False when the cluster is gone. */
    private boolean runMethod(String method, List<String> failures) throws IOException {
        Path json = Files.createTempFile("informer-bench-" + family.name(), ".json");
        try {
            new Runner(options(method, json).build()).run();
            run.file().append(json);
            return true;
        } catch (RunnerException | RuntimeException e) {
            if (interrupted()) {
                return false;
            }
            String where = Phase.read(run.phaseFile()).orElse(method);
            failures.add(where + ": " + rootMessage(e));
            log.printf("[run-bench] %s failed in %s: %s%n", method, where, rootMessage(e));
            if (run.watchdog().checkNow()) {
                run.meta().error = clusterGoneError(where);
                return false;
            }
            return true;
        } finally {
            Files.deleteIfExists(json);
        }
    }

    private ChainedOptionsBuilder options(String method, Path json) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(method) + "$")
                .forks(family.forks())
                .warmupIterations(family.warmupIterations())
                .warmupTime(TimeValue.seconds(family.warmupSeconds()))
                .measurementIterations(family.measurementIterations())
                .measurementTime(TimeValue.seconds(family.measurementSeconds()))
                .addProfiler(ApiRequestProfiler.class)
                .jvmArgsAppend(forkJvmArgs().toArray(String[]::new))
                .shouldFailOnError(true)
                .timeout(TimeValue.minutes(ITERATION_TIMEOUT_MINUTES))
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString());
        if (family.inProcess()) {
            options.addProfiler(GCProfiler.class);
        }
        // a --clients contender on a JDK of its own: its forks run there (this process stays on the harness's)
        ForkJvm.javaOfThisRun().ifPresent(options::jvm);
        Optional<ClientType> jar = ClientType.inThisJar();
        Map<String, String[]> params = params(family, jar);
        jar.map(family.clientParams()::get).ifPresent(own -> own.forEach((key, values) -> log.printf(
                "[run-bench] %s: in %s's jar %s=%s%n", family.name(), jar.orElseThrow().id(), key,
                String.join(",", values))));
        JmhArgs jmhArgs = run.request().jmhArgs();
        jmhArgs.params(params).forEach(options::param);
        jmhArgs.overlay(options);
        String targetKind = run.request().target().kind();
        if (!targetKind.equals("local")) {
            // Variants that need a server the suite owns (Relist's restart starts a private local
            // control plane) are not built and started behind the back of a kind or cluster run.
            family.offLocalParams().forEach((key, value) -> {
                options.param(key, value);
                log.printf("[run-bench] %s: on a %s target only %s=%s is measured%n", family.name(), targetKind, key,
                        value);
            });
        }
        return options;
    }

    /**
     * The family's params in the jar of {@code jar}'s client: its client (benchmarks with a client
     * dimension run this jar's; -p client=... after -- replaces it) and the values the family sets
     * for that client alone.
     */
    static Map<String, String[]> params(Family family, Optional<ClientType> jar) {
        Map<String, String[]> params = new LinkedHashMap<>(family.params());
        jar.ifPresent(client -> params.putIfAbsent(CLIENT_PARAM, new String[] {client.name()}));
        jar.map(family.clientParams()::get).ifPresent(params::putAll);
        return params;
    }

    /**
     * What a fork is told: its heap, where the cluster is, which run it belongs to, where its files go, then the
     * user's {@code -jvmArgsAppend}.
     */
    private List<String> forkJvmArgs() {
        List<String> jvmArgs = new ArrayList<>(family.forkJvm(run.request().profile()));
        jvmArgs.addAll(ForkJvm.flagsOfThisRun());
        if (Plant.ON) {
            // this run is a comparison's planted contender: its forks carry the plant
            jvmArgs.add("-D" + Plant.PROPERTY + "=" + Plant.PERCENT);
        }
        jvmArgs.addAll(new ForkProperties(run.connection().kubeconfig(), run.connection().context(), run.meta().runId,
                Ownership.owner(), run.latencyDir(), run.phaseFile(), run.requests().dir()).jvmArgs());
        jvmArgs.addAll(UnitArgs.userJvmArgsAppend(run.request().jmhArgs())); // last: the user's -Xmx wins
        return jvmArgs;
    }

    /** Whether a shutdown hook has marked the run interrupted (a JMH failure then is its echo). */
    private boolean interrupted() {
        return run.meta().status == Status.INTERRUPTED;
    }

    /** {@code where}: the phase the fork was in, else the benchmark method. */
    private String clusterGoneError(String where) {
        return "the API server stopped answering during " + where + "; the result file keeps the "
                + run.file().size() + " benchmark results finished before";
    }

    private void record(RunMetadata.FamilyStatus status) {
        run.meta().families.add(status);
        run.file().writeMetadata(run.meta());
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return String.valueOf(t.getMessage()).lines().findFirst().orElse(t.getClass().getSimpleName());
    }
}
