package dev.informerbench.clientjava;

import dev.informerbench.events.ConfigMapHandler;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.models.V1ConfigMap;

/** client-java's event handler for a {@link ConfigMapHandler}: every callback forwarded, on client-java's thread. */
record ClientJavaHandler(ConfigMapHandler handler) implements ResourceEventHandler<V1ConfigMap> {
    @Override
    public void onAdd(V1ConfigMap obj) {
        handler.onAdd(new ClientJavaView(obj));
    }

    @Override
    public void onUpdate(V1ConfigMap oldObj, V1ConfigMap newObj) {
        handler.onUpdate(new ClientJavaView(oldObj), new ClientJavaView(newObj));
    }

    @Override
    public void onDelete(V1ConfigMap obj, boolean deletedFinalStateUnknown) {
        handler.onDelete(new ClientJavaView(obj));
    }
}
