package dev.informerbench.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md and the catalogue name the same metrics: every {@link SuiteMetric} has its row
 * on the page, and every metric the page names, in its table or its text, is one the catalogue
 * has (a request total per operation, {@code api.get/op}, by the total it is of).
 */
class MetricsDocTest {
    private static final Path PAGE = Path.of("docs", "metrics.md");
    /** The first cell of a table row: the metric's name. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([^`]+)` \\|");
    /** A metric's name in code anywhere on the page: dotted words, maybe per operation. */
    private static final Pattern NAMED = Pattern.compile("`([a-z][a-zA-Z0-9]*(?:\\.[a-zA-Z0-9]+)+(?:/op)?)`");

    @Test
    void everyMetricOfTheCatalogueHasItsRowOnThePage() throws IOException {
        List<String> rows = found(ROW);
        List<String> catalogue = Arrays.stream(SuiteMetric.values()).map(SuiteMetric::metricName).toList();
        assertThat(rows).as("the rows of %s", PAGE).containsAll(catalogue).doesNotHaveDuplicates();
    }

    @Test
    void everyMetricThePageNamesIsInTheCatalogue() throws IOException {
        List<String> named = found(NAMED);
        assertThat(named).hasSizeGreaterThanOrEqualTo(SuiteMetric.values().length);
        List<String> unknown = named.stream().filter(n -> (n.endsWith("/op") ? SuiteMetric.perOperationOf(n)
                : SuiteMetric.of(n)).isEmpty()).toList();
        assertThat(unknown).as("named on %s but not in SuiteMetric", PAGE).isEmpty();
    }

    private static List<String> found(Pattern pattern) throws IOException {
        Matcher m = pattern.matcher(Files.readString(PAGE));
        List<String> names = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
