package dev.informerbench.bench;

import dev.informerbench.client.ClientType;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.Index;
import dev.informerbench.client.IndexedCache;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.Sync;
import dev.informerbench.fixtures.FixtureNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * What does a custom index cost the informer, and what does it buy? Every event an informer
 * receives updates its indexer, and every custom index is maintained on each add and update.
 *
 * <p>{@code update}: the client's own informer cache ({@link IndexedCache}: client-java's
 * {@code Cache.update}, fabric8's {@code CacheImpl.put}, client-go's {@code Indexer.Update} —
 * what each informer does for each watch event) holding the ConfigMaps a real informer synced
 * from the cluster, with {@code indexes} custom indexes (0, 1 or 3: {@link Index#APP},
 * {@link Index#DATA_INDEX}, {@link Index#NAME_PREFIX}) besides the built-in namespace index.
 * Expect each index to add a fixed cost per update. {@code lookup}: the ConfigMaps with
 * {@code app=app-1} — {@code byIndex} with an app index, a scan of {@code list()} without one:
 * the index turns a linear scan into a map lookup plus a copy. No API request is made during
 * measurement (the cluster is only read in setup). {@code client}: whose cache (client-go's rows
 * come from {@code clientgo/}).
 *
 * <pre>./run-bench.sh --profile quick -- CustomIndex -p objects=1000</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@State(Scope.Benchmark)
public class CustomIndexBenchmark {
    /** The custom indexes of {@code indexes=3}, in the order {@code indexes} takes them. */
    static final List<Index> CUSTOM = List.of(Index.APP, Index.DATA_INDEX, Index.NAME_PREFIX);
    static final String APP = "app-1";

    @Param({"1000", "10000"})
    int objects;

    @Param({"0", "1", "3"})
    int indexes;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    IndexedCache cache;
    Object[] updates;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        List<?> synced;
        try (Fixture.Informed informed = Fixture.informer(client, objects, InformerSpec.of(Sync.LIST_WATCH))) {
            synced = informed.informer().list();
        }
        Set<Index> custom = EnumSet.noneOf(Index.class);
        custom.addAll(CUSTOM.subList(0, indexes));
        cache = client.adapter().newIndexedCache(custom);
        synced.forEach(cache::update);
        List<Object> shuffled = new ArrayList<>(synced);
        Collections.shuffle(shuffled, new Random(42));
        updates = shuffled.toArray();
        long expected = IntStream.range(0, objects).filter(i -> FixtureNames.app(i).equals(APP)).count();
        if (lookup().size() != expected) {
            throw new IllegalStateException("lookup found " + lookup().size() + " ConfigMaps, expected " + expected);
        }
    }

    @State(Scope.Thread)
    public static class Position {
        int next;
    }

    @Benchmark
    public Object update(Position position) {
        Object cm = updates[position.next++ % updates.length];
        cache.update(cm);
        return cm;
    }

    @Benchmark
    public List<?> lookup() {
        if (indexes >= 1) {
            return cache.byIndex(Index.APP, APP);
        }
        return cache.scanLabel(FixtureNames.APP_LABEL, APP);
    }
}
