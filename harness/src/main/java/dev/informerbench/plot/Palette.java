package dev.informerbench.plot;

import java.awt.Color;
import java.util.List;

/**
 * Series colours: the Okabe-Ito palette, told apart with any colour vision, ordered so that
 * the first ones are dark enough for thin lines on white; yellow, the palest, comes last.
 */
final class Palette {
    static final List<Color> SERIES = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442));
    static final Color TEXT = new Color(0x222222);
    static final Color MUTED = new Color(0x666666);
    static final Color GRID = new Color(0xDDDDDD);
    static final Color ZEBRA = new Color(0xF4F4F4);
    static final Color BAND = new Color(0xE3E3E3);
    static final Color REFERENCE = new Color(0x444444);

    private Palette() {}

    /** Series {@code i}'s colour; after the eighth the colours repeat. */
    static Color series(int i) {
        return SERIES.get(i % SERIES.size());
    }
}
