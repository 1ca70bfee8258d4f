package dev.informerbench.comparison;

/** What a change against the base amounts to. */
public enum Verdict {
    /** Significant (outside the interval widened by min-change) and in the better direction. */
    BETTER,
    /** Significant and in the worse direction. */
    WORSE,
    /** Significant, but the metric has no better direction (or the means are equal). */
    CHANGED,
    /** Not significant: shown as {@code ~} with the row's noise floor. */
    NO_DIFFERENCE,
    /** A side has no samples. */
    NOT_COMPARED
}
