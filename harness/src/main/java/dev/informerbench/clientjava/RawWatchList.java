package dev.informerbench.clientjava;

import com.google.gson.reflect.TypeToken;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.Index;
import dev.informerbench.support.Await;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.util.Watch;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * WatchList through client-java's generated API, which client-java's informer does not do: one
 * WATCH with {@code sendInitialEvents=true}, {@code resourceVersionMatch=NotOlderThan} and
 * {@code allowWatchBookmarks=true}, its events kept in a map; synced at the bookmark the server
 * annotates {@value #INITIAL_EVENTS_END}. What client-java's sync would cost if it supported
 * WatchList: no LIST, the objects streamed from the watch cache.
 */
final class RawWatchList implements CachedInformer {
    static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

    private final String namespace;
    private final Map<String, V1ConfigMap> cache = new ConcurrentHashMap<>();
    private final Watch<V1ConfigMap> watch;
    private final Thread reader;
    private volatile boolean synced;
    private volatile Throwable failure;

    private RawWatchList(String namespace, Watch<V1ConfigMap> watch) {
        this.namespace = namespace;
        this.watch = watch;
        this.reader = new Thread(this::read, "watch-list-" + namespace);
        reader.setDaemon(true);
    }

    /**
     * Sends the WATCH and reads it until the initial events have ended; {@link Await.TimedOut} after
     * {@code timeout}.
     */
    static RawWatchList start(ApiClient client, String namespace, Duration timeout) throws InterruptedException {
        Watch<V1ConfigMap> watch;
        try {
            watch = Watch.createWatch(client, new CoreV1Api(client).listNamespacedConfigMap(namespace).watch(true)
                    .sendInitialEvents(true).resourceVersionMatch("NotOlderThan").allowWatchBookmarks(true)
                    .buildCall(null), new TypeToken<Watch.Response<V1ConfigMap>>() {}.getType());
        } catch (ApiException e) {
            throw new IllegalStateException("the WatchList request on " + namespace + " failed: " + e.getCode(), e);
        }
        RawWatchList list = new RawWatchList(namespace, watch);
        list.reader.start();
        try {
            Await.until(timeout, () -> "the WatchList of " + namespace + " to reach its initial-events-end bookmark",
                    () -> list.synced || list.failure != null);
        } catch (Await.TimedOut | InterruptedException e) {
            list.close();
            throw e;
        }
        if (!list.synced) {
            list.close();
            throw new IllegalStateException("the WatchList of " + namespace + " ended before it synced", list.failure);
        }
        return list;
    }

    private void read() {
        try {
            for (Watch.Response<V1ConfigMap> event : watch) {
                switch (event.type) {
                    case "ADDED", "MODIFIED" -> cache.put(key(event.object), event.object);
                    case "DELETED" -> cache.remove(key(event.object));
                    case "BOOKMARK" -> synced |= "true".equals(Optional.ofNullable(event.object.getMetadata()
                            .getAnnotations()).orElse(Map.of()).get(INITIAL_EVENTS_END));
                    default -> throw new IllegalStateException("watch event " + event.type + ": " + event.status);
                }
            }
        } catch (RuntimeException e) {
            failure = e; // also how the stream ends when close() cuts it
        }
    }

    private static String key(V1ConfigMap cm) {
        return cm.getMetadata().getNamespace() + "/" + cm.getMetadata().getName();
    }

    @Override
    public String namespace() {
        return namespace;
    }

    @Override
    public Object get(String name) {
        return cache.get(namespace + "/" + name);
    }

    @Override
    public List<String> keys() {
        return List.copyOf(cache.keySet());
    }

    @Override
    public Object getByKey(String key) {
        return cache.get(key);
    }

    @Override
    public String resourceVersion(String name) {
        V1ConfigMap cached = cache.get(namespace + "/" + name);
        return cached == null ? null : cached.getMetadata().getResourceVersion();
    }

    @Override
    public int size() {
        return cache.size();
    }

    @Override
    public List<V1ConfigMap> list() {
        return new ArrayList<>(cache.values());
    }

    /** No index: this is a map of what the WatchList streamed, not client-java's indexer. */
    @Override
    public List<V1ConfigMap> byIndex(Index index, String value) {
        throw new UnsupportedOperationException("client-java's raw WatchList keeps no index (" + index + ")");
    }

    @Override
    public void close() {
        try {
            watch.close();
        } catch (IOException e) {
            // the stream is going away either way
        }
        reader.interrupt();
    }
}
