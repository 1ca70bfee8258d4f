/**
 * The statistics of measurements taken as forks × iterations, without I/O: forks are the
 * independent unit ({@link dev.informerbench.statistics.Samples},
 * {@link dev.informerbench.statistics.ForkStatistics}: t-intervals and Welch's t), and the
 * iterations of a fork are checked for a trend or a step
 * ({@link dev.informerbench.statistics.Stationarity}). Kept apart so the run summary and
 * {@code compare} judge the same way, and so that {@code --precision} stops a row by compare's own
 * {@code detects} ({@link dev.informerbench.statistics.PrecisionTarget}, with Kalibera and Jones'
 * iterations a fork: {@link dev.informerbench.statistics.IterationAllocation}).
 */
package dev.informerbench.statistics;
