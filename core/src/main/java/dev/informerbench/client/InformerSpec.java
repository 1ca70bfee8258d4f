package dev.informerbench.client;

import dev.informerbench.events.ConfigMapHandler;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What an informer is started with: how it syncs, the custom indexes added before it starts
 * ({@link Index#builtIn} ones are there anyway), its resync period and the handlers added
 * before it starts, in order (each client delivers to each on its own terms).
 */
public record InformerSpec(Sync sync, Set<Index> indexes, Duration resync, List<ConfigMapHandler> handlers) {
    public InformerSpec {
        indexes = Set.copyOf(indexes);
        handlers = List.copyOf(handlers);
    }

    /** No custom index, no resync, no handler. */
    public static InformerSpec of(Sync sync) {
        return new InformerSpec(sync, Set.of(), Duration.ZERO, List.of());
    }

    public InformerSpec withIndexes(Set<Index> more) {
        return new InformerSpec(sync, more, resync, handlers);
    }

    /** {@code handlers}, with resync period {@code period} (0: none). */
    public InformerSpec withHandlers(Duration period, List<? extends ConfigMapHandler> more) {
        return new InformerSpec(sync, indexes, period, List.copyOf(more));
    }

    /** One handler, with resync period {@code period} (0: none). */
    public InformerSpec withHandler(Duration period, ConfigMapHandler handler) {
        return withHandlers(period, List.of(handler));
    }

    /** Whether the spec asks for anything beyond a plain informer. */
    public boolean plain() {
        return indexes.stream().allMatch(Index::builtIn) && resync.isZero() && handlers.isEmpty();
    }
}
