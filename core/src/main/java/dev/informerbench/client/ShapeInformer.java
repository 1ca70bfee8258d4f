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

    @Override
    void close();
}
