package dev.informerbench.bench;

import dev.informerbench.accounting.BenchMetrics;
import dev.informerbench.fixtures.BenchFixture;
import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.fixtures.ResyncObserver;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What does resync cost, and whom? An informer with resync period {@code resyncMillis}
 * replays every cached object to every handler as an {@code onUpdate} whose old and new
 * objects are the same version — from the local cache, with no request to the API server.
 *
 * <p>The score is resync-delivered callbacks per second, counted by the {@code handlers}
 * themselves: each callback releases a permit the benchmark thread takes. Expect
 * {@code objects × handlers / period} while the client keeps up, and api.* = 0. The JSON
 * also carries the observed cadence ({@code resync.periodMs}), the rounds seen
 * ({@code resync.rounds}) and the smallest round ({@code resync.minCallbacksPerRound},
 * which should be at least {@code objects × handlers}). client-java refuses periods under
 * one second.
 *
 * <pre>java -jar target/benchmarks.jar ResyncFanout -p objects=1000 -p handlers=4 -prof dev.informerbench.accounting.ApiRequestProfiler</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 3)
@Measurement(iterations = 3, time = 5)
@Threads(1)
@Fork(1)
@State(Scope.Benchmark)
public class ResyncFanoutBenchmark {
    @Param({"100", "1000", "10000"})
    int objects;

    @Param({"1", "4"})
    int handlers;

    @Param({"1000"})
    long resyncMillis;

    ConfigMapInformer informer;
    ResyncObserver observer;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        if (resyncMillis <= 0) {
            // No period, no callbacks: the benchmark thread would wait forever. ResyncZero measures that.
            throw new IllegalArgumentException("ResyncFanout needs resyncMillis of at least 1000; "
                    + "resync period 0 is ResyncZero's question");
        }
        observer = new ResyncObserver(resyncMillis);
        informer = BenchFixture.informer(objects, ConfigMapInformer.Spec.plain()
                .withResync(Duration.ofMillis(resyncMillis), observer.handlers(handlers)));
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        // Each iteration counts what is delivered during it, not a backlog from before.
        observer.delivered().drainPermits();
        observer.drainRounds();
    }

    @TearDown(Level.Iteration)
    public void endIteration() {
        ResyncObserver.Rounds rounds = observer.drainRounds();
        BenchMetrics.sum("resync.rounds", rounds.count(), "rounds");
        if (rounds.count() > 0) {
            BenchMetrics.min("resync.minCallbacksPerRound", rounds.minCallbacks(), "callbacks");
            BenchMetrics.average("resync.meanCallbacksPerRound", rounds.meanCallbacks(), "callbacks");
        }
        if (!Double.isNaN(rounds.meanPeriodMillis())) {
            BenchMetrics.average("resync.periodMs", rounds.meanPeriodMillis(), "ms");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        informer.close();
    }

    /** Returns once one more resync callback has been delivered to a handler. */
    @Benchmark
    public void resyncCallback() throws InterruptedException {
        observer.delivered().acquire();
    }
}
