package dev.informerbench.fabric8;

import dev.informerbench.client.Index;
import dev.informerbench.client.IndexedCache;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl;
import java.util.List;
import java.util.Set;

/**
 * fabric8's informer cache standing alone: {@link CacheImpl}, the store its informer puts every
 * watch event into (an impl class, public in fabric8's jar), namespace index included.
 */
final class Fabric8Cache implements IndexedCache {
    private final CacheImpl<ConfigMap> cache = new CacheImpl<>();

    Fabric8Cache(Set<Index> custom) {
        cache.addIndexers(Fabric8Indexes.custom(custom));
    }

    @Override
    public void update(Object obj) {
        cache.put((ConfigMap) obj);
    }

    @Override
    public List<ConfigMap> list() {
        return cache.list();
    }

    @Override
    public List<ConfigMap> scanLabel(String key, String value) {
        return cache.list().stream().filter(cm -> cm.getMetadata().getLabels() != null
                && value.equals(cm.getMetadata().getLabels().get(key))).toList();
    }

    @Override
    public List<ConfigMap> byIndex(Index index, String value) {
        return cache.byIndex(Fabric8Indexes.name(index), value);
    }
}
