package dev.informerbench.events;

import java.util.Map;

/**
 * A ConfigMap as a {@link ConfigMapHandler} sees it, whatever the client's model class: each
 * client's adapter wraps its own object (client-java's V1ConfigMap, fabric8's ConfigMap) in one
 * of these per callback, so a handler's work is the same code for every client.
 */
public interface ConfigMapView {
    String name();

    /** The object's resourceVersion, or null if it has none. */
    String resourceVersion();

    /** {@code data[key]}, or null when the object has no data or no such key. */
    String data(String key);

    /** The object's labels (empty when it has none). */
    Map<String, String> labels();
}
