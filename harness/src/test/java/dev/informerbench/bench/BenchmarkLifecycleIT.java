package dev.informerbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.Sync;
import dev.informerbench.support.Await;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each benchmark's @Setup and @TearDown on the real local control plane, called directly:
 * setup checks its fixture, one call of each benchmark method works, and teardown leaves
 * no non-daemon thread behind (JMH would wait for it at the end of a fork).
 */
class BenchmarkLifecycleIT {
    private static Set<Thread> nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !t.isDaemon() && t.isAlive())
                .collect(Collectors.toSet());
    }

    /** A benchmark's setup, calls and teardown. */
    @FunctionalInterface
    private interface Lifecycle {
        void run() throws Exception;
    }

    /** Runs {@code lifecycle}; the non-daemon threads it started must end within 5 s of its teardown. */
    private static void leavesNoThreads(Lifecycle lifecycle) throws Exception {
        Set<Thread> before = nonDaemonThreads();
        lifecycle.run();
        Supplier<Set<Thread>> leaked = () -> {
            Set<Thread> now = nonDaemonThreads();
            now.removeAll(before);
            return now;
        };
        Await.until(Duration.ofSeconds(5), Duration.ofMillis(50), () -> "no non-daemon thread left after teardown, "
                + "still: " + leaked.get().stream().map(Thread::getName).toList(), () -> leaked.get().isEmpty());
    }

    private static Cursor cursor() {
        Cursor c = new Cursor();
        c.next = 0;
        return c;
    }

    @Test
    void listerGet() throws Exception {
        leavesNoThreads(() -> {
            ListerGetBenchmark b = new ListerGetBenchmark();
            b.objects = 100;
            b.client = ClientType.CLIENT_JAVA;
            b.setup();
            Cursor c = cursor();
            assertThat(((V1ConfigMap) b.lister_t1(c)).getMetadata().getName()).startsWith("cm-");
            assertThat(b.mapBuiltKey_t1(c)).isNotNull();
            assertThat(b.mapPrecomputedKey_t1(c)).isNotNull();
            // All three read the same object for the same position in the key order.
            for (int i = 0; i < 200; i++) {
                Cursor l = cursor(), m = cursor(), p = cursor();
                l.next = m.next = p.next = i;
                assertThat(b.mapBuiltKey_t1(m)).isSameAs(b.lister_t1(l)).isSameAs(b.mapPrecomputedKey_t1(p));
            }
            b.tearDown();
        });
    }

    /**
     * The informer's client is built (and connected, one GET of the namespace) in the untimed
     * iteration setup, before the heap snapshot; the timed sync() only starts the informer on it:
     * its requests are the sync's alone (LIST_WATCH: one LIST, one WATCH; WATCH_LIST: one WATCH
     * asking for the initial events); teardown closes the client.
     */
    @ParameterizedTest
    @EnumSource(Sync.class)
    void syncAndMemory(Sync sync) throws Exception {
        leavesNoThreads(() -> {
            SyncAndMemoryBenchmark b = new SyncAndMemoryBenchmark();
            b.objects = 100;
            b.client = ClientType.CLIENT_JAVA;
            b.sync = sync;
            b.seed();
            RequestCounter.Counts beforeSetup = RequestCounter.JVM.snapshot();
            long opened = RequestCounter.JVM.watchesOpened();
            b.before();
            assertThat(b.connection).as("built in the iteration setup").isNotNull();
            RequestCounter.Counts setup = RequestCounter.JVM.snapshot().minus(beforeSetup);
            assertThat(setup.get()).as("the setup's GET of the namespace").isEqualTo(1);
            assertThat(b.sync().size()).isEqualTo(100);
            RequestCounter.JVM.awaitWatches(opened, 1, Duration.ofSeconds(10));
            RequestCounter.Counts synced = RequestCounter.JVM.snapshot().minus(beforeSetup).minus(setup);
            assertThat(synced).isEqualTo(new RequestCounter.Counts(sync == Sync.LIST_WATCH ? 1 : 0, 1, 0, 0, 0, 0));
            b.after();
            assertThat(b.connection).isNull();
        });
    }

    @Test
    void indexerList() throws Exception {
        leavesNoThreads(() -> {
            IndexerListBenchmark b = new IndexerListBenchmark();
            b.objects = 100;
            b.client = ClientType.CLIENT_JAVA;
            b.setup(); // checks the three result sizes
            assertThat(b.list()).hasSize(100);
            assertThat(b.byNamespaceIndex()).hasSize(100);
            assertThat(b.byAppIndex()).hasSize(25);
            b.tearDown();
        });
    }

    @Test
    void directGet() throws Exception {
        leavesNoThreads(() -> {
            DirectGetBenchmark b = new DirectGetBenchmark();
            b.objects = 100;
            b.client = ClientType.CLIENT_JAVA;
            b.qps = 5;
            b.burst = 10;
            b.setup("unthrottled", "5");
            b.latency.startIteration(true);
            assertThat(((V1ConfigMap) b.unthrottled(cursor())).getMetadata().getName()).startsWith("cm-");
            assertThat(((V1ConfigMap) b.throttled(cursor())).getMetadata().getName()).startsWith("cm-");
            b.latency.endIteration();
            assertThat(b.latency.trialHistogram().getTotalCount()).isEqualTo(2);
        });
    }

    @Test
    void resyncFanout() throws Exception {
        leavesNoThreads(() -> {
            ResyncFanoutBenchmark b = new ResyncFanoutBenchmark();
            b.objects = 100;
            b.handlers = 2;
            b.resyncMillis = 1000;
            b.client = ClientType.CLIENT_JAVA;
            b.setup();
            b.startIteration();
            for (int i = 0; i < 200; i++) {
                b.resyncCallback(); // one resync round delivers 100 objects × 2 handlers
            }
            assertThat(b.observer.resyncCallbacks()).isGreaterThanOrEqualTo(200);
            assertThat(b.observer.otherCallbacks()).as("the initial ADDs only").isEqualTo(200);
            b.tearDown();
        });
    }

    @Test
    void customIndex() throws Exception {
        leavesNoThreads(() -> {
            for (int indexes : new int[] {0, 1, 3}) {
                CustomIndexBenchmark b = new CustomIndexBenchmark();
                b.objects = 100;
                b.indexes = indexes;
                b.client = ClientType.CLIENT_JAVA;
                b.setup(); // checks the lookup's size
                assertThat(b.lookup()).hasSize(25);
                CustomIndexBenchmark.Position p = new CustomIndexBenchmark.Position();
                assertThat(b.update(p)).isNotNull();
                assertThat(b.lookup()).hasSize(25);
            }
        });
    }
}
