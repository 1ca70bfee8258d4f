/**
 * {@code export}: JMH result files in the formats of the tools people already track benchmarks
 * with: github-action-benchmark's {@code customSmallerIsBetter} / {@code customBiggerIsBetter}
 * arrays, the Bencher Metric Format, and plain CSV. Every row keeps its params in its name (the
 * tools' own JMH readers drop or collapse them), secondary metrics become entries of their own.
 * Files come from {@code results}; which way is better from {@code comparison}.
 */
package dev.informerbench.export;
