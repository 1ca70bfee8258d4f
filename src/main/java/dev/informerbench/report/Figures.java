package dev.informerbench.report;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Table;

/** The page's charts as inline SVG. */
final class Figures {
    private Figures() {}

    static String scores(String family, Table table, Comparison comparison) {
        return "";
    }

    static String changes(String family, Table table, Comparison comparison) {
        return "";
    }
}
