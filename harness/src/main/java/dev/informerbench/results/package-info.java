/**
 * A run's files in {@code results/} and reading them back: the JMH JSON result file
 * ({@link dev.informerbench.results.ResultFile}, one lenient reader for it in
 * {@link dev.informerbench.results.JmhJson}, one-fork runs joined by
 * {@link dev.informerbench.results.JmhMerge}), the {@code .meta.json} sidecar and the latency
 * {@code .hgrm} tables: the file formats and their readers, no rendering (the {@code .summary.txt}
 * is the summary package's). Here, below the runner and {@code compare}, so that both read
 * results the same way.
 */
package dev.informerbench.results;
