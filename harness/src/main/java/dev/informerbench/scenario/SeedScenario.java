package dev.informerbench.scenario;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.clientjava.ConfigMapInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.clientjava.SuiteClients;
import dev.informerbench.limit.ClientRateLimiter;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.informer.cache.Lister;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The source article's walk-through, replayed with client-java: an informer on one
 * namespace with resync 10 s; requests at HasSynced and the first LIST/WATCH queries; 1000
 * lister reads against 100 GETs behind client-go's default limiter; create, update and
 * delete of ConfigMap {@code live} with callback order, resourceVersions and when the
 * lister shows it; then 25 s of resync with the replayed {@code onUpdate} count and the
 * requests it took (none). Prints a timeline in the article's shape and returns the facts.
 */
public final class SeedScenario {
    static final Duration RESYNC = Duration.ofSeconds(10);
    static final Duration RESYNC_WINDOW = Duration.ofSeconds(25);
    static final int LISTER_READS = 1000;
    static final int DIRECT_GETS = 100;
    /** How long any one thing the scenario waits for may take; polled every millisecond, as its times are. */
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(1);

    private final PrintStream out;
    private final long t0 = System.nanoTime();
    private final List<String> timeline = new ArrayList<>();

    private final ScenarioCallbacks callbacks = new ScenarioCallbacks(this::event);

    public SeedScenario(PrintStream out) {
        this.out = out;
    }

    /** Runs the scenario on {@code connection}'s cluster in a fresh namespace, removed at the end. */
    public Facts run(ClusterTarget.Connection connection, String runId) throws Exception {
        RequestCounter counter = new RequestCounter();
        ApiClient client = SuiteClients.counted(connection.newClient(), counter);
        ApiClient watchClient = SuiteClients.counted(connection.newClient(), counter);
        watchClient.setReadTimeout(0);
        CoreV1Api api = new CoreV1Api(client);
        String ns = FixtureNames.namespace(runId, 0).replaceFirst("-0$", "-scenario");
        api.createNamespace(new V1Namespace().metadata(new V1ObjectMeta().name(ns).labels(Map.of(
                FixtureNames.MANAGED_BY_LABEL, FixtureNames.MANAGED_BY, FixtureNames.RUN_LABEL, runId))
                .annotations(Ownership.annotations())))
                .execute();
        try {
            for (int i = 0; i < 3; i++) {
                api.createNamespacedConfigMap(ns, configMap("pre-" + i, "v0")).execute();
            }
            RequestCounter.Counts atStart = counter.snapshot();
            long startNanos = System.nanoTime();
            ConfigMapInformer informer = ConfigMapInformer.start(watchClient, ns,
                    new ConfigMapInformer.Spec(RESYNC, Map.of(), List.of(callbacks)), Duration.ofMinutes(1));
            try {
                Facts.Startup startup = startup(counter, atStart, startNanos);
                Lister<V1ConfigMap> lister = informer.lister();
                Facts.Reads reads = reads(counter, api, ns, lister);
                Facts.Events events = events(api, ns, lister);
                Facts.Resync resync = resync(counter, informer);
                return new Facts(ns, RESYNC.toSeconds(), startup, reads, events, resync, timeline);
            } finally {
                informer.close();
            }
        } finally {
            try {
                api.deleteNamespace(ns).execute();
            } catch (ApiException e) {
                out.println("could not delete namespace " + ns + ": " + e.getCode());
            }
        }
    }

    /** 1. Start-up: how the cache was filled, and the informer's first LIST and WATCH. */
    private Facts.Startup startup(RequestCounter counter, RequestCounter.Counts atStart, long startNanos)
            throws InterruptedException {
        RequestCounter.Counts synced = counter.snapshot().minus(atStart);
        long syncedNanos = System.nanoTime();
        event(String.format(Locale.ROOT, "HasSynced=true after %.3f s; the informer's requests: LIST=%d WATCH=%d "
                + "GET=%d (writes so far, the namespace and pre-0..2: %d)", (syncedNanos - startNanos) / 1e9,
                synced.list(), synced.watch(), synced.get(), counter.snapshot().write()));
        String firstList = counter.firstUrl(RequestKind.LIST);
        event("first LIST:  " + Objects.requireNonNullElse(firstList, "(none)"));
        // client-java opens its WATCH once the LIST has filled the cache.
        Await.until(WAIT, POLL, () -> "the informer's first WATCH", () -> counter.firstUrl(RequestKind.WATCH) != null);
        String firstWatch = counter.firstUrl(RequestKind.WATCH);
        event(String.format(Locale.ROOT, "first WATCH (%s after HasSynced): %s", human(System.nanoTime() - syncedNanos),
                firstWatch));
        return new Facts.Startup((System.nanoTime() - startNanos) / 1e9, Facts.requests(synced), firstList, firstWatch,
                firstWatch.contains("sendInitialEvents=true"), firstWatch.contains("allowWatchBookmarks=true"));
    }

    /** 2. Cache reads against GETs behind client-go's default limiter. */
    private Facts.Reads reads(RequestCounter counter, CoreV1Api api, String ns, Lister<V1ConfigMap> lister)
            throws ApiException, InterruptedException {
        RequestCounter.Counts beforeReads = counter.snapshot();
        long r0 = System.nanoTime();
        int found = 0;
        for (int i = 0; i < LISTER_READS; i++) {
            if (lister.get("pre-" + (i % 3)) != null) {
                found++;
            }
        }
        long readNanos = System.nanoTime() - r0;
        RequestCounter.Counts readRequests = counter.snapshot().minus(beforeReads);
        event(String.format(Locale.ROOT, "%d lister reads: %s in all (%d found); requests during them: %d",
                LISTER_READS, human(readNanos), found, readRequests.total()));

        ClientRateLimiter limiter = ClientRateLimiter.of(ClientRateLimiter.CLIENT_GO_QPS,
                ClientRateLimiter.CLIENT_GO_BURST);
        RequestCounter.Counts beforeGets = counter.snapshot();
        long g0 = System.nanoTime();
        for (int i = 0; i < DIRECT_GETS; i++) {
            limiter.acquire();
            api.readNamespacedConfigMap("pre-" + (i % 3), ns).execute();
        }
        long getNanos = System.nanoTime() - g0;
        RequestCounter.Counts getRequests = counter.snapshot().minus(beforeGets);
        event(String.format(Locale.ROOT, "%d direct GETs (QPS %.0f, burst %d): %s; GET requests: %d",
                DIRECT_GETS, limiter.qps(), limiter.burst(), human(getNanos), getRequests.get()));
        double perRead = (double) readNanos / LISTER_READS;
        double perGet = (double) getNanos / DIRECT_GETS;
        event(String.format(Locale.ROOT, "per read: lister %s, throttled GET %s: the cache is %,.0f× faster",
                human((long) perRead), human((long) perGet), perGet / perRead));
        return new Facts.Reads(new Facts.ListerReads(LISTER_READS, readNanos, readRequests.total()),
                new Facts.ThrottledGets(DIRECT_GETS, getNanos, getRequests.get(), limiter.qps(), limiter.burst()),
                perGet / perRead);
    }

    /** 3. Events: create, update and delete of "live", the callbacks they bring and when the lister shows it. */
    private Facts.Events events(CoreV1Api api, String ns, Lister<V1ConfigMap> lister)
            throws ApiException, InterruptedException {
        long c0 = System.nanoTime();
        V1ConfigMap created = api.createNamespacedConfigMap(ns, configMap("live", "v1")).execute();
        long seenNanos = Await.value(WAIT, POLL, () -> "the lister to show live",
                () -> lister.get("live") != null ? Optional.of(System.nanoTime() - c0) : Optional.empty());
        event(String.format(Locale.ROOT, "lister shows live: true (%s after the create was sent)", human(seenNanos)));
        created.setData(Map.of("value", "v2"));
        V1ConfigMap updated = api.replaceNamespacedConfigMap("live", ns, created).execute();
        Await.until(WAIT, POLL, () -> "the UPDATE callback of live", () -> callbacks.realUpdates() >= 1);
        api.deleteNamespacedConfigMap("live", ns).execute();
        Await.until(WAIT, POLL, () -> "the DELETE callback of live", () -> callbacks.deletes() >= 1);
        Facts.Callbacks soFar = callbacks.counts();
        event(String.format(Locale.ROOT, "callbacks so far: ADD=%d UPDATE(real change)=%d DELETE=%d; "
                + "resync UpdateFunc (same resourceVersion)=%d", soFar.add(), soFar.realUpdate(), soFar.delete(),
                soFar.resyncUpdate()));
        return new Facts.Events(seenNanos, List.of(created.getMetadata().getResourceVersion(),
                updated.getMetadata().getResourceVersion()));
    }

    /** 4. Resync: callbacks replayed from the cache, no requests; then the scenario's totals. */
    private Facts.Resync resync(RequestCounter counter, ConfigMapInformer informer) throws InterruptedException {
        long resyncBefore = callbacks.resyncUpdates();
        RequestCounter.Counts beforeResync = counter.snapshot();
        Thread.sleep(RESYNC_WINDOW.toMillis());
        RequestCounter.Counts resyncRequests = counter.snapshot().minus(beforeResync);
        int cached = informer.indexer().list().size();
        event(String.format(Locale.ROOT, "%d s later (resync %d s, %d objects cached): resync UpdateFunc "
                + "total %d (+%d); requests in those %d s: %d", RESYNC_WINDOW.toSeconds(), RESYNC.toSeconds(),
                cached, callbacks.resyncUpdates(), callbacks.resyncUpdates() - resyncBefore, RESYNC_WINDOW.toSeconds(),
                resyncRequests.total()));
        event("all requests: " + requests(counter.snapshot()));
        return new Facts.Resync(RESYNC_WINDOW.toSeconds(), cached, callbacks.resyncUpdates() - resyncBefore,
                callbacks.resyncUpdates(), callbacks.resyncRounds(), Facts.requests(resyncRequests),
                callbacks.counts(), Facts.requests(counter.snapshot()));
    }

    private synchronized void event(String text) {
        String line = String.format(Locale.ROOT, "  +%5.1fs %s", (System.nanoTime() - t0) / 1e9, text);
        timeline.add(line);
        out.println(line);
    }

    private static V1ConfigMap configMap(String name, String value) {
        return new V1ConfigMap().metadata(new V1ObjectMeta().name(name)).data(Map.of("value", value));
    }

    private static String requests(RequestCounter.Counts c) {
        return "LIST=" + c.list() + " WATCH=" + c.watch() + " GET=" + c.get() + " writes=" + c.write();
    }

    static String human(long nanos) {
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.0fµs", nanos / 1e3);
        }
        if (nanos < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.1fms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.3fs", nanos / 1e9);
    }
}
