package dev.informerbench.comparison;

import java.util.Locale;

/** A significant change for the worse in a primary score. */
public record Regression(Table table, Row row, Source file, Delta delta) {
    public String describe() {
        return String.format(Locale.ROOT, "%s: %s %+.2f%% in %s (noise floor ±%.1f%%, p=%.4f, n=%d+%d)",
                row.label(), table.mode(), delta.changePercent(), file.label(), delta.noiseFloorPercent(),
                delta.pValue(), delta.baseN(), delta.n());
    }
}
