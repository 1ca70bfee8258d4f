package dev.informerbench.fork;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestTotals;
import dev.informerbench.metrics.SuiteMetric;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * A JMH profiler that puts the API requests made during each measurement iteration into
 * the result as secondary metrics: {@code api.list}, {@code api.watch}, {@code api.get},
 * {@code api.write}, {@code api.other}, {@code api.429}, next to {@code ops.all}, the
 * operations the benchmark ran in the same iterations, and {@code ops.measured}, those
 * inside JMH's timed window. Also reports what a benchmark
 * published in {@link BenchMetrics}. Summed over the measurement iterations of a fork.
 *
 * <p>{@code ./run-bench.sh} always enables it. With the jar directly, give the run length too (the
 * benchmarks leave it to the suite's profiles; JMH's own defaults are five forks of ten-second
 * iterations): {@code java -jar target/benchmarks.jar ListerGet -p objects=1000 -wi 6 -w 1s -i 3 -r 1s -f 3
 * -prof dev.informerbench.fork.ApiRequestProfiler}.
 */
public final class ApiRequestProfiler implements InternalProfiler {
    /**
     * Set when a benchmark's trial setup has made its requests. JMH runs {@code @Setup(Level.Trial)}
     * inside the first iteration, so without this the fixture's writes and the informer's
     * LIST/WATCH would be counted in that iteration (and in the result when warm-up is 0).
     */
    private static volatile RequestCounter.Counts setupDone;

    static {
        // Every fork, of any client's jar, says at exit what it sent: the run holds it against the server's count.
        RequestTotals.writeAtExitIfAsked();
    }

    private RequestCounter.Counts before;
    private int warmupIterations;
    private int measurementIterations;

    /** Called at the end of a trial setup: requests before this point are the setup's. */
    public static void trialSetupDone() {
        setupDone = RequestCounter.JVM.snapshot();
    }

    /**
     * Called at the end of an iteration setup that made requests (e.g. opening a client's
     * connection): they are the setup's, not the iteration's.
     */
    public static void iterationSetupDone() {
        setupDone = RequestCounter.JVM.snapshot();
    }

    @Override
    public String getDescription() {
        return "API requests (LIST/WATCH/GET/writes/429) made during each iteration, counted by the suite's clients";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        String benchmark = benchmarkParams.getBenchmark().replaceFirst("^.*\\.(\\w+\\.\\w+)$", "$1");
        String params = String.join(",", benchmarkParams.getParamsKeys().stream()
                .map(k -> k + "=" + benchmarkParams.getParam(k)).toList());
        // Trial setup runs inside the first iteration, so "iteration 1" includes it.
        boolean warmup = iterationParams.getType() == IterationType.WARMUP;
        int index = warmup ? ++warmupIterations : ++measurementIterations;
        Phase.set(benchmark + (params.isEmpty() ? "" : " " + params) + ", "
                + (warmup ? "warm-up" : "measurement") + " iteration " + index
                + (warmupIterations + measurementIterations == 1 ? " (with the trial setup)" : ""));
        BenchMetrics.reset();
        setupDone = null;
        before = RequestCounter.JVM.snapshot();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
            IterationParams iterationParams, IterationResult result) {
        RequestCounter.Counts base = setupDone != null ? setupDone : before;
        RequestCounter.Counts d = RequestCounter.JVM.snapshot().minus(base);
        List<Result> results = new ArrayList<>();
        results.add(BenchMetrics.result(SuiteMetric.API_LIST, d.list()));
        results.add(BenchMetrics.result(SuiteMetric.API_WATCH, d.watch()));
        results.add(BenchMetrics.result(SuiteMetric.API_GET, d.get()));
        results.add(BenchMetrics.result(SuiteMetric.API_WRITE, d.write()));
        results.add(BenchMetrics.result(SuiteMetric.API_OTHER, d.other()));
        results.add(BenchMetrics.result(SuiteMetric.API_429, d.tooManyRequests()));
        // Every operation the benchmark threads ran in the iteration, including JMH's ramp-up and
        // ramp-down while threads synchronize: the count to hold api.* against. ops.measured is
        // the part inside the timed window, the one behind the score.
        results.add(BenchMetrics.result(SuiteMetric.OPS_ALL, result.getMetadata().getAllOps()));
        results.add(BenchMetrics.result(SuiteMetric.OPS_MEASURED, result.getMetadata().getMeasuredOps()));
        results.addAll(BenchMetrics.drain());
        return results;
    }

}
