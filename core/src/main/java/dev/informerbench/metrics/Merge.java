package dev.informerbench.metrics;

/**
 * How a metric's iterations and forks make one figure (JMH's aggregation): the one list of
 * them, for the catalogue ({@link SuiteMetric}) and for merging result files (client-go's program
 * mirrors it, held to the catalogue by SuiteMetricTest).
 */
public enum Merge {
    SUM, MEAN, MIN,
    /** The mean that goes with an arithmetic mean of rates: for periods. */
    HARMONIC_MEAN,
    /** None of the suite's metrics: what a merge reads off another tool's metric (a JMH profiler's). */
    MAX
}
