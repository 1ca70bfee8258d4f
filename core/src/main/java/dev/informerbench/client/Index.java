package dev.informerbench.client;

/**
 * An index of an informer's cache that the benchmarks read through {@link CachedInformer#byIndex}
 * or maintain in an {@link IndexedCache}: the namespace index every client builds in, and custom
 * ones over the fixture's ConfigMaps, added before the informer starts
 * ({@link InformerSpec#withIndexes}). Each client's adapter implements the custom ones with its
 * own index functions over its own model class, named as here.
 */
public enum Index {
    /** The client's own namespace index (client-java's and fabric8's "namespace", client-go's cache.NamespaceIndex). */
    NAMESPACE(true, "namespace"),
    /** The {@code app} label, "" without one (FixtureNames.app: app-0 to app-3, a quarter of the objects each). */
    APP(false, "by-app"),
    /** The {@code index} data key, "" without one: one object per value. */
    DATA_INDEX(false, "by-index"),
    /** The name's first five characters ("cm-00" for the fixture's first 1000 objects). */
    NAME_PREFIX(false, "by-prefix");

    /** Prefix length of {@link #NAME_PREFIX}. */
    public static final int PREFIX_LENGTH = 5;

    private final boolean builtIn;
    private final String indexName;

    Index(boolean builtIn, String indexName) {
        this.builtIn = builtIn;
        this.indexName = indexName;
    }

    /** Whether every informer has it without being asked. */
    public boolean builtIn() {
        return builtIn;
    }

    /** The name the custom index is registered under (client-go's side uses the same). */
    public String indexName() {
        return indexName;
    }
}
