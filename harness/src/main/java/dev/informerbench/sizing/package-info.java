/**
 * What a controller's informer caches cost in heap, from CacheMemory's results: the rows read
 * ({@link dev.informerbench.sizing.MemoryData}), a line per series
 * ({@link dev.informerbench.sizing.HeapModel}, with its held-out check), the estimate for counts a
 * user gives ({@link dev.informerbench.sizing.Sizing}), the margin between a live set and a heap
 * ({@link dev.informerbench.sizing.HeapMargin}), and the counts a fork's heap or the local etcd can
 * hold ({@link dev.informerbench.sizing.CacheCapacity}), which bound {@code -p objects=}. The
 * method and the margin's rule: docs/sizing.md.
 */
package dev.informerbench.sizing;
