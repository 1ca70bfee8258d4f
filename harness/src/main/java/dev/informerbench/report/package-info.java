/**
 * The HTML report of {@code ./run-bench.sh report}: one self-contained page (inline CSS and
 * SVG, no script, nothing fetched) for one run or a comparison of several, built from the
 * result files, their sidecars and latency files. It draws on {@code comparison} for the
 * statistics, so the page and {@code compare}'s text always agree.
 */
package dev.informerbench.report;
