package dev.informerbench.metrics;

/**
 * What kind of figure a metric is: what compare, the summary and the exports do with it.
 * One of the catalogue's words for a metric ({@link SuiteMetric}), in a file of its own so
 * that the catalogue's file is the list of metrics.
 */
public enum Kind {
    /** A cost per operation or per window: a trend worth watching, exported to dashboards. */
    COST("a cost: a trend, exported"),
    /** Requests over all forks × iterations: grows with the profile; compared per operation. */
    REQUESTS("requests, all forks: compared per operation"),
    /** Requests per recovery or per setup: the client's protocol, a check compared between files, not charted. */
    PROTOCOL("requests per recovery or setup: a check, not charted"),
    /** A count that checks the run (every handler got every event): not a trend. */
    COUNT("a count that checks the run"),
    /** A setting or fact the run measured (the period, the outage): explains the row. */
    CONTEXT("a measured setting: explains the row"),
    /** Written by older versions of the suite; read, not emitted. */
    RETIRED("in older files only");

    private final String description;

    Kind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
