package dev.informerbench.cli;

import picocli.CommandLine.Option;

/** The statistics settings that {@code compare} and {@code report} share, and their one check. */
final class StatisticsOptions {
    @Option(names = "--alpha", paramLabel = "P", defaultValue = "0.05",
            description = "Significance level: a change is significant when the (1 - P) interval of the ratio "
                    + "excludes no change (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--min-change", paramLabel = "PCT", defaultValue = "13",
            description = "The drift between two runs of the same code made at different times, in percent (a 95%% "
                    + "range), which no interval inside one file holds; it is added to every row's interval, so no "
                    + "change under PCT is significant (default: ${DEFAULT-VALUE}, from an A/A measurement on a "
                    + "2-core machine: three pairs of back-to-back runs, see docs/method.md).")
    double minChange;

    /** Before a file is read: a bad setting is one line and exit 2. */
    void check() {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha must be between 0 and 1 (e.g. 0.05), not " + alpha);
        }
        if (!(minChange >= 0 && minChange < 100)) {
            throw new IllegalArgumentException("--min-change must be a percentage from 0 to under 100, not "
                    + minChange);
        }
    }
}
