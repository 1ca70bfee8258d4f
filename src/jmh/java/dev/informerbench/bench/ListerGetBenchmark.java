package dev.informerbench.bench;

import dev.informerbench.fixtures.BenchFixture;
import dev.informerbench.fixtures.ConfigMapInformer;
import io.kubernetes.client.informer.cache.Lister;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.concurrent.ConcurrentHashMap;
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
 * What does a controller pay to read one object from its informer's cache?
 *
 * <p>{@code lister.namespace(ns).get(name)} on a synced {@code SharedIndexInformer<V1ConfigMap>},
 * over a random key order, with one and two threads: client-java's cache reads take a
 * lock ({@code Cache} methods are {@code synchronized}), so the two-thread score shows what
 * contention adds. {@code map_*} is the floor: {@code ConcurrentHashMap.get} over the same
 * keys. Expect tens to a few hundred ns per read, no API request (api.* = 0 in the JSON),
 * and a read cost that grows little with the number of cached objects.
 *
 * <p>Sound because: the informer is synced before measurement; every result goes back to
 * JMH (an implicit Blackhole), so no read is dead code; keys come from a precomputed
 * array, not a random generator in the timed loop.
 *
 * <pre>java -jar target/benchmarks.jar ListerGet -p objects=1000 -prof dev.informerbench.accounting.ApiRequestProfiler</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ListerGetBenchmark {
    @Param({"100", "1000", "10000"})
    int objects;

    ConfigMapInformer informer;
    Lister<V1ConfigMap> lister;
    ConcurrentHashMap<String, V1ConfigMap> map;
    KeyOrder order;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        informer = BenchFixture.informer(objects, ConfigMapInformer.Spec.plain());
        lister = informer.lister();
        map = new ConcurrentHashMap<>();
        for (V1ConfigMap cm : informer.indexer().list()) {
            map.put(cm.getMetadata().getName(), cm);
        }
        order = new KeyOrder(objects, 42);
        for (String key : order.keys) {
            if (lister.get(key) == null || map.get(key) == null) {
                throw new IllegalStateException("fixture key " + key + " is not cached");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        informer.close();
    }

    @Benchmark
    @Threads(1)
    public V1ConfigMap lister_t1(Cursor cursor) {
        return lister.get(order.keys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(2)
    public V1ConfigMap lister_t2(Cursor cursor) {
        return lister.get(order.keys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(1)
    public V1ConfigMap map_t1(Cursor cursor) {
        return map.get(order.keys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(2)
    public V1ConfigMap map_t2(Cursor cursor) {
        return map.get(order.keys[cursor.advance(order.mask)]);
    }
}
