package dev.informerbench.fabric8;

import dev.informerbench.client.EventCounts;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

/** fabric8's event handler for {@link EventCounts}: every callback, by its resourceVersions. */
final class CountingHandler implements ResourceEventHandler<ConfigMap> {
    private final EventCounts counts;

    CountingHandler(EventCounts counts) {
        this.counts = counts;
    }

    @Override
    public void onAdd(ConfigMap obj) {
        counts.other();
    }

    @Override
    public void onUpdate(ConfigMap oldObj, ConfigMap newObj) {
        counts.update(oldObj.getMetadata().getResourceVersion(), newObj.getMetadata().getResourceVersion());
    }

    @Override
    public void onDelete(ConfigMap obj, boolean deletedFinalStateUnknown) {
        counts.other();
    }
}
