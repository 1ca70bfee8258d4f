package dev.informerbench.export;

import dev.informerbench.comparison.Direction;
import java.util.Set;

/**
 * Which way is better for the metrics an export keeps apart by direction: {@link Direction} for
 * scores, {@code api.*} and {@code gc.alloc.rate.norm}, and the secondary metrics of this suite's
 * benchmarks that are costs (requests, time, CPU, memory: lower is better). The rest of the
 * suite's secondaries are counts that check a run ({@code ops.*}, {@code resync.rounds},
 * {@code delivery.receipts}), settings it measured ({@code resync.periodMs}, {@code window.seconds})
 * or the fault's own duration ({@code recovery.outageMs}): no direction, so left out where one is needed.
 */
final class MetricDirections {
    /** From the benchmarks' javadoc in src/jmh (HandlerFanout, ResyncFanout, Relist, SyncAndMemory). */
    private static final Set<String> SUITE_COSTS = Set.of(
            "delivery.p50Us", "delivery.p99Us", "delivery.fromSendP50Us", "delivery.fromSendP99Us", "delivery.lagMs",
            "handler.cpuNsPerEvent", "resync.cpuNsPerCallback", "resync.roundDeliveryMs",
            "heap.bytesPerObject", "heap.clientBytes", "heap.retainedMiB",
            "recovery.lists", "recovery.watches", "recovery.listsAfter410", "setup.lists", "setup.watches");

    private MetricDirections() {}

    static Direction ofPrimary(String mode, String unit) {
        return Direction.ofPrimary(mode, unit);
    }

    static Direction ofSecondary(String name, String unit) {
        Direction d = Direction.ofSecondary(name, unit);
        return d == Direction.UNKNOWN && SUITE_COSTS.contains(name) ? Direction.LOWER_IS_BETTER : d;
    }
}
