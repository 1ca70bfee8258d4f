/**
 * {@code compare}: JMH result files matched row by row against the first, like benchstat
 * ({@link dev.informerbench.comparison.Comparison}), and shown as text, Markdown, CSV
 * ({@link dev.informerbench.comparison.ComparisonReport}) or a chart. What to call better or
 * worse lives here; the numbers behind a verdict come from {@code statistics}, the files from
 * {@code results}.
 */
package dev.informerbench.comparison;
