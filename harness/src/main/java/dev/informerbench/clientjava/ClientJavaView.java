package dev.informerbench.clientjava;

import dev.informerbench.events.ConfigMapView;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.Map;

/** A V1ConfigMap as a {@link ConfigMapView}. */
record ClientJavaView(V1ConfigMap cm) implements ConfigMapView {
    @Override
    public String name() {
        return cm.getMetadata().getName();
    }

    @Override
    public String resourceVersion() {
        return cm.getMetadata().getResourceVersion();
    }

    @Override
    public String data(String key) {
        Map<String, String> data = cm.getData();
        return data == null ? null : data.get(key);
    }

    @Override
    public Map<String, String> labels() {
        Map<String, String> labels = cm.getMetadata().getLabels();
        return labels == null ? Map.of() : labels;
    }
}
