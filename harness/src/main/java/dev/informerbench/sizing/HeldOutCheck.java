package dev.informerbench.sizing;

import dev.informerbench.statistics.LinearFit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The held-out check of every series a selection leaves: each series' line through all its sizes
 * but the largest, extrapolated to the largest and set against what was measured there. The bar
 * is issue 38's: within {@value #BAR_PERCENT}% of the measured heap.
 *
 * @param models the series with three sizes or more, checked
 * @param unchecked the series with fewer
 */
public record HeldOutCheck(List<HeapModel> models, List<CacheSeries> unchecked) {
    public static final int BAR_PERCENT = 10;
    public static final double BAR = BAR_PERCENT / 100.0;

    /** The check of the series {@code selection} leaves in {@code data}. */
    public static HeldOutCheck of(MemoryData data, Selection selection, String from) {
        List<CacheSeries> selected = selection.apply(data, from, false);
        List<HeapModel> models = new ArrayList<>();
        List<CacheSeries> unchecked = new ArrayList<>();
        for (Map.Entry<CacheSeries, List<MemoryPoint>> s : data.series().entrySet()) {
            if (!selected.contains(s.getKey())) {
                continue;
            }
            if (HeapModel.sizes(s.getValue()) >= 3) {
                models.add(HeapModel.of(s.getKey(), s.getValue()));
            } else {
                unchecked.add(s.getKey());
            }
        }
        return new HeldOutCheck(List.copyOf(models), List.copyOf(unchecked));
    }

    /** Whether a held-out prediction is within the bar of what was measured. */
    public static boolean within(LinearFit.HeldOut h) {
        return Math.abs(h.relativeError()) <= BAR;
    }

    /** Whether every series checked is within the bar (and one was checked at all). */
    public boolean passed() {
        return !models.isEmpty() && models.stream().allMatch(m -> within(m.heldOut().orElseThrow()));
    }
}
