package dev.informerbench.fabric8;

import dev.informerbench.events.ConfigMapHandler;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

/** fabric8's event handler for a {@link ConfigMapHandler}: every callback forwarded, on fabric8's thread. */
record Fabric8Handler(ConfigMapHandler handler) implements ResourceEventHandler<ConfigMap> {
    @Override
    public void onAdd(ConfigMap obj) {
        handler.onAdd(new Fabric8View(obj));
    }

    @Override
    public void onUpdate(ConfigMap oldObj, ConfigMap newObj) {
        handler.onUpdate(new Fabric8View(oldObj), new Fabric8View(newObj));
    }

    @Override
    public void onDelete(ConfigMap obj, boolean deletedFinalStateUnknown) {
        handler.onDelete(new Fabric8View(obj));
    }
}
