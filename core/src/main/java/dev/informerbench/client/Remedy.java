package dev.informerbench.client;

/**
 * What a controller does to shrink its informer's cache, as a CacheMemory parameter. Which
 * client offers which is declared once, in the family's parameter rules (Families); a client
 * asked for one it does not offer throws {@link UnsupportedOperationException}.
 */
public enum Remedy {
    /** The objects as the server sends them. */
    FULL,
    /** {@code metadata.managedFields} dropped before the object is cached (client-go's SetTransform and the like). */
    NO_MANAGED_FIELDS,
    /** Only apiVersion, kind and metadata cached (client-go's metadata informer, a partial-object type). */
    METADATA_ONLY,
    /** A label selector that keeps a tenth of the objects ({@code informer-bench/shard=0}). */
    SELECTOR_TENTH;

    /** The label every shaped object carries, {@code index % 10}: the selector keeps shard 0. */
    public static final String SHARD_LABEL = "informer-bench/shard";
    public static final int SHARDS = 10;
    public static final String TENTH_SELECTOR = SHARD_LABEL + "=0";

    /** How many of {@code objects} the informer caches under this remedy. */
    public int cached(int objects) {
        return this == SELECTOR_TENTH ? (objects + SHARDS - 1) / SHARDS : objects;
    }
}
