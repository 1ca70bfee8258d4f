package dev.informerbench.bench;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.events.ConfigMapHandler;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.Sync;
import dev.informerbench.fixtures.BurstReceivers;
import dev.informerbench.fixtures.DeliveryLatencies;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.support.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
import org.openjdk.jmh.annotations.Threads;

/**
 * What does one more event handler cost — on one shared informer, or as an informer of its own?
 *
 * <p>Each operation is a burst: {@code objects} ConfigMaps are updated ({@code event=UPDATE}) or
 * created ({@code event=CREATE}) by 8 writer threads ({@link BurstWriter}), and the operation
 * ends when every one of the {@code handlers} handlers has received every event.
 * {@code sharing=SHARED}: one informer with all handlers (client-java gives each handler its own
 * queue and thread); {@code INFORMER_PER_HANDLER}: one informer per handler, each with its own
 * WATCH, decoding every event again. The score is the burst's time (ms/op, Mode.AverageTime).
 * Writes and informers go through the client under test ({@code client}; client-go's rows come
 * from {@code clientgo/}), and the handlers are the same code for every client
 * ({@link BurstReceivers}).
 *
 * <p><b>Delivery latency</b>, per event and per handler: from the acknowledgement of the
 * event's write — the moment the client's create or replace call returned the API server's
 * answer to its writer thread — to the moment that handler's callback for it began, recorded for every (event,
 * handler) pair of a measurement iteration in an HdrHistogram; {@code delivery.p50Us} and
 * {@code delivery.p99Us} are its percentiles (per iteration, averaged over iterations). The
 * WATCH event can reach a handler before the writer thread has read and decoded the answer
 * to its own request: such a receipt is recorded as 0 and counted in
 * {@code delivery.beforeAckPct} (percent of receipts). The clock starts at the ack, not at the
 * send, because send to ack is the write's own trip through kube-apiserver and etcd (a few ms,
 * the same for every handler count and sharing mode) and would bury the differences between
 * rows; from the ack is also what a controller that reacts to its own writes waits. The API
 * server sends the WATCH event and the write's answer at about the same moment, so 40–60 % of
 * the receipts came before the ack in our runs and the median is often 0: the differences
 * between rows are in {@code delivery.p99Us}, where handlers queue. For a figure that is never
 * clamped, {@code delivery.fromSendP50Us} and {@code delivery.fromSendP99Us} take the same
 * receipts from the moment the write was sent. (This replaces {@code delivery.lagMs}, the time
 * from the last of the 100 joined writes to the last delivery: a remainder of the burst's tail,
 * cut short by the joining thread's wake-up and its 20 µs parks, and no event's latency.)
 *
 * <p><b>Cost per handler</b>: {@code handler.cpuNsPerEvent}, CPU time of the handler threads
 * (ThreadMXBean.getThreadCpuTime of the handlers' delivery threads, each thread once, read
 * before and after each measurement iteration, untimed) per event they received — the client's
 * listener loop, the wake-ups and the handler's own bookkeeping. With one informer per handler, the decoding and
 * the informer's own threads are extra and not in this figure: compare the scores and
 * latencies. One informer per handler also takes {@code handlers} LISTs and WATCHes to start
 * instead of one ({@code setup.lists}, {@code setup.watches}). Created ConfigMaps are deleted
 * after each iteration (untimed). On a 2-core machine shared with other work the latencies
 * are dominated by scheduling (p99 of tens of ms); compare rows from one quiet run.
 *
 * <pre>./run-bench.sh --profile quick -- HandlerFanout -p handlers=16</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@State(Scope.Benchmark)
public class HandlerFanoutBenchmark {
    /** One informer for all handlers, or one each. */
    public enum Sharing { SHARED, INFORMER_PER_HANDLER }

    /** What a burst writes. */
    public enum Event { UPDATE, CREATE }

    private static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(60);

    @Param({"100"})
    int objects;

    @Param({"1", "4", "16"})
    int handlers;

    @Param({"SHARED", "INFORMER_PER_HANDLER"})
    Sharing sharing;

    @Param({"UPDATE", "CREATE"})
    Event event;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    String namespace;
    String runId;
    ClientConnection writer;
    ClientConnection watchConnection;
    BurstWriter burstWriter;
    final List<CachedInformer> informers = new ArrayList<>();
    BurstReceivers receivers;
    long bursts;
    long expectedPerHandler;
    final DeliveryLatencies delivery = new DeliveryLatencies();
    long cpuAtStart;
    long callbacksAtStart;
    RequestCounter.Counts setupRequests;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        // A namespace of its own: bursts write, and other benchmarks share the plain fixture.
        runId = ForkSettings.runId();
        namespace = FixtureNames.namespace(runId, objects) + "-fanout";
        client.adapter().ensureFixture(null, namespace, objects, line -> System.out.println("# " + line));
        writer = client.adapter().connect(ConnectOptions.direct());
        watchConnection = client.adapter().connect(ConnectOptions.forWatches());
        burstWriter = new BurstWriter(writer, namespace, runId, objects, event == Event.CREATE);
        receivers = new BurstReceivers(handlers, objects);
        List<ConfigMapHandler> all = receivers.handlers();
        RequestCounter.Counts before = RequestCounter.JVM.snapshot();
        long watchesOpened = RequestCounter.JVM.watchesOpened();
        if (sharing == Sharing.SHARED) {
            informers.add(start(all));
        } else {
            for (ConfigMapHandler h : all) {
                informers.add(start(List.of(h)));
            }
        }
        // Each informer opens its WATCH just after its LIST: wait until the server has opened all, so they are setup's.
        RequestCounter.JVM.awaitWatches(watchesOpened, informers.size(), Duration.ofSeconds(20));
        setupRequests = RequestCounter.JVM.snapshot().minus(before);
        // The initial adds are delivered too: start once they are in (and every handler's thread is known).
        receivers.awaitInitialAdds(DELIVERY_TIMEOUT);
        ApiRequestProfiler.trialSetupDone();
    }

    private CachedInformer start(List<ConfigMapHandler> hs) throws Exception {
        return watchConnection.startInformer(namespace,
                InformerSpec.of(Sync.LIST_WATCH).withHandlers(Duration.ZERO, hs), Duration.ofMinutes(2));
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        receivers.resetReceived();
        expectedPerHandler = 0;
        bursts = 0;
        delivery.reset();
        cpuAtStart = receivers.cpuNanos();
        callbacksAtStart = receivers.callbacks();
    }

    @Benchmark
    public long burst() throws Exception {
        long n = bursts++;
        // A burst number no earlier burst of this trial used: a late event of another is not counted.
        String burst = System.identityHashCode(this) + "-" + System.nanoTime() + "-" + n;
        receivers.startBurst(burst);
        burstWriter.write(burst, n);
        receivers.awaitDelivered(objects, DELIVERY_TIMEOUT);
        expectedPerHandler += objects;
        return expectedPerHandler;
    }

    /** Every handler has every event of the burst: one latency per (event, handler), outside the timed burst. */
    @TearDown(Level.Invocation)
    public void recordDelivery() {
        delivery.record(burstWriter.ackNanos, burstWriter.sendNanos,
                receivers.all().stream().map(r -> r.receiptNanos).toList());
    }

    @TearDown(Level.Iteration)
    public void endIteration() throws Exception {
        long cpu = receivers.cpuNanos() - cpuAtStart;
        long callbacks = receivers.callbacks() - callbacksAtStart;
        if (delivery.receipts() > 0) {
            BenchMetrics.publish(SuiteMetric.DELIVERY_P50_US, delivery.fromAckMicros(50));
            BenchMetrics.publish(SuiteMetric.DELIVERY_P99_US, delivery.fromAckMicros(99));
            BenchMetrics.publish(SuiteMetric.DELIVERY_BEFORE_ACK_PCT,
                    100.0 * delivery.beforeAck() / delivery.receipts());
            BenchMetrics.publish(SuiteMetric.DELIVERY_FROM_SEND_P50_US, delivery.fromSendMicros(50));
            BenchMetrics.publish(SuiteMetric.DELIVERY_FROM_SEND_P99_US, delivery.fromSendMicros(99));
            // Every handler got every event of every burst (the burst waits for it): a count to check.
            BenchMetrics.publish(SuiteMetric.DELIVERY_RECEIPTS, delivery.receipts());
        }
        if (callbacks > 0) {
            BenchMetrics.publish(SuiteMetric.HANDLER_CPU_NS_PER_EVENT, (double) cpu / callbacks);
        }
        // What starting the informers took (in the trial setup, so not in api.*): per informer one LIST, one WATCH.
        BenchMetrics.publish(SuiteMetric.SETUP_LISTS, setupRequests.list());
        BenchMetrics.publish(SuiteMetric.SETUP_WATCHES, setupRequests.watch());
        receivers.endBursts();
        if (event == Event.CREATE) {
            // One request removes the iteration's ConfigMaps; the informers see them go before the next.
            burstWriter.deleteCreated();
            Await.until(DELIVERY_TIMEOUT, () -> "the informers to see the iteration's ConfigMaps deleted",
                    () -> informers.stream().allMatch(informer -> informer.size() <= objects));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        informers.forEach(CachedInformer::close);
        burstWriter.close();
        for (ClientConnection c : new ClientConnection[] {watchConnection, writer}) {
            if (c != null) {
                c.close();
            }
        }
    }
}
