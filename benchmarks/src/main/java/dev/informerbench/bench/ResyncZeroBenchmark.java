package dev.informerbench.bench;

import dev.informerbench.client.ClientType;
import dev.informerbench.client.EventCounts;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.Sync;
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
 * <p>The answer is in the JSON: {@code resync.callbacks} (an update with the same
 * resourceVersion on both sides, summed over the measured windows), {@code events.other}
 * (adds, real updates, deletes: 0 on a quiet namespace) and api.* (0). {@code resyncMillis=1000}
 * is the control: the same window with a period must show callbacks — about {@code objects} per
 * round, a round every 1-1.5 s — or the measurement could not see them. {@code client}: whose
 * informer and handler (client-go's rows come from {@code clientgo/}).
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

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    final EventCounts events = new EventCounts();
    Fixture.Informed informed;
    long resyncBefore;
    long otherBefore;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        informed = Fixture.informer(client, objects,
                InformerSpec.of(Sync.LIST_WATCH).withHandler(Duration.ofMillis(resyncMillis), events));
        // Synced means cached, not yet delivered: let the handler get its initial adds before any window.
        Await.until(Duration.ofSeconds(30), () -> objects + " initial adds (" + events.others() + " delivered)",
                () -> events.others() >= objects);
    }

    @Setup(Level.Iteration)
    public void startWindow() {
        resyncBefore = events.resyncs();
        otherBefore = events.others();
    }

    /** The window: the handler counts what arrives meanwhile. */
    @Benchmark
    public void window() throws InterruptedException {
        Thread.sleep(windowMillis);
    }

    @TearDown(Level.Iteration)
    public void endWindow() {
        BenchMetrics.publish(SuiteMetric.RESYNC_CALLBACKS, events.resyncs() - resyncBefore);
        BenchMetrics.publish(SuiteMetric.EVENTS_OTHER, events.others() - otherBefore);
        BenchMetrics.publish(SuiteMetric.WINDOW_SECONDS, windowMillis / 1000.0);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        informed.close();
    }
}
