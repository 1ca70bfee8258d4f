package dev.informerbench.fabric8;

import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.Index;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Lister;
import java.util.List;

/** A synced fabric8 informer, read through fabric8's {@link Lister} as a controller reads it. */
final class Fabric8Informer implements CachedInformer {
    /** The custom index over the {@code app} label. */
    private final String namespace;
    private final SharedIndexInformer<ConfigMap> informer;
    private final Lister<ConfigMap> lister;

    Fabric8Informer(String namespace, SharedIndexInformer<ConfigMap> informer) {
        this.namespace = namespace;
        this.informer = informer;
        this.lister = new Lister<>(informer.getIndexer(), namespace);
    }

    @Override
    public String namespace() {
        return namespace;
    }

    @Override
    public ConfigMap get(String name) {
        return lister.get(name);
    }

    @Override
    public List<String> keys() {
        return informer.getIndexer().listKeys();
    }

    @Override
    public ConfigMap getByKey(String key) {
        return informer.getIndexer().getByKey(key);
    }

    @Override
    public String resourceVersion(String name) {
        ConfigMap cached = lister.get(name);
        return cached == null ? null : cached.getMetadata().getResourceVersion();
    }

    @Override
    public int size() {
        return informer.getIndexer().listKeys().size();
    }

    /** fabric8's informer as a controller holds it: what the watch lifecycle tests look at. */
    SharedIndexInformer<ConfigMap> informer() {
        return informer;
    }

    @Override
    public List<ConfigMap> list() {
        return informer.getIndexer().list();
    }

    @Override
    public List<ConfigMap> byIndex(Index index, String value) {
        return informer.getIndexer().byIndex(Fabric8Indexes.name(index), value);
    }

    @Override
    public void close() {
        informer.stop();
    }
}
