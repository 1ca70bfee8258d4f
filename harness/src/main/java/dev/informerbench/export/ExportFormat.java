package dev.informerbench.export;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The formats {@code export} writes, by the name given to {@code --format}. */
public enum ExportFormat {
    GITHUB_ACTION_BENCHMARK("github-action-benchmark"),
    BENCHER("bencher"),
    CSV("csv");

    private final String option;

    ExportFormat(String option) {
        this.option = option;
    }

    public String option() {
        return option;
    }

    /** The format named {@code name}; an unknown one is one line naming those there are. */
    public static ExportFormat parse(String name) {
        for (ExportFormat f : values()) {
            if (f.option.equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown --format " + name + " (one of: " + names() + ")");
    }

    public static String names() {
        return Arrays.stream(values()).map(ExportFormat::option).collect(Collectors.joining(", "));
    }
}
