package dev.informerbench.bench;

import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Fixture;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.BenchMetrics;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.servercost.ChurnWriter;
import dev.informerbench.servercost.Controllers;
import dev.informerbench.servercost.Controllers.Approach;
import dev.informerbench.servercost.ProbeSampler;
import dev.informerbench.servercost.ServerWindow;
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
 * What do N controllers cost the API server? {@code controllers} simulated controllers, each with
 * its own client, know the {@code objects} ConfigMaps of one namespace by an informer
 * ({@code approach} LIST_WATCH or WATCH_LIST) or by re-reading each by GET once per
 * {@code pollMillis} (POLL), while a writer changes {@code churnPerSecond} of them a second (0: a
 * quiet namespace). Each measured iteration is a window of {@code windowMillis} (single shot: the
 * score is the window, not the answer).
 *
 * <p>The answer is on the server, in the JSON's secondary metrics ({@link ServerWindow}):
 * kube-apiserver's and etcd's CPU per second ({@code server.*Cores}) and peak memory
 * ({@code server.*PeakMiB}) from {@code /proc}, the watch fan-out ({@code server.watchEventsSent}
 * against {@code server.watchEventsReceived}: N per event with N informers), where LISTs were
 * served, the bytes sent, a probe's GET latency (the cost to everyone else) and the controllers'
 * own CPU ({@code client.cores}), apart from the server's. Expected: a quiet informer costs the
 * server next to nothing after its sync; a poller costs every GET; churn costs N events per write.
 *
 * <pre>./run-bench.sh --profile quick -- ServerCost -p controllers=10</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class ServerCostBenchmark {
    @Param({"1", "10", "100"})
    int controllers;

    @Param({"LIST_WATCH", "WATCH_LIST", "POLL"})
    Approach approach;

    @Param({"0", "10"})
    int churnPerSecond;

    @Param({"100"})
    int objects;

    @Param({"10000"})
    long pollMillis;

    @Param({"10000"})
    long windowMillis;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    ClientConnection probeClient;
    ClientConnection writerClient;
    ProbeSampler probe;
    ChurnWriter churn;
    Controllers running;
    ServerWindow window;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        String namespace = Fixture.seed(client, objects);
        probeClient = client.adapter().connect(ConnectOptions.direct());
        probeClient.open(namespace);
        writerClient = client.adapter().connect(ConnectOptions.direct());
        probe = new ProbeSampler(probeClient, namespace, FixtureNames.name(0));
        window = new ServerWindow(probeClient, probe, approach == Approach.POLL ? () -> running.gets() : null,
                line -> System.out.println("# ServerCost: " + line));
        churn = ChurnWriter.start(writerClient, namespace, objects, ForkSettings.runId(), churnPerSecond);
        window.baseline();
        running = Controllers.start(client, approach, controllers, namespace, objects, Duration.ofMillis(pollMillis));
        ApiRequestProfiler.trialSetupDone();
    }

    @Setup(Level.Iteration)
    public void startWindow() {
        window.begin();
    }

    /** The window: the controllers run, the server spends. */
    @Benchmark
    public void window() throws InterruptedException {
        Thread.sleep(windowMillis);
    }

    @TearDown(Level.Iteration)
    public void endWindow() {
        window.end();
        running.check(objects);
        churn.check();
        BenchMetrics.publish(SuiteMetric.WINDOW_SECONDS, windowMillis / 1000.0);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try (ClientConnection p = probeClient; ClientConnection w = writerClient; ProbeSampler s = probe;
                Controllers c = running; ChurnWriter ch = churn) {
            // closed in reverse: the churn and the controllers first, the clients last
        }
    }
}
