package dev.informerbench.runner;

import dev.informerbench.statistics.PrecisionTarget;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --precision} and {@code --budget} of an interleaved run: the detectable change each row
 * should reach (0: none; {@link PrecisionTarget}), the time the run may take (null: none), and
 * the most forks a side a row gets ({@code -f N} after {@code --}, else {@link #DEFAULT_MAX_FORKS};
 * with a target, after its pilot).
 */
public record PrecisionGoal(double targetPercent, Duration budget, int maxForks) {
    /** The most forks a side without {@code -f}: about what ±5% on a nanosecond-scale row takes here (method.md). */
    public static final int DEFAULT_MAX_FORKS = 30;
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*%?");
    private static final Pattern DURATION = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");

    /** Whether rows stop at a precision, not only at the budget or the maximum. */
    public boolean hasTarget() {
        return targetPercent > 0;
    }

    /**
     * The goal of {@code --precision} and {@code --budget} (either may be null), checked: one line
     * naming what is accepted when not. {@code interleaved}: the run has contenders;
     * {@code forks}: {@code -f} after {@code --}, or -1. Null when neither option is given.
     */
    public static PrecisionGoal of(String precision, String budget, boolean interleaved, int forks) {
        if (precision == null && budget == null) {
            return null;
        }
        if (!interleaved) {
            throw new IllegalArgumentException("--precision and --budget plan the rounds of an interleaved run; "
                    + "accepted: with --client-versions or --clients");
        }
        if (forks >= 0 && forks < PrecisionTarget.MIN_FORKS) {
            throw new IllegalArgumentException("-f " + forks + " with --precision or --budget is the most forks a side"
                    + " a row gets; accepted: -f " + PrecisionTarget.MIN_FORKS + " or more, or no -f (up to "
                    + DEFAULT_MAX_FORKS + ")");
        }
        return new PrecisionGoal(precision == null ? 0 : percent(precision), budget == null ? null : duration(budget),
                forks >= 0 ? forks : DEFAULT_MAX_FORKS);
    }

    /** "5%", "5", "2.5%": a detectable change from 0.1% to 50%. */
    static double percent(String text) {
        Matcher m = PERCENT.matcher(text.strip());
        double value = m.matches() ? Double.parseDouble(m.group(1)) : Double.NaN;
        if (!(value >= 0.1 && value <= 50)) {
            throw new IllegalArgumentException("--precision '" + text + "' is not a detectable change to reach;"
                    + " accepted: a percentage from 0.1% to 50%, e.g. --precision 5%");
        }
        return value;
    }

    /** "90s", "40m", "2h", "1h30m": a time of at least a minute. */
    static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        Duration d = !m.matches() || text.isBlank() ? null : Duration.ofHours(number(m.group(1)))
                .plusMinutes(number(m.group(2))).plusSeconds(number(m.group(3)));
        if (d == null || d.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException("--budget '" + text + "' is not a time the run may take; accepted: a"
                    + " minute or more as hours, minutes and seconds, e.g. --budget 40m, 90s, 2h, 1h30m");
        }
        return d;
    }

    private static long number(String digits) {
        return digits == null ? 0 : Long.parseLong(digits);
    }

    /** "--precision 5%, --budget 40m": as the run was asked. */
    String asked() {
        String target = hasTarget() ? "--precision " + percentText(targetPercent) + "%" : "no --precision";
        return target + (budget == null ? "" : ", --budget " + RunProgress.words(budget.toSeconds())) + ", up to "
                + maxForks + " forks a side";
    }

    /** A percent without a needless ".0": 5, 2.5. */
    static String percentText(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent)
                : String.format(Locale.ROOT, "%.1f", percent);
    }
}
