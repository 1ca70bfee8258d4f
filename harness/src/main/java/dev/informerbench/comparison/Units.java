package dev.informerbench.comparison;

/**
 * JMH's score units ({@code ops/s}, {@code ns/op}, ...): which are rates and which are times,
 * and how to convert between two time units, so that a run made with {@code -tu us} still
 * compares with one made with {@code -tu ns}.
 */
public final class Units {
    private Units() {}

    /** Nanoseconds in one of JMH's time units ("ns", "us", "ms", "s", "min", "hr", "day"); NaN otherwise. */
    static double nanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs", "\u03bcs" -> 1e3;
            case "ms" -> 1e6;
            case "s", "sec" -> 1e9;
            case "min" -> 60e9;
            case "hr", "h" -> 3600e9;
            case "day" -> 86400e9;
            default -> Double.NaN;
        };
    }

    static boolean isThroughput(String unit) {
        return unit.startsWith("ops/") && !Double.isNaN(nanos(unit.substring(4)));
    }

    static boolean isTimePerOp(String unit) {
        return unit.endsWith("/op") && !Double.isNaN(nanos(unit.substring(0, unit.length() - 3)));
    }

    /** The factor that turns a value in {@code from} into one in {@code to}; NaN when they do not convert. */
    public static double factor(String from, String to) {
        if (from.equals(to)) {
            return 1;
        }
        if (isThroughput(from) && isThroughput(to)) {
            return nanos(to.substring(4)) / nanos(from.substring(4));
        }
        if (isTimePerOp(from) && isTimePerOp(to)) {
            return nanos(from.substring(0, from.length() - 3)) / nanos(to.substring(0, to.length() - 3));
        }
        return Double.NaN;
    }
}
