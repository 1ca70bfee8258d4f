package dev.informerbench.bench;

import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.Fixture;
import dev.informerbench.fork.Plant;
import java.util.HashMap;
import java.util.Map;
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
 * What does a controller pay to read one object from its informer's cache, and how much of
 * that is the cache's lock?
 *
 * <p>{@code lister_t1}/{@code lister_t2}: the client's namespace lister {@code get(name)} on a
 * synced informer of ConfigMaps ({@code client}), over a random key order, with one and two
 * threads. In client-java 27, {@code Lister.get(name)} builds the key
 * {@code namespace + "/" + name} on every call, then calls {@code Cache.getByKey(key)}, a
 * {@code synchronized} {@code HashMap.get}; the two-thread score shows what contention on
 * that lock adds. fabric8's cache reads a {@code ConcurrentHashMap} without a lock.
 *
 * <p>The floors, on a plain {@code HashMap} (the class of the Cache's own map) holding the
 * same objects under the Cache's own key strings, read without any lock (the map is filled
 * before measurement and never written again):
 * <ul>
 * <li>{@code mapBuiltKey_t1}/{@code _t2}: the key built per call exactly as the Lister builds
 * it ({@code namespace + "/" + name}, a new String whose hash is computed on lookup).
 * {@code lister_* - mapBuiltKey_*} is the lock (and the Lister's call indirection) alone.
 * <li>{@code mapPrecomputedKey_t1}/{@code _t2}: the {@code ns/name} keys built once in setup
 * (hash cached; distinct String instances from the map's keys, so {@code equals} still
 * compares the characters, as in the Cache). {@code mapBuiltKey_* - mapPrecomputedKey_*} is
 * the string building and hashing.
 * </ul>
 * Expect tens to a few hundred ns per lister read, a few to tens of ns for the floors, no API
 * request (api.* = 0 in the JSON), and a read cost that grows little with the cached objects.
 *
 * <p>Sound because: the informer is synced before measurement and every key is checked to be
 * cached in all three paths; every result goes back to JMH (an implicit Blackhole), so no read
 * is dead code; keys come from a precomputed random order (the same one for every method), not
 * a random generator in the timed loop.
 *
 * <pre>./run-bench.sh --profile quick -- ListerGet -p objects=1000
 * ./run-bench.sh --clients client-java,fabric8,client-go -- ListerGet</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class ListerGetBenchmark {
    @Param({"100", "1000", "10000"})
    int objects;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    Fixture.Informed informed;
    CachedInformer informer;
    /** Keyed by the Cache's own keys ({@code ns/name}); read-only once setup is done. */
    Map<String, Object> map;
    String namespace;
    KeyOrder order;
    /** {@code namespace + "/" + order.keys[i]}, built once. */
    String[] precomputedKeys;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        informed = Fixture.informer(client, objects);
        informer = informed.informer();
        namespace = informer.namespace();
        map = new HashMap<>();
        for (String key : informer.keys()) {
            map.put(key, informer.getByKey(key));
        }
        order = new KeyOrder(objects, 42);
        precomputedKeys = new String[order.keys.length];
        for (int i = 0; i < precomputedKeys.length; i++) {
            precomputedKeys[i] = namespace + "/" + order.keys[i];
            precomputedKeys[i].hashCode(); // cached from here on
        }
        for (int i = 0; i < order.keys.length; i++) {
            String name = order.keys[i];
            Object cached = informer.get(name);
            if (cached == null || map.get(namespace + "/" + name) != cached || map.get(precomputedKeys[i]) != cached) {
                throw new IllegalStateException("fixture key " + name + " is not cached in all three paths");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        informed.close();
    }

    @Benchmark
    @Threads(1)
    public Object lister_t1(Cursor cursor) {
        Object cached = informer.get(order.keys[cursor.advance(order.mask)]);
        Plant.listerRead(); // nothing unless this fork is a comparison's planted contender
        return cached;
    }

    @Benchmark
    @Threads(2)
    public Object lister_t2(Cursor cursor) {
        return informer.get(order.keys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(1)
    public Object mapBuiltKey_t1(Cursor cursor) {
        return map.get(namespace + "/" + order.keys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(2)
    public Object mapBuiltKey_t2(Cursor cursor) {
        return map.get(namespace + "/" + order.keys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(1)
    public Object mapPrecomputedKey_t1(Cursor cursor) {
        return map.get(precomputedKeys[cursor.advance(order.mask)]);
    }

    @Benchmark
    @Threads(2)
    public Object mapPrecomputedKey_t2(Cursor cursor) {
        return map.get(precomputedKeys[cursor.advance(order.mask)]);
    }
}
