/**
 * The end of a run in words: {@link dev.informerbench.summary.RunSummary}, the
 * {@code .summary.txt} and what the terminal shows (every row, its noise, its requests), led by
 * {@link dev.informerbench.summary.Headline}, the answers to the suite's questions first. Read
 * from a result file, rendered here, so the report's first figure and the text agree.
 */
package dev.informerbench.summary;
