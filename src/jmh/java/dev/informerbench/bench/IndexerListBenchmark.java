package dev.informerbench.bench;

import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fork.BenchFixture;
import io.kubernetes.client.informer.cache.Indexer;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.List;
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
 * objects through the built-in namespace index, and one label value's through a custom
 * index over {@code app}?
 *
 * <p>{@code indexer.list()} copies every cached object into a new list, so expect a cost
 * linear in {@code objects}; {@code byIndex} copies only the matching objects (a quarter of
 * them for {@code app-1}), so it is cheaper per call but still linear in the result. No
 * API request is made (api.* = 0). Result sizes are checked once in setup.
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

    ConfigMapInformer informer;
    Indexer<V1ConfigMap> indexer;
    String namespace;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        informer = BenchFixture.informer(objects, ConfigMapInformer.Spec.plain().withAppIndex());
        indexer = informer.indexer();
        namespace = informer.namespace();
        long appCount = IntStream.range(0, objects).filter(i -> FixtureNames.app(i).equals(APP)).count();
        check("list()", indexer.list().size(), objects);
        check("byIndex(namespace)", indexer.byIndex(ConfigMapInformer.BY_NAMESPACE, namespace).size(), objects);
        check("byIndex(app)", indexer.byIndex(ConfigMapInformer.BY_APP, APP).size(), appCount);
    }

    private static void check(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(what + " returned " + actual + " objects, expected " + expected);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        informer.close();
    }

    @Benchmark
    public List<V1ConfigMap> list() {
        return indexer.list();
    }

    @Benchmark
    public List<V1ConfigMap> byNamespaceIndex() {
        return indexer.byIndex(ConfigMapInformer.BY_NAMESPACE, namespace);
    }

    @Benchmark
    public List<V1ConfigMap> byAppIndex() {
        return indexer.byIndex(ConfigMapInformer.BY_APP, APP);
    }
}
