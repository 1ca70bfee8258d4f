package dev.informerbench.results;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What makes two JMH results the same row: benchmark, mode, thread count and parameters, the
 * parameters in any order (kept sorted). Forks of separate runs are merged by it, and the rows
 * of compared files matched.
 */
public record RowKey(String benchmark, String mode, int threads, Map<String, String> params) {
    /** The thread count of {@link #anyThreads()}: no JMH result has 0 threads. */
    private static final int ANY_THREADS = 0;

    public RowKey {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    public static RowKey of(JmhJson.Entry entry) {
        return new RowKey(entry.benchmark(), entry.mode(), entry.threads(), entry.params());
    }

    /** The same benchmark, mode and parameters at any thread count. */
    public RowKey anyThreads() {
        return new RowKey(benchmark, mode, ANY_THREADS, params);
    }
}
