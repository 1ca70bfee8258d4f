package dev.informerbench.fork;

import dev.informerbench.fixtures.ConfigMapFixtures;
import dev.informerbench.fixtures.ConfigMapInformer;

import dev.informerbench.accounting.RequestCounter;
import io.kubernetes.client.openapi.ApiException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * What a benchmark's {@code @Setup(Level.Trial)} needs in one call: the run's fixture
 * namespace with {@code objects} ConfigMaps on this JVM's cluster, and a synced informer on
 * it, checked to hold exactly those objects.
 */
public final class BenchFixture {
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration WATCH_TIMEOUT = Duration.ofSeconds(10);

    private BenchFixture() {}

    public static String seed(int objects) throws ApiException, InterruptedException {
        String runId = SuiteCluster.runId();
        String namespace = ConfigMapFixtures.namespace(runId, objects);
        ConfigMapFixtures.Seeded seeded = ConfigMapFixtures.ensure(SuiteCluster.newClient(), runId, namespace, objects,
                line -> System.out.println("# " + line));
        if (seeded.created() > 0) {
            System.out.printf("# seeded %s: created %d ConfigMaps in %.1f s (%.0f/s), %d were there%n",
                    namespace, seeded.created(), seeded.seconds(), seeded.createsPerSecond(), seeded.existing());
        }
        ApiRequestProfiler.trialSetupDone();
        return namespace;
    }

    public static ConfigMapInformer informer(int objects, ConfigMapInformer.Spec spec)
            throws ApiException, InterruptedException, TimeoutException {
        String namespace = seed(objects);
        RequestCounter.Counts beforeStart = RequestCounter.JVM.snapshot();
        ConfigMapInformer informer = ConfigMapInformer.start(SuiteCluster.newWatchClient(), namespace, spec, SYNC_TIMEOUT);
        // The WATCH belongs to the setup, not to the first measured iteration.
        RequestCounter.JVM.awaitWatches(beforeStart, 1, WATCH_TIMEOUT);
        int cached = informer.indexer().list().size();
        if (cached != objects) {
            informer.close();
            throw new IllegalStateException("the informer on " + namespace + " holds " + cached
                    + " ConfigMaps, expected " + objects + " (something else writes to that namespace?)");
        }
        ApiRequestProfiler.trialSetupDone();
        return informer;
    }
}
