package dev.informerbench.events;

import java.util.Map;

/** A ConfigMap as handlers see it, made up by a test: no client behind it. */
public record ViewOf(String name, String resourceVersion, Map<String, String> data, Map<String, String> labels)
        implements ConfigMapView {
    public static ViewOf of(String name, String resourceVersion) {
        return new ViewOf(name, resourceVersion, Map.of(), Map.of());
    }

    @Override
    public String data(String key) {
        return data.get(key);
    }
}
