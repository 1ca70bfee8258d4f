package dev.informerbench.sizing;

import dev.informerbench.client.ClientType;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How many objects of a kind a fork's heap, or the local control plane's etcd, can hold: what
 * bounds {@code -p objects=} before a run starts. The heap by {@link HeapMargin}'s rule, with the
 * object's heap from the CacheMemory data of that client, kind and remedy where it has a line
 * (the one that holds the fewest, over versions and JVMs; a remedy without one: the line of the whole
 * objects, {@link SizedRemedy#FULL}), else the kind's conservative figure
 * ({@link SizedKind}); etcd's quota over the bytes it stores of one object: twice its JSON
 * ({@code object.jsonBytes}, the largest measured of the kind) plus {@value #STORED_OVERHEAD_BYTES}
 * for its key and revision where the data has it, else the kind's conservative figure.
 */
public final class CacheCapacity {
    /** etcd's bytes for an object's key, revision and its bbolt leaf, beyond twice its JSON. */
    public static final long STORED_OVERHEAD_BYTES = 512;
    /** etcd's stored bytes of an object per byte of its JSON: protobuf is no larger, bbolt's pages half full. */
    public static final int STORED_PER_JSON_BYTE = 2;

    private CacheCapacity() {}

    /**
     * The most objects, and in words what each costs and where that figure comes from.
     *
     * @param perObject {@code 1,805 bytes each + 2.1 MiB (CacheMemory's line of client-java 27.0.0 on JDK 17, ...)}
     * @param measured whether CacheMemory's data gave the figure (else the kind's conservative one)
     */
    public record Limit(long objects, String perObject, boolean measured) {}

    /**
     * Objects of {@code kind} a heap of {@code heapBytes} holds in {@code client}'s cache with
     * {@code remedy}, each padded by {@code paddingBytes} (RestartStorm's {@code objectKiB}).
     */
    public static Limit heap(long heapBytes, ClientType client, SizedKind kind, SizedRemedy remedy, long paddingBytes,
            MemoryData data) {
        Limit best = null;
        for (Map.Entry<CacheSeries, List<MemoryPoint>> s : data.series().entrySet()) {
            CacheSeries series = s.getKey();
            if (series.client() != client || series.kind() != kind || series.remedy() != remedy
                    || HeapModel.sizes(s.getValue()) < 2) {
                continue;
            }
            HeapModel model = HeapModel.of(series, s.getValue());
            double perObject = Math.max(model.bytesPerObject(), 1) + paddingBytes;
            long most = HeapMargin.mostObjects(heapBytes, model.interceptMiB() * HeapModel.BYTES_PER_MIB, perObject,
                    model.largestError());
            if (best == null || most < best.objects()) {
                best = new Limit(most, String.format(Locale.ROOT, "%,.0f bytes each + %.1f MiB (CacheMemory's line"
                        + " of %s, remedy %s, largest error %.1f%%)", perObject, Math.max(0, model.interceptMiB()),
                        series.contenderOnJvm(), remedy.id(), 100 * model.largestError()), true);
            }
        }
        if (best != null) {
            return best;
        }
        if (remedy != SizedRemedy.FULL) {
            // a remedy does not grow a cache: without a line of its own, the whole objects' line bounds it
            Limit full = heap(heapBytes, client, kind, SizedRemedy.FULL, paddingBytes, data);
            if (full.measured()) {
                return full;
            }
        }
        long perObject = kind.conservativeHeapBytes() + paddingBytes;
        return new Limit(HeapMargin.mostObjects(heapBytes, 0, perObject, 0), String.format(Locale.ROOT,
                "%,d bytes each (the conservative figure: no CacheMemory line of %s's %s, remedy %s)", perObject,
                client.id(), kind.plural(), remedy.id()), false);
    }

    /** Objects of {@code kind}, padded by {@code paddingBytes} each, that an etcd quota of {@code quotaBytes} holds. */
    public static Limit storage(long quotaBytes, SizedKind kind, long paddingBytes, MemoryData data) {
        double json = data.points().stream()
                .filter(p -> p.series().kind() == kind && p.series().remedy() == SizedRemedy.FULL)
                .mapToDouble(MemoryPoint::jsonBytes).filter(Double::isFinite).max().orElse(Double.NaN);
        if (Double.isFinite(json) && json > 0) {
            long stored = STORED_PER_JSON_BYTE * ((long) Math.ceil(json) + paddingBytes) + STORED_OVERHEAD_BYTES;
            return new Limit(quotaBytes / stored, String.format(Locale.ROOT, "%,d bytes stored each (twice the %,.0f"
                    + " bytes of one's JSON, CacheMemory's object.jsonBytes, and %d for its key and revision)", stored,
                    json, STORED_OVERHEAD_BYTES), true);
        }
        long stored = kind.conservativeStoredBytes() + STORED_PER_JSON_BYTE * paddingBytes;
        return new Limit(quotaBytes / stored, String.format(Locale.ROOT, "%,d bytes stored each (the conservative"
                + " figure: no CacheMemory measure of a %s's JSON)", stored, singular(kind)), false);
    }

    private static String singular(SizedKind kind) {
        return kind.plural().substring(0, kind.plural().length() - 1);
    }
}
