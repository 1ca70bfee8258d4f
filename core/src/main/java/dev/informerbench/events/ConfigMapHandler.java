package dev.informerbench.events;

/**
 * An event handler added to an informer through the SPI ({@link dev.informerbench.client.InformerSpec#withHandlers}).
 * Each client's adapter registers one of its own handlers per {@code ConfigMapHandler}, on the
 * thread the client delivers on, and forwards every callback: what the handler does is then the
 * same for every client, and what differs is how the client queues and delivers.
 */
public interface ConfigMapHandler {
    void onAdd(ConfigMapView cm);

    /** An update; a resync is one whose old and new resourceVersions are the same. */
    void onUpdate(ConfigMapView oldCm, ConfigMapView newCm);

    void onDelete(ConfigMapView cm);
}
