package dev.informerbench.client;

/**
 * A synced informer on objects of one {@link ObjectKind}, started with a {@link Remedy}: what
 * CacheMemory holds while it weighs the heap. {@link #close} stops the informer, not its client.
 */
public interface ShapeInformer extends AutoCloseable {
    /** The objects in its cache. */
    int size();

    /** The cached object {@code name} of its namespace, through the client's lister; null if absent. */
    Object get(String name);

    /**
     * What the cached object {@code name} holds: its managedFields entries and whether it has its
     * spec (a Secret's or ConfigMap's data counts as one), so each row says what its cache held.
     */
    Held held(String name);

    /** What one cached object holds. */
    record Held(int managedFields, boolean spec) {}

    @Override
    void close();
}
