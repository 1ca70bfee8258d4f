package dev.informerbench.scenario;

import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The walk-through's event handler: callbacks counted by kind, a resync's replayed updates told
 * from real ones and its rounds apart, each on the timeline. Apart from {@link SeedScenario},
 * which drives the cluster and reads these counts.
 */
final class ScenarioCallbacks implements ResourceEventHandler<V1ConfigMap> {
    private final Consumer<String> timeline;
    private final AtomicLong adds = new AtomicLong();
    private final AtomicLong realUpdates = new AtomicLong();
    private final AtomicLong resyncUpdates = new AtomicLong();
    private final AtomicLong deletes = new AtomicLong();
    private long lastResyncNanos = Long.MIN_VALUE;
    private int resyncRounds;

    /** Counts callbacks, putting a line for each that is news on {@code timeline}. */
    ScenarioCallbacks(Consumer<String> timeline) {
        this.timeline = timeline;
    }

    @Override
    public void onAdd(V1ConfigMap cm) {
        adds.incrementAndGet();
        timeline.accept("ADD    " + cm.getMetadata().getName());
    }

    @Override
    public void onUpdate(V1ConfigMap oldCm, V1ConfigMap newCm) {
        String before = oldCm.getMetadata().getResourceVersion();
        String after = newCm.getMetadata().getResourceVersion();
        if (Objects.equals(before, after)) {
            resyncUpdates.incrementAndGet();
            resyncRound();
        } else {
            realUpdates.incrementAndGet();
            timeline.accept("UPDATE " + newCm.getMetadata().getName() + " rv " + before + " -> " + after);
        }
    }

    @Override
    public void onDelete(V1ConfigMap cm, boolean finalStateUnknown) {
        deletes.incrementAndGet();
        timeline.accept("DELETE " + cm.getMetadata().getName());
    }

    /** One line per resync round (callbacks of a round come together; a 1 s pause starts the next). */
    private synchronized void resyncRound() {
        long now = System.nanoTime();
        if (lastResyncNanos == Long.MIN_VALUE || now - lastResyncNanos > 1_000_000_000L) {
            resyncRounds++;
            timeline.accept("RESYNC round " + resyncRounds
                    + ": UpdateFunc with old and new at the same resourceVersion");
        }
        lastResyncNanos = now;
    }

    long realUpdates() {
        return realUpdates.get();
    }

    long deletes() {
        return deletes.get();
    }

    /** Updates with old and new at the same resourceVersion: replayed from the cache by a resync. */
    long resyncUpdates() {
        return resyncUpdates.get();
    }

    synchronized int resyncRounds() {
        return resyncRounds;
    }

    /** The callbacks so far, by kind. */
    Facts.Callbacks counts() {
        return new Facts.Callbacks(adds.get(), realUpdates.get(), deletes.get(), resyncUpdates.get());
    }
}
