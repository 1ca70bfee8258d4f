package dev.informerbench.bench;

import dev.informerbench.support.Await;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The event handlers of {@link HandlerFanoutBenchmark}: each counts the events of the burst
 * being delivered and notes when each arrived, by the object's index the burst wrote into its
 * data. Each also counts every callback and knows its delivery thread, for the CPU time the
 * handler threads spend per event.
 */
final class BurstReceivers {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** A short park, not a spin: on a small machine a spinning waiter takes the CPU the handler threads need. */
    private static final Duration DELIVERY_POLL = Duration.ofNanos(20_000);
    private static final Duration INITIAL_ADDS_POLL = Duration.ofMillis(1);
    private static final String NO_BURST = "none";

    private final int objects;
    private final List<Receiver> all = new ArrayList<>();
    /** The burst being delivered, as written into the ConfigMaps' data; events of others are not counted. */
    private volatile String currentBurst = NO_BURST;
    /** The first handler that may still miss events of the burst awaited: the ones before it have them all. */
    private int waitingOn;

    BurstReceivers(int handlers, int objects) {
        this.objects = objects;
        for (int i = 0; i < handlers; i++) {
            all.add(new Receiver());
        }
    }

    /** One handler: counts the current burst's events and notes when each arrived. */
    final class Receiver implements ResourceEventHandler<V1ConfigMap> {
        final LongAdder received = new LongAdder();
        /** Every callback, deletes and the initial adds included: the denominator of the CPU time. */
        final AtomicLong callbacks = new AtomicLong();
        /** When this handler's callback for the object of each index began, in the current burst. */
        final long[] receiptNanos = new long[objects];
        volatile long threadId = -1;

        private void event(V1ConfigMap obj) {
            long now = System.nanoTime();
            Map<String, String> data = obj.getData();
            if (data != null && currentBurst.equals(data.get("burst"))) {
                // Written before the count that makes it visible to the benchmark thread.
                receiptNanos[Integer.parseInt(data.get("index"))] = now;
                received.increment();
            }
            counted();
        }

        private void counted() {
            if (threadId < 0) {
                threadId = Thread.currentThread().getId();
            }
            callbacks.lazySet(callbacks.get() + 1);
        }

        @Override
        public void onAdd(V1ConfigMap obj) {
            event(obj);
        }

        @Override
        public void onUpdate(V1ConfigMap oldObj, V1ConfigMap newObj) {
            event(newObj);
        }

        @Override
        public void onDelete(V1ConfigMap obj, boolean deletedFinalStateUnknown) {
            // Deletes come from the untimed cleanup between iterations: not part of a burst.
            counted();
        }
    }

    List<Receiver> all() {
        return all;
    }

    List<ResourceEventHandler<V1ConfigMap>> handlers() {
        return List.copyOf(all);
    }

    /** Waits until every handler has had the initial adds of the fixture and its thread is known. */
    void awaitInitialAdds(Duration timeout) throws InterruptedException {
        Await.until(timeout, INITIAL_ADDS_POLL, () -> "every handler to get the " + objects + " initial adds (" + all.stream()
                .mapToLong(r -> r.callbacks.get()).min().orElse(0) + " at the least)", () -> all.stream()
                .allMatch(r -> r.callbacks.get() >= objects && r.threadId >= 0));
    }

    /** From now on the events of {@code burst} are counted, and none of it is yet. */
    void startBurst(String burst) {
        currentBurst = burst;
        resetReceived();
    }

    /** No burst is being delivered: the untimed cleanup's events are not counted. */
    void endBursts() {
        currentBurst = NO_BURST;
    }

    void resetReceived() {
        all.forEach(r -> r.received.reset());
    }

    /**
     * Waits until every handler has received {@code perHandler} events of the current burst,
     * one handler after another. The parks delay the end of the burst, not the latencies.
     */
    void awaitDelivered(long perHandler, Duration timeout) throws InterruptedException {
        waitingOn = 0;
        Await.until(timeout, DELIVERY_POLL, () -> "every handler to get " + perHandler + " events (handler "
                + waitingOn + " got " + all.get(waitingOn).received.sum() + ")", () -> {
                    while (waitingOn < all.size() && all.get(waitingOn).received.sum() >= perHandler) {
                        waitingOn++;
                    }
                    return waitingOn == all.size();
                });
    }

    /** CPU time of the handlers' delivery threads so far. */
    long cpuNanos() {
        long sum = 0;
        for (Receiver r : all) {
            sum += Math.max(0, THREADS.getThreadCpuTime(r.threadId));
        }
        return sum;
    }

    /** Every callback the handlers have had so far. */
    long callbacks() {
        long sum = 0;
        for (Receiver r : all) {
            sum += r.callbacks.get();
        }
        return sum;
    }
}
