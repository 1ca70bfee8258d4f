package dev.informerbench.bench;

import dev.informerbench.fork.Plant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the planted slowdown costs, measured apart: the work {@link Plant} adds to a planted
 * contender's lister read ({@code listerRead}) and GET ({@code get}), alone, for
 * {@code percent}. A comparison with a plant (`--plant 5`) reads the effect it should see
 * from these rows of the same run, divided by the base's {@code ListerGet.lister_t1} and
 * {@code DirectGet.unthrottled} (as time per GET), instead of trusting the calibration.
 *
 * <p>Expect about 5% of a lister read (a few ns) and 5% of a GET (tens of µs) at
 * {@code percent=5}. No cluster is involved; the rows run whether or not the fork is planted.
 *
 * <pre>./run-bench.sh -- PlantBenchmark</pre>
 */
@State(Scope.Benchmark)
public class PlantBenchmark {
    @Param({"5"})
    int percent;

    long listerTokens;
    long getSpinNanos;

    @Setup
    public void setup() {
        listerTokens = Plant.listerTokens(percent);
        getSpinNanos = Plant.getSpinNanos(percent);
    }

    @Benchmark
    @Threads(1)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public void listerRead() {
        Blackhole.consumeCPU(listerTokens);
    }

    @Benchmark
    @Threads(1)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void get() {
        Plant.spin(getSpinNanos);
    }
}
