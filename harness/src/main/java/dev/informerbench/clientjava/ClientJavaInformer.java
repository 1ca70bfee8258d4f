package dev.informerbench.clientjava;

import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.Index;
import io.kubernetes.client.informer.cache.Indexer;
import io.kubernetes.client.informer.cache.Lister;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.List;

/** client-java's SharedIndexInformer, read through its {@link Lister} as a controller reads it. */
final class ClientJavaInformer implements CachedInformer {
    private final ConfigMapInformer informer;
    private final Lister<V1ConfigMap> lister;
    private final Indexer<V1ConfigMap> indexer;

    ClientJavaInformer(ConfigMapInformer informer) {
        this.informer = informer;
        this.lister = informer.lister();
        this.indexer = informer.indexer();
    }

    @Override
    public String namespace() {
        return informer.namespace();
    }

    @Override
    public Object get(String name) {
        return lister.get(name);
    }

    @Override
    public List<String> keys() {
        return indexer.listKeys();
    }

    @Override
    public Object getByKey(String key) {
        return indexer.getByKey(key);
    }

    @Override
    public String resourceVersion(String name) {
        V1ConfigMap cached = lister.get(name);
        return cached == null ? null : cached.getMetadata().getResourceVersion();
    }

    @Override
    public int size() {
        return indexer.list().size();
    }

    @Override
    public List<V1ConfigMap> list() {
        return indexer.list();
    }

    @Override
    public List<V1ConfigMap> byIndex(Index index, String value) {
        return indexer.byIndex(ClientJavaIndexes.name(index), value);
    }

    @Override
    public void close() {
        informer.close();
    }
}
