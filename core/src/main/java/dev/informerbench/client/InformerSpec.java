package dev.informerbench.client;

import java.time.Duration;
import java.util.Set;

/**
 * What an informer is started with: how it syncs, the custom indexes added before it starts
 * ({@link Index#builtIn} ones are there anyway), and its resync period with the one handler that
 * counts into {@code events} (no handler when null).
 */
public record InformerSpec(Sync sync, Set<Index> indexes, Duration resync, EventCounts events) {
    public InformerSpec {
        indexes = Set.copyOf(indexes);
    }

    /** No custom index, no resync, no handler. */
    public static InformerSpec of(Sync sync) {
        return new InformerSpec(sync, Set.of(), Duration.ZERO, null);
    }

    public InformerSpec withIndexes(Set<Index> more) {
        return new InformerSpec(sync, more, resync, events);
    }

    /** One handler counting into {@code counts}, with resync period {@code period} (0: none). */
    public InformerSpec withHandler(Duration period, EventCounts counts) {
        return new InformerSpec(sync, indexes, period, counts);
    }

    /** Whether the spec asks for anything beyond a plain informer. */
    public boolean plain() {
        return indexes.stream().allMatch(Index::builtIn) && resync.isZero() && events == null;
    }
}
