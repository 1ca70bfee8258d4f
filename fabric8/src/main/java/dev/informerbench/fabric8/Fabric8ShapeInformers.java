package dev.informerbench.fabric8;

import dev.informerbench.client.ShapeInformer;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.support.Await;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ReducedStateItemStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * fabric8's informer on one kind ({@code client.resources(Pod.class).inNamespace(ns)
 * .runnableInformer(0)}, list-watch, fabric8's default), with each remedy as a fabric8 user
 * would apply it. fabric8 has no transform hook on its informers (no {@code setTransform}; its
 * {@code Informable} offers indexers and a page limit) and no metadata informer (its
 * PartialObjectMetadata is for a GET or a LIST, not for an informer): what it offers is the
 * informer's item store, {@code SharedIndexInformer.itemStore(ItemStore)}, set before it starts.
 * <ul>
 * <li>FULL: fabric8's own store (a {@link BasicItemStore}: the objects as deserialized).
 * <li>NO_MANAGED_FIELDS: a {@link BasicItemStore} that clears {@code metadata.managedFields} of
 * each object as it is put, before it is kept: the same objects, each without its managedFields
 * (what client-java's setTransform does). The server still sends them and fabric8 still
 * deserializes them; the handlers (none here) would see the object without them too.
 * <li>METADATA_ONLY: fabric8's {@link ReducedStateItemStore} ({@code NAME_KEY_STATE}, value field
 * {@code metadata}): the server still sends the full objects (fabric8's informer has no
 * metadata-only Accept) and fabric8 deserializes each into its full model; the store then turns
 * it into a generic map (fabric8's serialization) and keeps per key an array of the
 * resourceVersion and the whole {@code metadata} subtree as maps, lists and strings
 * (managedFields included, as a PartialObjectMetadata holds them). A read restores a new typed
 * object of apiVersion, kind (the model's defaults) and metadata, with no spec, status or data.
 * <li>SELECTOR_TENTH: {@code withLabel(Remedy.SHARD_LABEL, "0")} on the LIST and WATCH.
 * </ul>
 */
final class Fabric8ShapeInformers {
    private Fabric8ShapeInformers() {}

    static ShapeInformer start(KubernetesClient client, String namespace, ObjectKind kind, Remedy remedy,
            Duration timeout) throws InterruptedException {
        return start(client, namespace, kind, remedy, timeout, Fabric8Shapes.type(kind));
    }

    private static <T extends HasMetadata> ShapeInformer start(KubernetesClient client, String namespace,
            ObjectKind kind, Remedy remedy, Duration timeout, Class<T> type) throws InterruptedException {
        FilterWatchListDeletable<T, ?, ?> objects = client.resources(type).inNamespace(namespace);
        if (remedy == Remedy.SELECTOR_TENTH) {
            objects = objects.withLabel(Remedy.SHARD_LABEL, "0");
        }
        SharedIndexInformer<T> informer = objects.runnableInformer(0);
        switch (remedy) {
            case NO_MANAGED_FIELDS -> informer.itemStore(new WithoutManagedFields<>());
            case METADATA_ONLY -> informer.itemStore(new ReducedStateItemStore<>(
                    ReducedStateItemStore.NAME_KEY_STATE, type, client.getKubernetesSerialization(), "metadata"));
            case FULL, SELECTOR_TENTH -> { } // fabric8's own store
        }
        CompletableFuture<Void> started = informer.start().toCompletableFuture();
        try {
            Await.until(timeout, () -> "the fabric8 " + kind.resource() + " informer (" + remedy + ") on " + namespace
                    + " to sync", () -> {
                        if (started.isCompletedExceptionally()) {
                            throw Fabric8Connection.failure(started);
                        }
                        return informer.hasSynced();
                    });
        } catch (InterruptedException | RuntimeException | Error e) {
            informer.stop();
            throw e;
        }
        return new ShapeInformer() {
            @Override
            public int size() {
                return informer.getIndexer().listKeys().size();
            }

            @Override
            public Object get(String name) {
                return informer.getIndexer().getByKey(Cache.namespaceKeyFunc(namespace, name));
            }

            @Override
            public Held held(String name) {
                T cached = informer.getIndexer().getByKey(Cache.namespaceKeyFunc(namespace, name));
                if (cached == null) {
                    throw new IllegalStateException(namespace + "/" + name + " is not in the cache");
                }
                var fields = cached.getMetadata().getManagedFields();
                boolean spec = cached instanceof Pod pod ? pod.getSpec() != null
                        : cached instanceof Secret secret ? secret.getData() != null && !secret.getData().isEmpty()
                        : cached instanceof ConfigMap cm && cm.getData() != null && !cm.getData().isEmpty();
                return new Held(fields == null ? 0 : fields.size(), spec);
            }

            @Override
            public void close() {
                informer.stop();
            }
        };
    }

    /** fabric8's basic store, keyed as fabric8 keys it, that keeps each object without its managedFields. */
    static final class WithoutManagedFields<T extends HasMetadata> extends BasicItemStore<T> {
        WithoutManagedFields() {
            super(Cache::metaNamespaceKeyFunc);
        }

        @Override
        public T put(String key, T obj) {
            obj.getMetadata().setManagedFields(null);
            return super.put(key, obj);
        }
    }
}
