package dev.informerbench.scenario;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.fork.SuiteClients;
import dev.informerbench.target.ClusterTarget;
import dev.informerbench.fixtures.ConfigMapFixtures;
import dev.informerbench.fixtures.ConfigMapInformer;
import dev.informerbench.limit.ClientRateLimiter;
import io.kubernetes.client.informer.ResourceEventHandler;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

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

    private final PrintStream out;
    private final long t0 = System.nanoTime();
    private final List<String> timeline = new ArrayList<>();

    // Callback counts, by the handler.
    private final AtomicLong adds = new AtomicLong();
    private final AtomicLong realUpdates = new AtomicLong();
    private final AtomicLong resyncUpdates = new AtomicLong();
    private final AtomicLong deletes = new AtomicLong();
    private long lastResyncNanos = Long.MIN_VALUE;
    private int resyncRounds;

    public SeedScenario(PrintStream out) {
        this.out = out;
    }

    /** Runs the scenario on {@code connection}'s cluster in a fresh namespace, removed at the end. */
    public Map<String, Object> run(ClusterTarget.Connection connection, String runId) throws Exception {
        RequestCounter counter = new RequestCounter();
        ApiClient client = SuiteClients.counted(connection.newClient(), counter);
        ApiClient watchClient = SuiteClients.counted(connection.newClient(), counter);
        watchClient.setReadTimeout(0);
        CoreV1Api api = new CoreV1Api(client);
        String ns = ConfigMapFixtures.namespace(runId, 0).replaceFirst("-0$", "-scenario");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("namespace", ns);
        facts.put("resyncPeriodSeconds", RESYNC.toSeconds());

        api.createNamespace(new V1Namespace().metadata(new V1ObjectMeta().name(ns).labels(Map.of(
                ConfigMapFixtures.MANAGED_BY_LABEL, ConfigMapFixtures.MANAGED_BY, ConfigMapFixtures.RUN_LABEL, runId))
                .annotations(dev.informerbench.fixtures.Ownership.annotations())))
                .execute();
        try {
            for (int i = 0; i < 3; i++) {
                api.createNamespacedConfigMap(ns, configMap("pre-" + i, "v0")).execute();
            }
            RequestCounter.Counts atStart = counter.snapshot();

            // 1. Start-up: how the cache is filled.
            long startNanos = System.nanoTime();
            ConfigMapInformer informer = ConfigMapInformer.start(watchClient, ns,
                    ConfigMapInformer.Spec.plain().withResync(RESYNC, List.of(handler())), Duration.ofMinutes(1));
            try {
                RequestCounter.Counts synced = counter.snapshot().minus(atStart);
                long syncedNanos = System.nanoTime();
                event(String.format(Locale.ROOT, "HasSynced=true after %.3f s; the informer's requests: LIST=%d WATCH=%d "
                        + "GET=%d (writes so far, the namespace and pre-0..2: %d)", (syncedNanos - startNanos) / 1e9,
                        synced.list(), synced.watch(), synced.get(), counter.snapshot().write()));
                String firstList = counter.firstUrl(RequestKind.LIST);
                event("first LIST:  " + Objects.requireNonNullElse(firstList, "(none)"));
                // client-java opens its WATCH once the LIST has filled the cache.
                waitFor(() -> counter.firstUrl(RequestKind.WATCH) != null);
                String firstWatch = counter.firstUrl(RequestKind.WATCH);
                event(String.format(Locale.ROOT, "first WATCH (%s after HasSynced): %s",
                        human(System.nanoTime() - syncedNanos), Objects.requireNonNullElse(firstWatch, "(none)")));
                facts.put("syncSeconds", (System.nanoTime() - startNanos) / 1e9);
                facts.put("requestsToSync", countsMap(synced));
                facts.put("firstList", firstList);
                facts.put("firstWatch", firstWatch);
                facts.put("watchListRequested", firstWatch != null && firstWatch.contains("sendInitialEvents=true"));
                facts.put("bookmarksRequested", firstWatch != null && firstWatch.contains("allowWatchBookmarks=true"));

                // 2. Cache reads against GETs behind client-go's default limiter.
                Lister<V1ConfigMap> lister = informer.lister();
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
                facts.put("listerReads", Map.of("count", LISTER_READS, "nanos", readNanos, "requests", readRequests.total()));
                facts.put("throttledGets", Map.of("count", DIRECT_GETS, "nanos", getNanos, "getRequests",
                        getRequests.get(), "qps", limiter.qps(), "burst", limiter.burst()));
                facts.put("perReadSpeedup", perGet / perRead);
                event(String.format(Locale.ROOT, "per read: lister %s, throttled GET %s: the cache is %,.0f× faster",
                        human((long) perRead), human((long) perGet), perGet / perRead));

                // 3. Events: create, update, delete of "live".
                long c0 = System.nanoTime();
                V1ConfigMap created = api.createNamespacedConfigMap(ns, configMap("live", "v1")).execute();
                long seenNanos = -1;
                while (System.nanoTime() - c0 < Duration.ofSeconds(30).toNanos()) {
                    if (lister.get("live") != null) {
                        seenNanos = System.nanoTime() - c0;
                        break;
                    }
                    Thread.sleep(1);
                }
                event(String.format(Locale.ROOT, "lister shows live: %s (%s after the create was sent)",
                        seenNanos >= 0, seenNanos >= 0 ? human(seenNanos) : "never"));
                created.setData(Map.of("value", "v2"));
                V1ConfigMap updated = api.replaceNamespacedConfigMap("live", ns, created).execute();
                waitFor(() -> realUpdates.get() >= 1);
                api.deleteNamespacedConfigMap("live", ns).execute();
                waitFor(() -> deletes.get() >= 1);
                event(String.format(Locale.ROOT, "callbacks so far: ADD=%d UPDATE(real change)=%d DELETE=%d; "
                        + "resync UpdateFunc (same resourceVersion)=%d", adds.get(), realUpdates.get(), deletes.get(),
                        resyncUpdates.get()));
                facts.put("liveVisibleInListerNanos", seenNanos);
                facts.put("liveResourceVersions", List.of(created.getMetadata().getResourceVersion(),
                        updated.getMetadata().getResourceVersion()));

                // 4. Resync: replays from the cache, no requests.
                long resyncBefore = resyncUpdates.get();
                RequestCounter.Counts beforeResync = counter.snapshot();
                Thread.sleep(RESYNC_WINDOW.toMillis());
                RequestCounter.Counts resyncRequests = counter.snapshot().minus(beforeResync);
                int cached = informer.indexer().list().size();
                event(String.format(Locale.ROOT, "%d s later (resync %d s, %d objects cached): resync UpdateFunc "
                        + "total %d (+%d); requests in those %d s: %d", RESYNC_WINDOW.toSeconds(), RESYNC.toSeconds(),
                        cached, resyncUpdates.get(), resyncUpdates.get() - resyncBefore, RESYNC_WINDOW.toSeconds(),
                        resyncRequests.total()));
                event("all requests: " + requests(counter.snapshot()));
                facts.put("resyncWindowSeconds", RESYNC_WINDOW.toSeconds());
                facts.put("cachedObjects", cached);
                facts.put("resyncCallbacksInWindow", resyncUpdates.get() - resyncBefore);
                facts.put("resyncCallbacksTotal", resyncUpdates.get());
                facts.put("resyncRounds", resyncRounds);
                facts.put("requestsDuringResyncWindow", countsMap(resyncRequests));
                facts.put("callbacks", Map.of("add", adds.get(), "realUpdate", realUpdates.get(), "delete",
                        deletes.get(), "resyncUpdate", resyncUpdates.get()));
                facts.put("requestsTotal", countsMap(counter.snapshot()));
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
        facts.put("timeline", timeline);
        return facts;
    }

    private ResourceEventHandler<V1ConfigMap> handler() {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(V1ConfigMap cm) {
                adds.incrementAndGet();
                event("ADD    " + cm.getMetadata().getName());
            }

            @Override
            public void onUpdate(V1ConfigMap oldCm, V1ConfigMap newCm) {
                String before = oldCm.getMetadata().getResourceVersion();
                String after = newCm.getMetadata().getResourceVersion();
                if (Objects.equals(before, after)) {
                    resyncUpdates.incrementAndGet();
                    resyncRound();
                } else {
                    realUpdates.incrementAndGet();
                    event("UPDATE " + newCm.getMetadata().getName() + " rv " + before + " -> " + after);
                }
            }

            @Override
            public void onDelete(V1ConfigMap cm, boolean finalStateUnknown) {
                deletes.incrementAndGet();
                event("DELETE " + cm.getMetadata().getName());
            }
        };
    }

    /** One line per resync round (callbacks of a round come together; a 1 s pause starts the next). */
    private synchronized void resyncRound() {
        long now = System.nanoTime();
        if (lastResyncNanos == Long.MIN_VALUE || now - lastResyncNanos > 1_000_000_000L) {
            resyncRounds++;
            event("RESYNC round " + resyncRounds + ": UpdateFunc with old and new at the same resourceVersion");
        }
        lastResyncNanos = now;
    }

    private synchronized void event(String text) {
        String line = String.format(Locale.ROOT, "  +%5.1fs %s", (System.nanoTime() - t0) / 1e9, text);
        timeline.add(line);
        out.println(line);
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    private static V1ConfigMap configMap(String name, String value) {
        return new V1ConfigMap().metadata(new V1ObjectMeta().name(name)).data(Map.of("value", value));
    }

    private static String requests(RequestCounter.Counts c) {
        return "LIST=" + c.list() + " WATCH=" + c.watch() + " GET=" + c.get() + " writes=" + c.write();
    }

    private static Map<String, Long> countsMap(RequestCounter.Counts c) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("list", c.list());
        m.put("watch", c.watch());
        m.put("get", c.get());
        m.put("write", c.write());
        m.put("other", c.other());
        m.put("429", c.tooManyRequests());
        return m;
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
