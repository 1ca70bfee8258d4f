package dev.informerbench.client;

/**
 * An index of an informer's cache that the benchmarks read through {@link CachedInformer#byIndex}:
 * the namespace index every client builds in, and a custom one over the fixture's {@code app}
 * label, added before the informer starts ({@link InformerSpec#withIndexes}).
 */
public enum Index {
    /** The client's own namespace index (client-java's and fabric8's "namespace", client-go's cache.NamespaceIndex). */
    NAMESPACE(true),
    /** A custom index over the {@code app} label (FixtureNames.app: app-0 to app-3, a quarter of the objects each). */
    APP(false);

    private final boolean builtIn;

    Index(boolean builtIn) {
        this.builtIn = builtIn;
    }

    /** Whether every informer has it without being asked. */
    public boolean builtIn() {
        return builtIn;
    }
}
