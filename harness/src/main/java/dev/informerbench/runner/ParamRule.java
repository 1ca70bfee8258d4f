package dev.informerbench.runner;

import java.util.function.Predicate;

/**
 * What a suite param accepts, checked on {@code -p} before anything starts: its key, the test, and
 * the words that say what is accepted ({@code "-p key=value: key must be " + accepted}). Declared
 * by the family that owns the param, in {@link Families}; a param several families share is one
 * rule there, declared once ({@link ParamValidation} refuses two different rules for one key).
 */
record ParamRule(String key, Predicate<String> accepts, String accepted) {

    /** What is accepted, or null when {@code value} is. */
    String problem(String value) {
        return accepts.test(value.strip()) ? null : accepted;
    }

    /** An integer of at least {@code min}. */
    static ParamRule atLeast(String key, long min, String accepted) {
        return new ParamRule(key, v -> integer(v) && Long.parseLong(v) >= min, accepted);
    }

    /** An integer from {@code min} to {@code max}. */
    static ParamRule between(String key, long min, long max, String accepted) {
        return new ParamRule(key, v -> integer(v) && Long.parseLong(v) >= min && Long.parseLong(v) <= max,
                accepted);
    }

    /** 0, or an integer of at least {@code min}. */
    static ParamRule zeroOrAtLeast(String key, long min, String accepted) {
        return new ParamRule(key, v -> v.equals("0") || integer(v) && Long.parseLong(v) >= min, accepted);
    }

    /** One of the names {@code regex} matches whole. */
    static ParamRule oneOf(String key, String regex, String accepted) {
        return new ParamRule(key, v -> v.matches(regex), accepted);
    }

    /** A finite number above 0. */
    static ParamRule positiveNumber(String key) {
        return new ParamRule(key, v -> {
            try {
                double d = Double.parseDouble(v);
                return d > 0 && Double.isFinite(d);
            } catch (NumberFormatException e) {
                return false;
            }
        }, "a number above 0");
    }

    private static boolean integer(String value) {
        try {
            Long.parseLong(value);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
