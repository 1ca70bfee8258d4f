package dev.informerbench.bench;

import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.Index;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.Sync;
import dev.informerbench.fixtures.FixtureNames;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;

/**
 * What do list reads from the informer's indexer cost: everything, one namespace's
 * objects through the client's built-in namespace index, and one label value's through a custom
 * index over {@code app}, added before the informer started?
 *
 * <p>Each client's indexer copies the matching objects into a new list: {@code list()} every
 * cached object, so expect a cost linear in {@code objects}; {@code byIndex} only the matching
 * ones (a quarter of them for {@code app-1}, all of them for the namespace), after looking up the
 * index's set of keys. No API request is made (api.* = 0). Result sizes are checked once in setup.
 * {@code client}: whose informer (client-go's rows come from {@code clientgo/}).
 *
 * <pre>./run-bench.sh --profile quick -- IndexerList -p objects=1000</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class IndexerListBenchmark {
    static final String APP = "app-1";

    @Param({"100", "1000", "10000"})
    int objects;

    @Param({"CLIENT_JAVA", "FABRIC8"})
    ClientType client;

    Fixture.Informed informed;
    CachedInformer informer;
    String namespace;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        informed = Fixture.informer(client, objects, InformerSpec.of(Sync.LIST_WATCH).withIndexes(Set.of(Index.APP)));
        informer = informed.informer();
        namespace = informer.namespace();
        long appCount = IntStream.range(0, objects).filter(i -> FixtureNames.app(i).equals(APP)).count();
        check("list()", informer.list().size(), objects);
        check("byIndex(namespace)", informer.byIndex(Index.NAMESPACE, namespace).size(), objects);
        check("byIndex(app)", informer.byIndex(Index.APP, APP).size(), appCount);
    }

    private static void check(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(what + " returned " + actual + " objects, expected " + expected);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        informed.close();
    }

    @Benchmark
    public List<?> list() {
        return informer.list();
    }

    @Benchmark
    public List<?> byNamespaceIndex() {
        return informer.byIndex(Index.NAMESPACE, namespace);
    }

    @Benchmark
    public List<?> byAppIndex() {
        return informer.byIndex(Index.APP, APP);
    }
}
