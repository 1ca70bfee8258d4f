package dev.informerbench.fabric8;

import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.MetricsHidden;
import dev.informerbench.client.ShapeInformer;
import dev.informerbench.client.Sync;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.support.Await;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/** One fabric8 client, with its own Vert.x instance and connection pool. */
final class Fabric8Connection implements ClientConnection {
    /** Attempts of an update that meets a conflict (another writer between its GET and PUT). */
    static final int UPDATE_ATTEMPTS = 5;

    private final KubernetesClient client;

    Fabric8Connection(Config config, CountingInterceptor counting) {
        this.client = new KubernetesClientBuilder().withConfig(config)
                .withHttpClientBuilderConsumer(
                        builder -> builder.addOrReplaceInterceptor(CountingInterceptor.NAME, counting))
                .build();
    }

    KubernetesClient client() {
        return client;
    }

    @Override
    public ConfigMap get(String namespace, String name) {
        try {
            return client.configMaps().inNamespace(namespace).withName(name).get();
        } catch (KubernetesClientException e) {
            if (e.getCode() == Fabric8Fixtures.TOO_MANY_REQUESTS) {
                return null; // counted by the interceptor; not an error
            }
            throw e;
        }
    }

    @Override
    public String metricsText() throws MetricsHidden {
        String text;
        try {
            text = client.raw("/metrics"); // null when the server has no such path
        } catch (KubernetesClientException e) {
            if (e.getCode() == 403) {
                throw new MetricsHidden("GET /metrics is forbidden for this user (403)");
            }
            throw e;
        }
        if (text == null) {
            throw new MetricsHidden("the server has no /metrics (404)");
        }
        return text;
    }

    @Override
    public void open(String namespace) {
        client.namespaces().withName(namespace).get();
    }

    @Override
    public String update(String namespace, String name, String key, String value) {
        for (int attempt = 1; ; attempt++) {
            ConfigMap current = client.configMaps().inNamespace(namespace).withName(name).get();
            if (current == null) {
                throw new IllegalStateException("ConfigMap " + namespace + "/" + name + " does not exist");
            }
            Map<String, String> data = current.getData() == null ? new HashMap<>() : new HashMap<>(current.getData());
            data.put(key, value);
            current.setData(data);
            try {
                // A PUT with the resourceVersion just read: a concurrent write makes it 409.
                return client.configMaps().inNamespace(namespace).resource(current).update().getMetadata()
                        .getResourceVersion();
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt >= UPDATE_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    @Override
    public void create(String namespace, String name, Map<String, String> labels, Map<String, String> data) {
        client.configMaps().inNamespace(namespace).resource(configMap(name, labels, data)).create();
    }

    @Override
    public void replace(String namespace, String name, Map<String, String> labels, Map<String, String> data) {
        // One PUT, as the other clients send it: fabric8's update() of an object without a resourceVersion
        // GETs the latest first (a smoke run counted 100 GETs per burst of 100), a second request per write.
        ConfigMap cm = configMap(name, labels, data);
        cm.getMetadata().setNamespace(namespace);
        client.raw("/api/v1/namespaces/" + namespace + "/configmaps/" + name, "PUT", cm);
    }

    private static ConfigMap configMap(String name, Map<String, String> labels, Map<String, String> data) {
        return new ConfigMapBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                .withData(data).build();
    }

    @Override
    public void deleteCollection(String namespace, String labelSelector) {
        client.configMaps().inNamespace(namespace).withLabelSelector(labelSelector).delete();
    }

    /**
     * fabric8 decides list-watch or WatchList per client ({@code Config.watchList}), read when an
     * informer is made: the flag is set for this informer only, then left as the client had it.
     */
    @Override
    public CachedInformer startInformer(String namespace, InformerSpec spec, Duration timeout)
            throws InterruptedException {
        Sync sync = spec.sync();
        SharedIndexInformer<ConfigMap> informer;
        synchronized (this) {
            Config config = client.getConfiguration();
            Boolean before = config.getWatchList();
            config.setWatchList(sync == Sync.WATCH_LIST);
            try {
                informer = client.configMaps().inNamespace(namespace).runnableInformer(spec.resync().toMillis());
            } finally {
                config.setWatchList(before);
            }
        }
        spec.handlers().forEach(h -> informer.addEventHandler(new Fabric8Handler(h)));
        Map<String, Function<ConfigMap, List<String>>> indexers = Fabric8Indexes.custom(spec.indexes());
        if (!indexers.isEmpty()) {
            // Before start, as for the other clients (fabric8 also takes indexers later).
            informer.addIndexers(indexers);
        }
        CompletableFuture<Void> started = informer.start().toCompletableFuture();
        try {
            Await.until(timeout, () -> "the fabric8 informer of ConfigMaps in " + namespace + " to sync (" + sync + ")",
                    () -> {
                        if (started.isCompletedExceptionally()) {
                            throw failure(started);
                        }
                        // fabric8's hasSynced() is true from the first event of a WatchList (each sets the
                        // last synced resourceVersion): there, synced is the start, done at the bookmark
                        // that ends the initial events.
                        return informer.hasSynced() && (sync == Sync.LIST_WATCH || started.isDone());
                    });
        } catch (InterruptedException | RuntimeException | Error e) {
            informer.stop();
            throw e;
        }
        return new Fabric8Informer(namespace, informer);
    }

    /** What made {@code started} (an informer's start) fail, to rethrow. */
    static RuntimeException failure(CompletableFuture<Void> started) {
        try {
            started.join();
            return new IllegalStateException("the informer failed to start");
        } catch (CompletionException e) {
            return e.getCause() instanceof RuntimeException r ? r
                    : new IllegalStateException("the informer failed to start", e.getCause());
        }
    }

    /** fabric8's informer on {@code kind} with {@code remedy}: see {@link Fabric8ShapeInformers}. */
    @Override
    public ShapeInformer startShapeInformer(String namespace, ObjectKind kind, Remedy remedy, Duration timeout)
            throws InterruptedException {
        return Fabric8ShapeInformers.start(client, namespace, kind, remedy, timeout);
    }

    /** One GET through {@code client.raw}; a 404 is an error here (fabric8's raw GET answers it with null). */
    @Override
    public String rawGet(String path) {
        String body = client.raw(path);
        if (body == null) {
            throw new IllegalStateException("GET " + path + " answered 404");
        }
        return body;
    }

    /** Closes the client: its HTTP connections, its Vert.x instance and its executor. */
    @Override
    public void close() {
        client.close();
    }
}
