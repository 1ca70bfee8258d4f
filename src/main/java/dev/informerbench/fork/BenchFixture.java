package dev.informerbench.fork;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.fixtures.ConfigMapFixtures;
import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.Seeded;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.time.Duration;

/**
 * What a benchmark's {@code @Setup(Level.Trial)} needs in one call: the run's fixture
 * namespace with {@code objects} ConfigMaps on this JVM's cluster, and a synced informer on
 * it, checked to hold exactly those objects. Each ends the trial setup for
 * {@link ApiRequestProfiler}: the requests so far are the setup's.
 */
public final class BenchFixture {
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration WATCH_TIMEOUT = Duration.ofSeconds(10);

    private BenchFixture() {}

    public static String seed(int objects) throws ApiException, InterruptedException {
        String namespace = FixtureNames.namespace(SuiteCluster.runId(), objects);
        Seeded seeded = ensure(SuiteCluster.newClient(), namespace, objects);
        if (seeded.created() > 0) {
            System.out.printf("# seeded %s: created %d ConfigMaps in %.1f s (%.0f/s), %d were there%n",
                    namespace, seeded.created(), seeded.seconds(), seeded.createsPerSecond(), seeded.existing());
        }
        ApiRequestProfiler.trialSetupDone();
        return namespace;
    }

    /** Makes sure {@code namespace} holds the run's ConfigMaps 0 to {@code objects - 1}, through {@code client}. */
    public static Seeded ensure(ApiClient client, String namespace, int objects)
            throws ApiException, InterruptedException {
        return ConfigMapFixtures.ensure(client, SuiteCluster.runId(), namespace, objects,
                line -> System.out.println("# " + line));
    }

    /** The fixture of {@code objects} and an informer of this JVM's cluster on it. */
    public static ConfigMapInformer informer(int objects, ConfigMapInformer.Spec spec)
            throws ApiException, InterruptedException {
        String namespace = seed(objects);
        return informer(SuiteCluster.newWatchClient(), RequestCounter.JVM, namespace, objects, spec);
    }

    /**
     * An informer through {@code client} on a seeded {@code namespace}, once its WATCH is sent
     * ({@code counter} counts the client's requests): the WATCH belongs to the setup, not to the
     * first measured iteration.
     */
    public static ConfigMapInformer informer(ApiClient client, RequestCounter counter, String namespace, int objects,
            ConfigMapInformer.Spec spec) throws InterruptedException {
        RequestCounter.Counts beforeStart = counter.snapshot();
        ConfigMapInformer informer = ConfigMapInformer.start(client, namespace, spec, SYNC_TIMEOUT);
        counter.awaitWatches(beforeStart, 1, WATCH_TIMEOUT);
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
