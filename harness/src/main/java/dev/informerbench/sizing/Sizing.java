package dev.informerbench.sizing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The sizing guide's answer: for each kind asked, the heap its cache takes at the count asked by
 * its series' line ({@link HeapModel}), their sum, and the heap to give them by {@link HeapMargin}.
 * Each kind is an informer of its own, so each adds its own intercept.
 */
public final class Sizing {
    private Sizing() {}

    /** One kind's part: its count and its series' line. */
    public record KindEstimate(SizedKind kind, long objects, HeapModel model) {
        public double estimateMiB() {
            return model.estimateMiB(objects);
        }
    }

    /** The estimate of every kind asked, of one client, version, JVM and remedy. */
    public record Answer(CacheSeries series, List<KindEstimate> kinds) {
        public double totalMiB() {
            return kinds.stream().mapToDouble(KindEstimate::estimateMiB).sum();
        }

        public long totalObjects() {
            return kinds.stream().mapToLong(KindEstimate::objects).sum();
        }

        /** The largest relative error of the lines used: the margin's allowance for the fit. */
        public double largestError() {
            return kinds.stream().mapToDouble(k -> k.model().largestError()).max().orElse(0);
        }

        /** The heap to give them, MiB, rounded up. */
        public long suggestedMiB() {
            return (long) Math.ceil(HeapMargin.heapMiB(totalMiB(), largestError()));
        }
    }

    /**
     * The estimate for {@code counts} (a kind with 0 objects has no informer and is left out) of the
     * one client, version and JVM {@code selection} leaves in {@code data}; what the data lacks is one
     * line ({@link IllegalArgumentException}) naming what it holds.
     */
    public static Answer of(MemoryData data, Selection selection, Map<SizedKind, Long> counts, String from) {
        List<CacheSeries> selected = selection.apply(data, from, true);
        Map<CacheSeries, List<MemoryPoint>> points = data.series();
        List<KindEstimate> kinds = new ArrayList<>();
        for (SizedKind kind : SizedKind.values()) {
            long objects = counts.getOrDefault(kind, 0L);
            if (objects == 0) {
                continue;
            }
            List<CacheSeries> ofKind = selected.stream().filter(s -> s.kind() == kind).toList();
            if (ofKind.isEmpty()) {
                throw new IllegalArgumentException("no CacheMemory data for " + kind.plural() + " of "
                        + Selection.who(selected) + ", remedy " + selected.get(0).remedy().id() + ", in " + from
                        + "; it holds " + Selection.holds(selected, s -> s.kind().plural()));
            }
            List<MemoryPoint> measured = points.get(ofKind.get(0));
            if (HeapModel.sizes(measured) < 2) {
                throw new IllegalArgumentException(kind.plural() + " of " + Selection.who(selected) + ", remedy "
                        + selected.get(0).remedy().id() + ", were measured at one size in " + from + " ("
                        + measured.stream().map(p -> String.format(Locale.ROOT, "%,d", p.objects())).distinct()
                        .collect(Collectors.joining(", ")) + "); a line needs two sizes or more");
            }
            kinds.add(new KindEstimate(kind, objects, HeapModel.of(ofKind.get(0), measured)));
        }
        return new Answer(kinds.get(0).model().series(), kinds);
    }
}
