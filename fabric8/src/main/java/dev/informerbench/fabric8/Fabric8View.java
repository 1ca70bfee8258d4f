package dev.informerbench.fabric8;

import dev.informerbench.events.ConfigMapView;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.util.Map;

/** A fabric8 ConfigMap as a {@link ConfigMapView}. */
record Fabric8View(ConfigMap cm) implements ConfigMapView {
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
