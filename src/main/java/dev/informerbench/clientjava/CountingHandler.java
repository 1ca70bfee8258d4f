package dev.informerbench.clientjava;

import dev.informerbench.client.EventCounts;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.models.V1ConfigMap;

/** client-java's event handler for {@link EventCounts}: every callback, by its resourceVersions. */
final class CountingHandler implements ResourceEventHandler<V1ConfigMap> {
    private final EventCounts counts;

    CountingHandler(EventCounts counts) {
        this.counts = counts;
    }

    @Override
    public void onAdd(V1ConfigMap obj) {
        counts.other();
    }

    @Override
    public void onUpdate(V1ConfigMap oldObj, V1ConfigMap newObj) {
        counts.update(oldObj.getMetadata().getResourceVersion(), newObj.getMetadata().getResourceVersion());
    }

    @Override
    public void onDelete(V1ConfigMap obj, boolean deletedFinalStateUnknown) {
        counts.other();
    }
}
