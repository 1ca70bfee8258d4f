package dev.informerbench.comparison;

import java.util.List;

/**
 * One benchmark × parameter set.
 *
 * @param benchmark the full JMH name
 * @param name the name shown: without the package prefix all compared benchmarks share
 * @param params the parameters as JMH lists them, "k=v,k=v" ("" when none)
 * @param cells one per file, in the order of the files
 * @param deltas one per file after the base (index 0 is the second file); null where a side is missing
 */
public record Row(String benchmark, String name, String params, String mode, List<Cell> cells, List<Delta> deltas) {
    /** The delta of file {@code file} (1 is the first after the base). */
    public Delta delta(int file) {
        return deltas.get(file - 1);
    }

    public boolean missingSomewhere() {
        return cells.stream().anyMatch(c -> !c.present());
    }

    public String label() {
        return params.isEmpty() ? name : name + " " + params;
    }
}
