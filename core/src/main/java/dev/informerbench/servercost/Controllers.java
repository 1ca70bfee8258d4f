package dev.informerbench.servercost;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Fixture;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.Sync;
import dev.informerbench.fixtures.FixtureNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * N simulated controllers on one namespace, each with its own client and connection: an informer
 * each ({@link Approach#LIST_WATCH}, {@link Approach#WATCH_LIST}), or no cache at all
 * ({@link Approach#POLL}): each re-reads its objects by GET, every object once per poll period.
 */
public final class Controllers implements AutoCloseable {
    /** How a controller knows its objects. */
    public enum Approach {
        LIST_WATCH, WATCH_LIST, POLL
    }

    private static final int POLL_THREADS = 16;

    private final List<ClientConnection> connections = new ArrayList<>();
    private final List<CachedInformer> informers = new ArrayList<>();
    private final AtomicLong gets = new AtomicLong();
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private ScheduledExecutorService pollers;

    private Controllers() {}

    /**
     * Starts {@code n} controllers of {@code client} on {@code namespace} of {@code objects}; informers
     * have synced when this returns, pollers have started. {@code pollPeriod}: how often a poller
     * reads each object.
     */
    public static Controllers start(ClientType client, Approach approach, int n, String namespace, int objects,
            Duration pollPeriod) throws Exception {
        Controllers c = new Controllers();
        try {
            if (approach == Approach.POLL) {
                c.startPollers(client, n, namespace, objects, pollPeriod);
            } else {
                Sync sync = approach == Approach.WATCH_LIST ? Sync.WATCH_LIST : Sync.LIST_WATCH;
                for (int i = 0; i < n; i++) {
                    ClientConnection connection = c.connect(client, ConnectOptions.forWatches());
                    c.informers.add(Fixture.informer(connection, RequestCounter.JVM, namespace, objects,
                            InformerSpec.of(sync)));
                }
            }
            return c;
        } catch (Exception | Error e) {
            c.close();
            throw e;
        }
    }

    private ClientConnection connect(ClientType client, ConnectOptions options) throws Exception {
        ClientConnection connection = client.adapter().connect(options);
        connections.add(connection);
        return connection;
    }

    /** Poller i reads object (i + k) mod objects at its k-th turn; the pollers' first turns are spread evenly. */
    private void startPollers(ClientType client, int n, String namespace, int objects, Duration pollPeriod)
            throws Exception {
        long intervalMicros = Math.max(1, pollPeriod.toNanos() / 1000 / objects);
        pollers = Executors.newScheduledThreadPool(Math.min(n, POLL_THREADS), r -> {
            Thread t = new Thread(r, "poller");
            t.setDaemon(true);
            return t;
        });
        for (int i = 0; i < n; i++) {
            ClientConnection connection = connect(client, ConnectOptions.direct());
            connection.open(namespace);
            AtomicLong turn = new AtomicLong(i);
            pollers.scheduleAtFixedRate(() -> {
                try {
                    connection.get(namespace, FixtureNames.name((int) (turn.getAndIncrement() % objects)));
                    gets.incrementAndGet();
                } catch (Exception e) {
                    failure.compareAndSet(null, e);
                }
            }, intervalMicros * i / n, intervalMicros, TimeUnit.MICROSECONDS);
        }
    }

    /** GETs the pollers have made so far. */
    public long gets() {
        return gets.get();
    }

    /** The controllers are still what they were: every informer holds the objects, no poller failed. */
    public void check(int objects) {
        Exception e = failure.get();
        if (e != null) {
            throw new IllegalStateException("a poller's GET failed: " + e.getMessage(), e);
        }
        for (CachedInformer informer : informers) {
            if (informer.size() != objects) {
                throw new IllegalStateException("an informer holds " + informer.size() + " objects, not " + objects);
            }
        }
    }

    @Override
    public void close() throws Exception {
        if (pollers != null) {
            pollers.shutdown(); // no new turn; a request under way completes, so the server counts it
            pollers.awaitTermination(30, TimeUnit.SECONDS);
        }
        for (CachedInformer informer : informers) {
            informer.close();
        }
        for (ClientConnection connection : connections) {
            connection.close();
        }
    }
}
