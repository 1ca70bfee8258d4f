package dev.informerbench.support;

import java.time.Duration;
import java.util.Locale;

/** Durations as people say them in a message: "30 s", "250 ms", "2 min". */
public final class Durations {
    private Durations() {}

    public static String words(Duration d) {
        if (d.toMillis() < 1_000) {
            return d.toMillis() + " ms";
        }
        if (d.toSeconds() < 120 || d.toSeconds() % 60 != 0) {
            return d.toMillis() % 1_000 == 0 ? d.toSeconds() + " s"
                    : String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1e3);
        }
        return d.toMinutes() + " min";
    }
}
