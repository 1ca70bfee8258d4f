package dev.informerbench.bench;

import dev.informerbench.client.ClientType;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.Sync;
import dev.informerbench.fixtures.ResyncObserver;
import dev.informerbench.fixtures.ResyncWindow;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.metrics.SuiteMetric;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * What does resync cost, and whom? An informer with resync period {@code resyncMillis}
 * replays every cached object to every handler as an {@code onUpdate} whose old and new
 * objects are the same version — from the local cache, with no request to the API server.
 *
 * <p><b>Score: callbacks per second over whole rounds</b> (Mode.Throughput, ops/s, one
 * operation = one resync callback). Each operation takes one credit from a
 * {@link ResyncObserver}; the credits of a round are released together when the next round
 * begins. So an iteration whose time runs out between rounds ends at the start of the next
 * round, its timed window runs from one round's start to another's, and its operations are
 * the callbacks of as many whole rounds as the window holds periods; the leftover credits of
 * the last release carry into the next iteration, which starts at the same round — 10 ms after
 * its start (or at the next round when that moment has passed), so that an iteration time of
 * whole seconds does not run out while a release is being taken. That makes the window 10 ms
 * shorter than its rounds: +0.33 % on the score at 3 s iterations, +0.1 % at 10 s. The score
 * is therefore {@code objects × handlers / measured period}, checked per row as
 * score ≈ {@code objects × handlers × 1000 / resync.periodMs}. (Before, each callback released
 * one permit as it came: an iteration ended one callback into the round after its time, so it
 * held the idle gap before that round but not the round, and scored 0.78–0.98 of that.)
 * client-java runs its resync check with {@code scheduleAtFixedRate} and rounds come every
 * one or two periods, so the measured period ({@code resync.periodMs}, between round starts)
 * is a mean over 1 × and 2 × the configured one and is what the score follows. Per iteration it
 * is the mean interval between the round starts of its window; over iterations and forks it is
 * their harmonic mean, the period that goes with JMH's mean of the iterations' rates (periods
 * of 1 s and 2 s: 1.33 s, as rates of N and N/2 per s average to 0.75 N).
 *
 * <p><b>What a round costs</b> is not in the score, which the period sets: it is in
 * {@code resync.roundDeliveryMs}, a round's first to last callback (all handlers), and
 * {@code resync.cpuNsPerCallback}, CPU time of the handler threads per callback (thread CPU
 * time read in each handler thread at its first callback of every round: client-java's
 * listener loop, the wake-up and the counting handler). Expect api.* = 0,
 * {@code resync.minCallbacksPerRound} ≥ {@code objects × handlers}; {@code resync.rounds}
 * counts the whole rounds behind the score, {@code resync.iterationsEndedInBurst} the
 * iterations whose time ran out while a release was being taken (should be 0: the score of
 * such an iteration holds part of a round). client-java refuses periods under one second.
 * {@code client}: whose informer (client-go's rows come from {@code clientgo/}); the handlers are
 * the same code for every client ({@link ResyncObserver}), and where a client delivers to all of
 * them on one thread (fabric8) the CPU time is that thread's, once.
 *
 * <p>Iterations should last several periods (a round is 1–2 s at the default 1000 ms);
 * an iteration's time runs out in a gap and it then waits up to 2 periods for the next round.
 *
 * <pre>./run-bench.sh --profile quick -- ResyncFanout -p objects=1000 -p handlers=4</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@State(Scope.Benchmark)
public class ResyncFanoutBenchmark {
    @Param({"100", "1000", "10000"})
    int objects;

    @Param({"1", "4"})
    int handlers;

    @Param({"1000"})
    long resyncMillis;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    /** The window starts this long after a round's start (see startIteration): 0.33 % of a 3 s iteration. */
    static final long START_OFFSET_MILLIS = 10;

    Fixture.Informed informer;
    ResyncObserver observer;
    /** Credits taken from the observer and not used by operations yet: carried across iterations. */
    long credits;
    long firstRound;
    /** Ten periods and half a minute: no round in that time means the informer stopped resyncing. */
    Duration roundTimeout;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        if (resyncMillis <= 0) {
            // No period, no callbacks: the benchmark thread would wait forever. ResyncZero measures that.
            throw new IllegalArgumentException("ResyncFanout needs resyncMillis of at least 1000; "
                    + "resync period 0 is ResyncZero's question");
        }
        observer = new ResyncObserver(resyncMillis);
        roundTimeout = Duration.ofMillis(resyncMillis * 10 + 30_000);
        informer = Fixture.informer(client, objects, InformerSpec.of(Sync.LIST_WATCH)
                .withHandlers(Duration.ofMillis(resyncMillis), observer.handlers(handlers)));
    }

    @Setup(Level.Iteration)
    public void startIteration() throws Exception {
        // The window must begin at a round's start. It can when the last iteration ended on one (its
        // leftover credits are that release's), no round began since and that start is recent enough
        // to begin START_OFFSET after it; otherwise wait for the next round.
        long offset = TimeUnit.MILLISECONDS.toNanos(START_OFFSET_MILLIS);
        if (credits == 0 || observer.credits().pending() > 0
                || System.nanoTime() - observer.currentRoundStartNanos() > offset) {
            observer.credits().drop();
            credits = observer.credits().await(roundTimeout);
        }
        firstRound = observer.currentRound();
        observer.drainCpu();
        // Iteration times are whole seconds and rounds come on whole periods: starting the window
        // right at a round, its time would run out just as the round that ends it is being taken,
        // and it would end inside that round. Starting a fixed 10 ms after the round's start moves
        // the end past that burst, at the cost of a bias of +10 ms / iteration time on the score.
        long start = observer.currentRoundStartNanos() + offset;
        for (long left; (left = start - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
    }

    @TearDown(Level.Iteration)
    public void endIteration() {
        long lastRound = observer.currentRound();
        ResyncWindow w = observer.window(firstRound, lastRound);
        BenchMetrics.publish(SuiteMetric.RESYNC_ROUNDS, w.rounds());
        BenchMetrics.publish(SuiteMetric.RESYNC_ITERATIONS_ENDED_IN_BURST,
                credits < observer.credits().lastRelease() - 1 && observer.credits().pending() == 0 ? 1 : 0);
        if (w.rounds() > 0) {
            BenchMetrics.publish(SuiteMetric.RESYNC_MIN_CALLBACKS_PER_ROUND, w.minCallbacks());
            BenchMetrics.publish(SuiteMetric.RESYNC_MEAN_CALLBACKS_PER_ROUND, w.meanCallbacks());
            // Harmonic over iterations: the period that goes with the mean of the iterations' scores.
            BenchMetrics.publish(SuiteMetric.RESYNC_PERIOD_MS, w.periodMillis());
            BenchMetrics.publish(SuiteMetric.RESYNC_ROUND_DELIVERY_MS, w.meanDeliveryMillis());
        }
        ResyncObserver.Cpu cpu = observer.drainCpu();
        if (cpu.callbacks() > 0) {
            BenchMetrics.publish(SuiteMetric.RESYNC_CPU_NS_PER_CALLBACK, cpu.nanosPerCallback());
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        informer.close();
    }

    /** Takes one resync callback of a complete round; waits for the next round's start when none is left. */
    @Benchmark
    public void resyncCallback() throws Exception {
        if (credits == 0) {
            credits = observer.credits().await(roundTimeout);
        }
        credits--;
    }
}
