package dev.informerbench.client;

/** How an informer fills its cache. */
public enum Sync {
    /** A LIST (paged), then a WATCH from its resourceVersion: what every client does by default but client-go 0.36. */
    LIST_WATCH,
    /**
     * WatchList: one WATCH with {@code sendInitialEvents=true},
     * {@code resourceVersionMatch=NotOlderThan} and {@code allowWatchBookmarks=true}; the cache
     * is synced at the bookmark annotated {@code k8s.io/initial-events-end}. No LIST.
     */
    WATCH_LIST
}
