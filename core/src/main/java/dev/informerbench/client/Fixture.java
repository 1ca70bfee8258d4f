package dev.informerbench.client;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fork.ApiRequestProfiler;
import dev.informerbench.fork.ForkSettings;
import java.time.Duration;

/**
 * What a benchmark's {@code @Setup(Level.Trial)} needs in one call, through any client: the
 * run's fixture namespace with {@code objects} ConfigMaps, and a synced informer on it, checked
 * to hold exactly those objects with its WATCH open. Each ends the trial setup for
 * {@link ApiRequestProfiler}: the requests so far are the setup's.
 */
public final class Fixture {
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration WATCH_TIMEOUT = Duration.ofSeconds(10);

    private Fixture() {}

    /** A client and its informer, closed together. */
    public record Informed(ClientConnection connection, CachedInformer informer) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            try {
                informer.close();
            } finally {
                connection.close();
            }
        }
    }

    /** The run's namespace of {@code objects} ConfigMaps on this JVM's cluster, seeded through {@code client}. */
    public static String seed(ClientType client, int objects) throws Exception {
        String namespace = FixtureNames.namespace(ForkSettings.runId(), objects);
        Seeded seeded = client.adapter().ensureFixture(null, namespace, objects,
                line -> System.out.println("# " + line));
        if (seeded.created() > 0) {
            System.out.printf("# seeded %s: created %d ConfigMaps in %.1f s (%.0f/s), %d were there%n",
                    namespace, seeded.created(), seeded.seconds(), seeded.createsPerSecond(), seeded.existing());
        }
        ApiRequestProfiler.trialSetupDone();
        return namespace;
    }

    /** The fixture of {@code objects} and a synced informer on it, through a new client of {@code client}. */
    public static Informed informer(ClientType client, int objects) throws Exception {
        return informer(client, objects, InformerSpec.of(Sync.LIST_WATCH));
    }

    /** As above, the informer started as {@code spec} says. */
    public static Informed informer(ClientType client, int objects, InformerSpec spec) throws Exception {
        String namespace = seed(client, objects);
        ClientConnection connection = client.adapter().connect(ConnectOptions.forWatches());
        try {
            return new Informed(connection, informer(connection, RequestCounter.JVM, namespace, objects, spec));
        } catch (Exception | Error e) {
            connection.close();
            throw e;
        }
    }

    /**
     * An informer through {@code connection} on a seeded {@code namespace}, once the server has
     * opened its WATCH ({@code counter} counts the connection's requests): the WATCH belongs to the setup, not to
     * the first measured iteration.
     */
    public static CachedInformer informer(ClientConnection connection, RequestCounter counter, String namespace,
            int objects) throws Exception {
        return informer(connection, counter, namespace, objects, InformerSpec.of(Sync.LIST_WATCH));
    }

    /** As above, the informer started as {@code spec} says. */
    public static CachedInformer informer(ClientConnection connection, RequestCounter counter, String namespace,
            int objects, InformerSpec spec) throws Exception {
        long openedBefore = counter.watchesOpened();
        CachedInformer informer = connection.startInformer(namespace, spec, SYNC_TIMEOUT);
        try {
            counter.awaitWatches(openedBefore, 1, WATCH_TIMEOUT);
            if (informer.size() != objects) {
                throw new IllegalStateException("the informer on " + namespace + " holds " + informer.size()
                        + " ConfigMaps, expected " + objects + " (something else writes to that namespace?)");
            }
        } catch (Exception | Error e) {
            informer.close();
            throw e;
        }
        ApiRequestProfiler.trialSetupDone();
        return informer;
    }
}
