package dev.informerbench.sizing;

/**
 * One measured row of CacheMemory: a series at one object count, its retained heap
 * ({@code heap.retainedMiB}, the row's mean over forks and iterations) and the JSON size of one
 * object ({@code object.jsonBytes}; NaN where the row has none), from the file named.
 */
public record MemoryPoint(CacheSeries series, long objects, double retainedMiB, double jsonBytes, String file) {}
