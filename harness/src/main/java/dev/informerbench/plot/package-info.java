/**
 * Charts that stay readable at any number of rows: horizontal dot-and-whisker figures
 * ({@link dev.informerbench.plot.DotWhiskerFigure}), percentile curves
 * ({@link dev.informerbench.plot.PercentileFigure}) and lines against a log x axis in panels side
 * by side ({@link dev.informerbench.plot.LineFigure}), drawn once on a {@code Graphics2D} and
 * written as PNG or as a standalone SVG element. Only drawing: the callers say what the
 * points mean, so this package knows no benchmark, result file or statistic.
 */
package dev.informerbench.plot;
