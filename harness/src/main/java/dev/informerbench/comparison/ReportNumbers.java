package dev.informerbench.comparison;

import java.math.BigDecimal;
import java.util.Locale;

/** Numbers as {@code compare} prints them: means, changes, interval widths and settings. */
public final class ReportNumbers {
    private ReportNumbers() {}

    /** About four significant digits, with thousands separators for large values. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** A signed change: "+20.00%", "0.00%", "+∞%"; "?" when unknown. */
    public static String percent(double change) {
        if (Double.isNaN(change)) {
            return "?";
        }
        if (Double.isInfinite(change)) {
            return change > 0 ? "+∞%" : "-∞%";
        }
        if (change == 0) {
            return "0.00%";
        }
        return String.format(Locale.ROOT, "%+.2f%%", change);
    }

    /** An interval's half-width in percent: "12%", "0.4%" below 1. */
    public static String percentWidth(double half) {
        return half < 1 && half > 0 ? String.format(Locale.ROOT, "%.1f%%", half)
                : String.format(Locale.ROOT, "%.0f%%", half);
    }

    /** A setting as typed: 95, 0.05, 12.5 (no trailing zeros). */
    public static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** Full precision for CSV; empty for NaN. */
    static String raw(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }
}
