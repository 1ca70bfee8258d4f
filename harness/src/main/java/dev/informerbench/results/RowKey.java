package dev.informerbench.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What makes two JMH results the same row: benchmark, mode, thread count and parameters, the
 * parameters in any order (kept sorted). Forks of separate runs are merged by it, and the rows
 * of compared files matched ({@link #acrossFiles}: without the params that label a file).
 */
public record RowKey(String benchmark, String mode, int threads, Map<String, String> params) {
    /** The thread count of {@link #anyThreads()}: no JMH result has 0 threads. */
    private static final int ANY_THREADS = 0;
    /**
     * Params that say whose file it is rather than what was measured: {@code client} (each
     * client's file of a --clients run carries its own). Rows of compared files are matched
     * without them, as they are not matched by client version either.
     */
    public static final Set<String> LABEL_PARAMS = Set.of("client");

    public RowKey {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    public static RowKey of(JmhJson.Entry entry) {
        return new RowKey(entry.benchmark(), entry.mode(), entry.threads(), entry.params());
    }

    /** The row of {@code entry} across compared files: its key less the {@link #LABEL_PARAMS}. */
    public static RowKey acrossFiles(JmhJson.Entry entry) {
        return new RowKey(entry.benchmark(), entry.mode(), entry.threads(), withoutLabels(entry.params()));
    }

    /** {@code params} less the {@link #LABEL_PARAMS}, in their order. */
    public static Map<String, String> withoutLabels(Map<String, String> params) {
        Map<String, String> kept = new LinkedHashMap<>(params);
        kept.keySet().removeAll(LABEL_PARAMS);
        return kept;
    }

    /** The same benchmark, mode and parameters at any thread count. */
    public RowKey anyThreads() {
        return new RowKey(benchmark, mode, ANY_THREADS, params);
    }
}
