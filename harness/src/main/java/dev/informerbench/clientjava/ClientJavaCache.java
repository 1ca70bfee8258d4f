package dev.informerbench.clientjava;

import dev.informerbench.client.Index;
import dev.informerbench.client.IndexedCache;
import io.kubernetes.client.informer.cache.Cache;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.List;
import java.util.Set;

/** client-java's informer cache ({@link Cache}: what its DeltaFIFO's processing updates), standing alone. */
final class ClientJavaCache implements IndexedCache {
    private final Cache<V1ConfigMap> cache = new Cache<>();

    ClientJavaCache(Set<Index> custom) {
        cache.addIndexers(ClientJavaIndexes.custom(custom));
    }

    @Override
    public void update(Object obj) {
        cache.update((V1ConfigMap) obj);
    }

    @Override
    public List<V1ConfigMap> list() {
        return cache.list();
    }

    @Override
    public List<V1ConfigMap> scanLabel(String key, String value) {
        return cache.list().stream().filter(cm -> cm.getMetadata().getLabels() != null
                && value.equals(cm.getMetadata().getLabels().get(key))).toList();
    }

    @Override
    public List<V1ConfigMap> byIndex(Index index, String value) {
        return cache.byIndex(ClientJavaIndexes.name(index), value);
    }
}
