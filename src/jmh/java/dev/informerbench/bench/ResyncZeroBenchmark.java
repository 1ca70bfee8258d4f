package dev.informerbench.bench;

import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.fixtures.ResyncObserver;
import dev.informerbench.fork.BenchFixture;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.support.Await;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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

/**
 * Does a resync period of 0 really mean no resync? An informer with one counting handler
 * watches a quiet namespace of {@code objects} ConfigMaps for {@code windowMillis} per
 * iteration (single shot: the score is the window itself, not the answer).
 *
 * <p>The answer is in the JSON: {@code resync.callbacks} (onUpdate with the same
 * resourceVersion on both sides, summed over the measured windows), {@code events.other}
 * (adds, real updates, deletes: 0 on a quiet namespace) and api.* (0). {@code resyncMillis=1000}
 * is the control: the same window with a period must show callbacks — about
 * {@code objects} per 1.5 s with client-java — or the measurement could not see them.
 *
 * <pre>./run-bench.sh --profile quick -- ResyncZero -p resyncMillis=0</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class ResyncZeroBenchmark {
    @Param({"1000"})
    int objects;

    @Param({"0", "1000"})
    long resyncMillis;

    @Param({"5000"})
    long windowMillis;

    ResyncObserver observer;
    ConfigMapInformer informer;
    long resyncBefore;
    long otherBefore;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        observer = new ResyncObserver(resyncMillis);
        informer = BenchFixture.informer(objects, ConfigMapInformer.Spec.plain()
                .withResync(Duration.ofMillis(resyncMillis), observer.handlers(1)));
        // Synced means cached, not yet delivered: let the handler get its initial adds before any window.
        Await.until(Duration.ofSeconds(30), () -> objects + " initial adds (" + observer.otherCallbacks() + " delivered)",
                () -> observer.otherCallbacks() >= objects);
    }

    @Setup(Level.Iteration)
    public void startWindow() {
        resyncBefore = observer.resyncCallbacks();
        otherBefore = observer.otherCallbacks();
    }

    /** The window: the handler counts what arrives meanwhile. */
    @Benchmark
    public void window() throws InterruptedException {
        Thread.sleep(windowMillis);
    }

    @TearDown(Level.Iteration)
    public void endWindow() {
        BenchMetrics.publish(SuiteMetric.RESYNC_CALLBACKS, observer.resyncCallbacks() - resyncBefore);
        BenchMetrics.publish(SuiteMetric.EVENTS_OTHER, observer.otherCallbacks() - otherBefore);
        BenchMetrics.publish(SuiteMetric.WINDOW_SECONDS, windowMillis / 1000.0);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        informer.close();
    }
}
