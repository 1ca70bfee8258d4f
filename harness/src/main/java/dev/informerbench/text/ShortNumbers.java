package dev.informerbench.text;

import java.util.Locale;

/** Numbers as the run summary and the stationarity notes print them: no decimals from 100, one from 10, three below. */
public final class ShortNumbers {
    private ShortNumbers() {}

    public static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
