package dev.informerbench.client;

import java.util.List;

/** A synced informer's cache, read as a controller reads it. {@link #close} stops the informer, not its client. */
public interface CachedInformer extends AutoCloseable {
    String namespace();

    /** The cached ConfigMap {@code name} of the informer's namespace, through the client's lister; null if absent. */
    Object get(String name);

    /** The cache's keys ({@code namespace/name}). */
    List<String> keys();

    /** The cached object under a key of {@link #keys}. */
    Object getByKey(String key);

    /** The resourceVersion of the cached ConfigMap {@code name}, or null if absent. */
    String resourceVersion(String name);

    int size();

    /** Every cached object, copied into a new list as the client's indexer does. */
    List<?> list();

    /** The cached objects whose {@code index} value is {@code value}, through the client's indexer. */
    List<?> byIndex(Index index, String value);

    @Override
    void close();
}
