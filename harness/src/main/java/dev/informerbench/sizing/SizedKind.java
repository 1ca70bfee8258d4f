package dev.informerbench.sizing;

import java.util.Locale;
import java.util.Optional;

/**
 * The kinds of object CacheMemory caches (its {@code kind} param), with the figures the suite
 * assumes of one where no CacheMemory data says otherwise: the heap an object takes in a JVM
 * client's cache and the bytes etcd stores for it. Both are conservative on purpose, above what
 * was measured or can be reckoned (docs/sizing.md says why, and is held to these numbers): they
 * bound a {@code -p objects=} count ({@link CacheCapacity}), and a bound too high would let a fork
 * run out of heap.
 */
public enum SizedKind {
    CONFIG_MAP("ConfigMaps", "--configmaps", 4_608, 2_048),
    SECRET("Secrets", "--secrets", 8_192, 4_096),
    POD("Pods", "--pods", 16_384, 8_192);

    private final String plural;
    private final String option;
    private final long heapBytes;
    private final long storedBytes;

    SizedKind(String plural, String option, long heapBytes, long storedBytes) {
        this.plural = plural;
        this.option = option;
        this.heapBytes = heapBytes;
        this.storedBytes = storedBytes;
    }

    /** "ConfigMaps", "Secrets", "Pods". */
    public String plural() {
        return plural;
    }

    /** The option of {@code size} that counts this kind: {@code --pods}. */
    public String option() {
        return option;
    }

    /** The conservative heap of one object in a JVM client's cache, in bytes (no CacheMemory data). */
    public long conservativeHeapBytes() {
        return heapBytes;
    }

    /** The conservative bytes etcd stores for one object (no CacheMemory data of its JSON). */
    public long conservativeStoredBytes() {
        return storedBytes;
    }

    /** The kind of a {@code kind} param value ({@code POD}); empty for another value. */
    public static Optional<SizedKind> param(String value) {
        try {
            return Optional.of(valueOf(value.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
