package dev.informerbench.client;

import dev.informerbench.events.ConfigMapHandler;
import dev.informerbench.events.ConfigMapView;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one event handler of an informer received, counted the same way for every client: a
 * resync callback is an update whose old and new resourceVersion are the same (nothing changed:
 * the informer replayed its cache); every other callback (adds, real updates, deletes) is
 * counted apart. Added to an informer as any {@link ConfigMapHandler}.
 */
public final class EventCounts implements ConfigMapHandler {
    private final LongAdder resyncs = new LongAdder();
    private final LongAdder others = new LongAdder();

    /** An update from {@code oldVersion} to {@code newVersion} (the objects' resourceVersions). */
    public void update(String oldVersion, String newVersion) {
        if (oldVersion != null && Objects.equals(oldVersion, newVersion)) {
            resyncs.increment();
        } else {
            others.increment();
        }
    }

    /** An add or a delete. */
    public void other() {
        others.increment();
    }

    @Override
    public void onAdd(ConfigMapView cm) {
        other();
    }

    @Override
    public void onUpdate(ConfigMapView oldCm, ConfigMapView newCm) {
        update(oldCm.resourceVersion(), newCm.resourceVersion());
    }

    @Override
    public void onDelete(ConfigMapView cm) {
        other();
    }

    public long resyncs() {
        return resyncs.sum();
    }

    public long others() {
        return others.sum();
    }
}
