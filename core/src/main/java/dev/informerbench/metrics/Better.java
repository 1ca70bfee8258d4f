package dev.informerbench.metrics;

/**
 * Which way is better; NONE for what is neither a cost nor a gain.
 * One of the catalogue's words for a metric ({@link SuiteMetric}), in a file of its own so
 * that the catalogue's file is the list of metrics.
 */
public enum Better {
    LOWER, HIGHER, NONE
}
