package dev.informerbench.metrics;

/**
 * How a metric's iterations and forks make one figure (JMH's aggregation).
 * One of the catalogue's words for a metric ({@link SuiteMetric}), in a file of its own so
 * that the catalogue's file is the list of metrics.
 */
public enum Merge {
    SUM, MEAN, MIN,
    /** The mean that goes with an arithmetic mean of rates: for periods. */
    HARMONIC_MEAN
}
