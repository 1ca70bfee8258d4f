package dev.informerbench.sizing;

import dev.informerbench.statistics.LinearFit;
import java.util.List;
import java.util.Optional;

/**
 * One series' heap against its object count, {@code heap ≈ a + b·N} (MiB) by least squares over its
 * measured points, with the held-out check of that line where the series has three sizes or more:
 * the line through the smaller sizes, extrapolated to the largest ({@link LinearFit#holdOutLargest}).
 */
public final class HeapModel {
    public static final double BYTES_PER_MIB = 1024.0 * 1024.0;

    private final CacheSeries series;
    private final List<MemoryPoint> points;
    private final LinearFit fit;
    private final LinearFit.HeldOut heldOut;

    private HeapModel(CacheSeries series, List<MemoryPoint> points, LinearFit fit, LinearFit.HeldOut heldOut) {
        this.series = series;
        this.points = List.copyOf(points);
        this.fit = fit;
        this.heldOut = heldOut;
    }

    /** The fit of {@code points}, all of {@code series}: two sizes at least (else {@link IllegalArgumentException}). */
    public static HeapModel of(CacheSeries series, List<MemoryPoint> points) {
        double[] x = points.stream().mapToDouble(MemoryPoint::objects).toArray();
        double[] y = points.stream().mapToDouble(MemoryPoint::retainedMiB).toArray();
        LinearFit fit = LinearFit.of(x, y);
        return new HeapModel(series, points, fit, fit.distinctX().length >= 3 ? LinearFit.holdOutLargest(x, y) : null);
    }

    /** The distinct object counts measured. */
    public static long sizes(List<MemoryPoint> points) {
        return points.stream().mapToLong(MemoryPoint::objects).distinct().count();
    }

    public CacheSeries series() {
        return series;
    }

    public List<MemoryPoint> points() {
        return points;
    }

    public LinearFit fit() {
        return fit;
    }

    /** The held-out check; empty for a series of two sizes. */
    public Optional<LinearFit.HeldOut> heldOut() {
        return Optional.ofNullable(heldOut);
    }

    /** a: the heap at no object, MiB (the informer's own part, and the fit's error there). */
    public double interceptMiB() {
        return fit.intercept();
    }

    /** b: the heap an object adds, bytes. */
    public double bytesPerObject() {
        return fit.slope() * BYTES_PER_MIB;
    }

    /** a + b·N, MiB. */
    public double estimateMiB(long objects) {
        return fit.predict(objects);
    }

    /**
     * The largest relative error the data shows of this line: its largest residual, or the held-out
     * check's error when that is larger.
     */
    public double largestError() {
        double residual = fit.largestRelativeResidual();
        return heldOut == null ? residual : Math.max(residual, Math.abs(heldOut.relativeError()));
    }
}
