package dev.informerbench.bench;

import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fork.BenchFixture;
import io.kubernetes.client.informer.cache.Cache;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * <p>{@code update}: {@code Cache.update(obj)} — what the informer does for each watch event —
 * on a cache holding the ConfigMaps a real informer synced from the cluster, with {@code indexes}
 * custom indexes (0, 1 or 3: by {@code app} label, by the {@code index} data key, by name
 * prefix) besides the built-in namespace index. Expect each index to add a fixed cost per update.
 * {@code lookup}: the ConfigMaps with {@code app=app-1} — {@code byIndex} with an app index, a
 * scan of {@code list()} without one: the index turns a linear scan into a map lookup plus a copy.
 * No API request is made during measurement (the cluster is only read in setup).
 *
 * <pre>./run-bench.sh --profile quick -- CustomIndex -p objects=1000</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@State(Scope.Benchmark)
public class CustomIndexBenchmark {
    @Param({"1000", "10000"})
    int objects;

    @Param({"0", "1", "3"})
    int indexes;

    Cache<V1ConfigMap> cache;
    V1ConfigMap[] updates;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        List<V1ConfigMap> synced;
        try (ConfigMapInformer informer = BenchFixture.informer(objects, ConfigMapInformer.Spec.plain())) {
            synced = informer.indexer().list();
        }
        cache = new Cache<>();
        cache.addIndexers(customIndexes(indexes));
        synced.forEach(cache::add);
        updates = synced.toArray(V1ConfigMap[]::new);
        Collections.shuffle(Arrays.asList(updates), new Random(42));
        long expected = synced.stream().filter(cm -> FixtureNames.app(index(cm)).equals("app-1")).count();
        if (lookup().size() != expected) {
            throw new IllegalStateException("lookup found " + lookup().size() + " ConfigMaps, expected " + expected);
        }
    }

    static Map<String, Function<V1ConfigMap, List<String>>> customIndexes(int count) {
        Map<String, Function<V1ConfigMap, List<String>>> all = new HashMap<>();
        if (count >= 1) {
            all.put(ConfigMapInformer.BY_APP, cm -> List.of(Objects.requireNonNullElse(
                    cm.getMetadata().getLabels(), Map.<String, String>of()).getOrDefault("app", "")));
        }
        if (count >= 2) {
            all.put("by-index", cm -> List.of(Objects.requireNonNullElse(cm.getData(), Map.<String, String>of())
                    .getOrDefault("index", "")));
        }
        if (count >= 3) {
            all.put("by-prefix", cm -> List.of(cm.getMetadata().getName().substring(0, 5)));
        }
        return all;
    }

    private static int index(V1ConfigMap cm) {
        return Integer.parseInt(cm.getData().get("index"));
    }

    @State(Scope.Thread)
    public static class Position {
        int next;
    }

    @Benchmark
    public V1ConfigMap update(Position position) {
        V1ConfigMap cm = updates[position.next++ % updates.length];
        cache.update(cm);
        return cm;
    }

    @Benchmark
    public List<V1ConfigMap> lookup() {
        if (indexes >= 1) {
            return cache.byIndex(ConfigMapInformer.BY_APP, "app-1");
        }
        return cache.list().stream().filter(cm -> "app-1".equals(cm.getMetadata().getLabels().get("app"))).toList();
    }
}
