package dev.informerbench.comparison;

import dev.informerbench.metrics.Better;
import dev.informerbench.metrics.SuiteMetric;
import java.util.Locale;
import java.util.Optional;

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
     * The suite's metrics: the catalogue's direction ({@link SuiteMetric}), none where it has
     * none. Another tool's: {@code gc.*.norm} (per operation) lower is better, else from the
     * unit, else unknown (the change is reported without a verdict). The name is expected
     * without the {@code ·} prefix.
     */
    public static Direction ofSecondary(String name, String unit) {
        Optional<SuiteMetric> known = SuiteMetric.of(name).or(() -> SuiteMetric.perOperationOf(name));
        if (known.isPresent()) {
            return of(known.get().better());
        }
        if (name.startsWith("gc.") && name.endsWith(".norm")) {
            return LOWER_IS_BETTER;
        }
        return ofUnit(unit);
    }

    /** The catalogue's better direction as a direction. */
    public static Direction of(Better better) {
        return switch (better) {
            case LOWER -> LOWER_IS_BETTER;
            case HIGHER -> HIGHER_IS_BETTER;
            case NONE -> UNKNOWN;
        };
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
