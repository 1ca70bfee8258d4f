package dev.informerbench.plot;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * A numeric axis: its range, rounded out to ticks a reader can use, and where a value falls
 * on it.
 *
 * @param suffix appended to every tick label, e.g. "%"
 */
public record Axis(Scale scale, double min, double max, List<Double> ticks, String suffix) {
    /** Linear for changes and differences, logarithmic for scores that span decades. */
    public enum Scale { LINEAR, LOG }

    /** About this many ticks on a linear axis: enough to read a value, few enough for their labels. */
    private static final int LINEAR_TICKS = 8;

    public Axis {
        ticks = List.copyOf(ticks);
    }

    /** An axis of {@code scale} over values {@code lo..hi}; a log axis needs {@code lo > 0}. */
    public static Axis of(Scale scale, double lo, double hi, String suffix) {
        return scale == Scale.LOG ? log(lo, hi, suffix) : linear(lo, hi, suffix);
    }

    /** From {@code lo} to {@code hi} rounded out to the nearest ticks, 1, 2 or 5 times a power of ten apart. */
    public static Axis linear(double lo, double hi, String suffix) {
        if (!(Double.isFinite(lo) && Double.isFinite(hi))) {
            throw new IllegalArgumentException("an axis needs finite bounds, not " + lo + ".." + hi);
        }
        if (hi <= lo) { // one value: a range around it
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
        }
        double step = niceStep((hi - lo) / LINEAR_TICKS);
        long first = (long) Math.floor(lo / step + 1e-9);
        long last = (long) Math.ceil(hi / step - 1e-9);
        List<Double> ticks = new ArrayList<>();
        for (long i = first; i <= last; i++) {
            ticks.add(round(i * step));
        }
        return new Axis(Scale.LINEAR, ticks.get(0), ticks.get(ticks.size() - 1), ticks, suffix);
    }

    /**
     * From the 1-2-5 value at or below {@code lo} to the one at or above {@code hi}, ticks at
     * 1, 2 and 5 times each power of ten, when that spans up to three decades; over more, from
     * the power of ten at or below {@code lo} to the one at or above {@code hi}, ticks at each.
     */
    public static Axis log(double lo, double hi, String suffix) {
        if (!(lo > 0 && Double.isFinite(hi))) {
            throw new IllegalArgumentException("a log axis needs positive finite bounds, not " + lo + ".." + hi);
        }
        hi = Math.max(hi, lo);
        double min = oneTwoFive(lo, false);
        double max = oneTwoFive(hi, true);
        if (max <= min) {
            max = oneTwoFive(min * 1.0001, true);
        }
        boolean dense = Math.log10(max / min) <= 3 + 1e-9;
        if (!dense) { // ends on ticks: whole decades
            min = round(Math.pow(10, Math.floor(Math.log10(lo) + 1e-9)));
            max = round(Math.pow(10, Math.ceil(Math.log10(hi) - 1e-9)));
        }
        List<Double> ticks = new ArrayList<>();
        for (int e = (int) Math.floor(Math.log10(min) + 1e-9); e <= (int) Math.ceil(Math.log10(max) - 1e-9); e++) {
            for (double m : dense ? new double[] {1, 2, 5} : new double[] {1}) {
                double t = round(m * Math.pow(10, e));
                if (t >= min * (1 - 1e-9) && t <= max * (1 + 1e-9)) {
                    ticks.add(t);
                }
            }
        }
        return new Axis(Scale.LOG, min, max, ticks, suffix);
    }

    /** Where {@code value} lies: 0 at {@code min}, 1 at {@code max} (outside for values outside). */
    public double fraction(double value) {
        if (scale == Scale.LOG) {
            return Math.log(value / min) / Math.log(max / min);
        }
        return (value - min) / (max - min);
    }

    /** The pixel of {@code value} on an axis drawn from {@code from} to {@code to}. */
    public double pixel(double value, double from, double to) {
        return from + fraction(value) * (to - from);
    }

    public boolean contains(double value) {
        return value >= min && value <= max;
    }

    /** A tick's label: at most three significant digits, k, M and G for thousands and up. */
    public String label(double tick) {
        return number(tick) + suffix;
    }

    static String number(double v) {
        double a = Math.abs(v);
        if (a >= 1e9) {
            return plain(v / 1e9) + "G";
        }
        if (a >= 1e6) {
            return plain(v / 1e6) + "M";
        }
        if (a >= 1e4) {
            return plain(v / 1e3) + "k";
        }
        return plain(v);
    }

    private static String plain(double v) {
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / power;
        double nice = f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10;
        return nice * power;
    }

    /** The 1-2-5 value nearest {@code v} below it ({@code up} false) or above it. */
    private static double oneTwoFive(double v, boolean up) {
        double power = Math.pow(10, Math.floor(Math.log10(v)));
        double[] steps = {1, 2, 5, 10};
        if (up) {
            for (double s : steps) {
                if (s * power >= v * (1 - 1e-9)) {
                    return round(s * power);
                }
            }
        }
        for (int i = steps.length - 1; i >= 0; i--) {
            if (steps[i] * power <= v * (1 + 1e-9)) {
                return round(steps[i] * power);
            }
        }
        return round(power);
    }

    /** Twelve significant digits: 0.30000000000000004 is 0.3. */
    private static double round(double v) {
        return v == 0 ? 0 : new BigDecimal(v).round(new MathContext(12)).doubleValue();
    }
}
