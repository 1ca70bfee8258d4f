/**
 * Charts that stay readable at any number of rows: horizontal dot-and-whisker figures
 * ({@link dev.informerbench.plot.DotWhiskerFigure}) and percentile curves
 * ({@link dev.informerbench.plot.PercentileFigure}), drawn once on a {@code Graphics2D} and
 * written as PNG or as a standalone SVG element. Only drawing: the callers say what the
 * points mean, so this package knows no benchmark, result file or statistic.
 */
package dev.informerbench.plot;
