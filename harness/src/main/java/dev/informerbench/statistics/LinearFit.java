package dev.informerbench.statistics;

import java.util.Arrays;

/**
 * Ordinary least squares of y on x, {@code y ≈ intercept + slope·x}, keeping its points so that
 * each one's residual can be read, and a held-out check of the line ({@link #holdOutLargest}):
 * the fit of every point but those at the largest x, against what was measured there. Pure
 * arithmetic; the cache sizing guide ({@code size}) is its user.
 */
public final class LinearFit {
    private final double intercept;
    private final double slope;
    private final double[] x;
    private final double[] y;

    private LinearFit(double intercept, double slope, double[] x, double[] y) {
        this.intercept = intercept;
        this.slope = slope;
        this.x = x;
        this.y = y;
    }

    /**
     * The least-squares line through the points {@code (x[i], y[i])}: at least two distinct x, every
     * value finite; else an {@link IllegalArgumentException} saying which.
     */
    public static LinearFit of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x values for " + y.length + " y values");
        }
        if (Arrays.stream(x).anyMatch(v -> !Double.isFinite(v))
                || Arrays.stream(y).anyMatch(v -> !Double.isFinite(v))) {
            throw new IllegalArgumentException("a line is fitted through finite values only");
        }
        if (Arrays.stream(x).distinct().count() < 2) {
            throw new IllegalArgumentException("a line needs points at two distinct x at least, not "
                    + Arrays.stream(x).distinct().count());
        }
        double meanX = Arrays.stream(x).average().orElseThrow();
        double meanY = Arrays.stream(y).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - meanX) * (y[i] - meanY);
            sxx += (x[i] - meanX) * (x[i] - meanX);
        }
        double slope = sxy / sxx;
        return new LinearFit(meanY - slope * meanX, slope, x.clone(), y.clone());
    }

    public double intercept() {
        return intercept;
    }

    public double slope() {
        return slope;
    }

    /** The line at {@code at}. */
    public double predict(double at) {
        return intercept + slope * at;
    }

    public int points() {
        return x.length;
    }

    public double x(int i) {
        return x[i];
    }

    public double y(int i) {
        return y[i];
    }

    /** Point {@code i}'s measured minus fitted value. */
    public double residual(int i) {
        return y[i] - predict(x[i]);
    }

    /** Point {@code i}'s residual as a share of its measured value (NaN where that is 0). */
    public double relativeResidual(int i) {
        return y[i] == 0 ? Double.NaN : residual(i) / y[i];
    }

    /** The largest |relative residual| over the points (0 for a line through every point). */
    public double largestRelativeResidual() {
        double largest = 0;
        for (int i = 0; i < x.length; i++) {
            double r = Math.abs(relativeResidual(i));
            largest = Double.isNaN(r) ? largest : Math.max(largest, r);
        }
        return largest;
    }

    /** The distinct x of the points, ascending. */
    public double[] distinctX() {
        return Arrays.stream(x).distinct().sorted().toArray();
    }

    /**
     * The line fitted on the points below the largest x, and what it predicts there against the
     * mean measured there: a check of extrapolation, the use a sizing guide puts a line to.
     *
     * @param fit the line through the points below {@code at}
     * @param at the largest x, held out
     * @param predicted the line's value at {@code at}
     * @param measured the mean of the y measured at {@code at}
     */
    public record HeldOut(LinearFit fit, double at, double predicted, double measured) {
        /** (predicted - measured) / measured. */
        public double relativeError() {
            return (predicted - measured) / measured;
        }
    }

    /** The held-out check of the points: they need three distinct x at least (two left to fit). */
    public static HeldOut holdOutLargest(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x values for " + y.length + " y values");
        }
        long distinct = Arrays.stream(x).distinct().count();
        if (distinct < 3) {
            throw new IllegalArgumentException("a held-out check needs points at three distinct x at least, not "
                    + distinct);
        }
        double largest = Arrays.stream(x).max().orElseThrow();
        int kept = (int) Arrays.stream(x).filter(v -> v != largest).count();
        double[] fx = new double[kept];
        double[] fy = new double[kept];
        double sum = 0;
        int k = 0;
        for (int i = 0; i < x.length; i++) {
            if (x[i] == largest) {
                sum += y[i];
            } else {
                fx[k] = x[i];
                fy[k++] = y[i];
            }
        }
        LinearFit fit = of(fx, fy);
        return new HeldOut(fit, largest, fit.predict(largest), sum / (x.length - kept));
    }
}
