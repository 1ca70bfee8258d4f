package dev.informerbench.sizing;

/**
 * The margin between a cache's live heap and the heap to give it, stated once: {@code size}
 * suggests {@code -Xmx} by it and {@code -p objects=} is bounded by it ({@link CacheCapacity}).
 * The live set, raised by the largest relative error its fit shows on its own data, is to be at
 * most half the heap: G1 (the JVM's default collector) needs free regions to evacuate live
 * objects into, and a heap twice the live set after a full GC is a common rule of thumb for it
 * (for Go, GOGC=100 lets the heap grow to twice the live heap before collecting: the same
 * factor). A heuristic, not a measurement: docs/sizing.md says what it covers and what it does not.
 */
public final class HeapMargin {
    /** The share of the heap the live set may take. */
    public static final double LIVE_SHARE = 0.5;

    private HeapMargin() {}

    /** The heap to give a live set of {@code liveMiB} whose fit errs by up to {@code error} (0.02: 2%). */
    public static double heapMiB(double liveMiB, double error) {
        return liveMiB * (1 + error) / LIVE_SHARE;
    }

    /**
     * The most objects a heap of {@code heapBytes} holds by this rule in a cache of
     * {@code interceptBytes + bytesPerObject·N} whose fit errs by up to {@code error}; 0 when none.
     */
    public static long mostObjects(double heapBytes, double interceptBytes, double bytesPerObject, double error) {
        double room = heapBytes * LIVE_SHARE / (1 + error) - Math.max(0, interceptBytes);
        return room <= 0 || !(bytesPerObject > 0) ? 0 : (long) Math.floor(room / bytesPerObject);
    }
}
