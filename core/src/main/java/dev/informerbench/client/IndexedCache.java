package dev.informerbench.client;

import java.util.List;

/**
 * A client's own informer cache, standing alone: the store its informer updates on every watch
 * event, with the namespace index and the custom indexes it was made with
 * ({@link ClientAdapter#newIndexedCache}). Objects are the client's model objects, as
 * {@link CachedInformer#list} returns them.
 */
public interface IndexedCache {
    /** Adds or replaces {@code obj} under its key, maintaining every index: what the informer does per event. */
    void update(Object obj);

    /** Every object, copied into a new list as the client's indexer does. */
    List<?> list();

    /**
     * The objects labelled {@code key=value}, by a scan: a stream over {@link #list()} keeping
     * those whose label matches, as code without an index finds them.
     */
    List<?> scanLabel(String key, String value);

    /** The objects whose {@code index} value is {@code value}. */
    List<?> byIndex(Index index, String value);
}
