package dev.informerbench.bench;

import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Fixture;
import dev.informerbench.fork.LatencyRecorder;
import dev.informerbench.fork.Plant;
import dev.informerbench.limit.ClientRateLimiter;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What does the same read cost when it goes to the API server instead of the cache?
 *
 * <p>One GET of a ConfigMap through the client's own API ({@code client}; client-java:
 * {@code CoreV1Api.readNamespacedConfigMap(name, ns).execute()}; fabric8:
 * {@code configMaps().inNamespace(ns).withName(name).get()}, its retries off) on a client of its own.
 *
 * <p>{@code throttled}: one caller behind a token bucket shaped like client-go's default
 * limiter (QPS 5, burst 10; {@code qps}, {@code burst} params). The bucket starts with
 * {@code burst} tokens: one caller spends them on its first {@code burst} GETs, a few ms into
 * the warm-up, and from then on waits for each token, so every measured GET takes 1/qps
 * (200 ms at QPS 5: the wait plus the round trip, which the wait absorbs). Expect a score of
 * {@code qps} ops/s and a {@code .hgrm} p50 of 1/qps; the run summary's throttled GET is
 * threads/score (Little's law for a closed loop), so with one thread it is 1/score and equals
 * the p50. One thread, not several: with n closed-loop callers sharing the bucket each GET
 * waits n/qps, which is not what one throttled read costs a controller.
 *
 * <p>{@code unthrottled}: one thread, the bare round trip (TLS, HTTP/2, apiserver watch cache,
 * JSON both ways): expect hundreds of µs to a few ms per GET. Either way api.get in the JSON
 * equals the operations.
 *
 * <p>Latency (each call, including any wait for a token) is recorded with HdrHistogram in
 * measurement iterations only and written as {@code .hgrm} next to the result JSON.
 *
 * <p>A GET the server answers with 429 (API Priority and Fairness had no seat for it) is not
 * an error: the operation returns null and the run goes on. {@code api.429} in the JSON counts
 * those answers, so {@code api.get - api.429} GETs returned the object. The score counts every
 * answered call, 429s included; the latency histogram holds only the GETs that returned the
 * object (a rejection is answered without reading anything, so its time is not a GET's).
 *
 * <p>Sound because: keys come from a precomputed random order; the warm-up (at least a few
 * seconds) has drained the burst before measurement, and between iterations the bucket
 * refills by at most a fraction of a token; the wait is measured, never assumed.
 *
 * <pre>./run-bench.sh --profile quick -- DirectGetBenchmark.unthrottled -p objects=1000
 * ./run-bench.sh --profile quick -- DirectGetBenchmark.throttled -p objects=1000</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class DirectGetBenchmark {
    @Param({"100", "1000", "10000"})
    int objects;

    @Param({"5"})
    double qps;

    @Param({"10"})
    int burst;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    ClientConnection connection;
    String namespace;
    KeyOrder order;
    ClientRateLimiter limiter;
    final LatencyRecorder latency = new LatencyRecorder();
    String latencyName;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws Exception {
        setup(params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1), params.getParam("qps"));
    }

    void setup(String method, String qpsAsGiven) throws Exception {
        namespace = Fixture.seed(client, objects);
        connection = client.adapter().connect(ConnectOptions.direct());
        order = new KeyOrder(objects, 42);
        limiter = ClientRateLimiter.of(qps, burst);
        latencyName = "DirectGet." + method + "-objects=" + objects
                + (method.equals("throttled") ? "-qps=" + qpsAsGiven + "-burst=" + burst : "");
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        latency.startIteration(iteration.getType() == IterationType.MEASUREMENT);
    }

    @TearDown(Level.Iteration)
    public void endIteration() {
        latency.endIteration();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (latency.trialHistogram().getTotalCount() > 0) {
            latency.appendTo(latencyName);
        }
        connection.close();
    }

    @Benchmark
    @Threads(1)
    public Object throttled(Cursor cursor) throws Exception {
        return get(cursor, true);
    }

    @Benchmark
    @Threads(1)
    public Object unthrottled(Cursor cursor) throws Exception {
        Object cm = get(cursor, false);
        Plant.get(); // nothing unless this fork is a comparison's planted contender
        return cm;
    }

    /**
     * One GET as a caller sees it: the wait for a token, if any, is part of its latency. Null
     * when the server answered 429 (counted by the suite's RequestCounter, not recorded here).
     */
    private Object get(Cursor cursor, boolean throttled) throws Exception {
        long start = System.nanoTime();
        if (throttled) {
            limiter.acquire();
        }
        Object cm = connection.get(namespace, order.keys[cursor.advance(order.mask)]);
        if (cm != null) {
            latency.record(System.nanoTime() - start);
        }
        return cm;
    }
}
