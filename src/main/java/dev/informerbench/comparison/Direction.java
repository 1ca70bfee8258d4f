package dev.informerbench.comparison;

import java.util.Locale;

/**
 * Which way of a metric is better, so that a change can be called an improvement or a
 * regression: from the benchmark mode for primary scores, from the metric's name and unit
 * for secondary metrics.
 */
public enum Direction {
    HIGHER_IS_BETTER("higher is better"),
    LOWER_IS_BETTER("lower is better"),
    UNKNOWN("no better direction");

    private final String description;

    Direction(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** thrpt: higher is better; avgt, sample, ss: lower; another mode: from the unit. */
    public static Direction ofPrimary(String mode, String unit) {
        return switch (mode == null ? "" : mode.toLowerCase(Locale.ROOT)) {
            case "thrpt" -> HIGHER_IS_BETTER;
            case "avgt", "sample", "ss" -> LOWER_IS_BETTER;
            default -> ofUnit(unit);
        };
    }

    /**
     * {@code api.*} request counts and {@code gc.alloc.rate.norm} (bytes per operation):
     * lower is better; others from the unit; otherwise unknown (the change is reported
     * without a verdict). The name is expected without the {@code ·} prefix.
     */
    public static Direction ofSecondary(String name, String unit) {
        if (name.startsWith("api.") || name.equals("gc.alloc.rate.norm")) {
            return LOWER_IS_BETTER;
        }
        return ofUnit(unit);
    }

    /** ops per time unit: higher is better; time per op: lower; anything else unknown. */
    public static Direction ofUnit(String unit) {
        if (Units.isThroughput(unit)) {
            return HIGHER_IS_BETTER;
        }
        if (Units.isTimePerOp(unit)) {
            return LOWER_IS_BETTER;
        }
        return UNKNOWN;
    }
}
