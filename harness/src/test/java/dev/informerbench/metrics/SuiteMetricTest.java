package dev.informerbench.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.comparison.Direction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The catalogue covers every metric the suite emits, on the Java side (every committed result,
 * whichever client's jar or program wrote it) and the Go side (what {@code clientgo/} puts in its
 * JMH JSON), with the unit and merge they are written with; and the table of docs/metrics.md is
 * the catalogue's.
 */
class SuiteMetricTest {
    private static final Path RESULTS = Path.of("results");
    private static final Path CLIENT_GO = Path.of("clientgo");
    private static final Path PAGE = Path.of("docs", "metrics.md");

    @Test
    void everyMetricInTheCommittedResultsIsInTheCatalogueWithItsUnit() throws IOException {
        Map<String, String> seen = new TreeMap<>();
        List<String> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(RESULTS)) {
            for (Path f : all.filter(p -> p.toString().endsWith(".json")).toList()) {
                JsonElement root = JsonParser.parseString(Files.readString(f));
                if (!root.isJsonArray()) {
                    continue; // sidecars, interleave.json
                }
                files.add(f.toString());
                for (JsonElement e : root.getAsJsonArray()) {
                    if (e.getAsJsonObject().get("secondaryMetrics") instanceof JsonObject s) {
                        // JMH's own -prof gc (gc.alloc.rate, gc.count, …: an experiment's) names and units its
                        // metrics
                        s.entrySet().stream().filter(m -> !m.getKey().startsWith("gc.")).forEach(m -> seen.put(
                                m.getKey(), m.getValue().getAsJsonObject().get("scoreUnit").getAsString()));
                    }
                }
            }
        }
        assertThat(files).hasSizeGreaterThan(20);
        assertThat(seen).containsKeys("api.get", "heap.bytesPerObject", "delivery.p99Us", "recovery.lists",
                "resync.periodMs", "window.seconds");
        seen.forEach((name, unit) -> {
            assertThat(SuiteMetric.of(name)).as(name + " is emitted but not in SuiteMetric").isPresent();
            assertThat(SuiteMetric.of(name).get().unit()).as(name).isEqualTo(unit);
        });
    }

    /**
     * clientgo/ and its packages: {@code m.Average("name", value, "unit")}, Sum, Min, HarmonicMean;
     * the harness's
     * api.* and ops.* sums.
     */
    @Test
    void everyMetricTheGoProgramWritesIsInTheCatalogueWithItsUnitAndMerge() throws IOException {
        Pattern average = Pattern.compile("\\.Average\\(\"([^\"]+)\",[^\\n]*\"([^\"]+)\"\\)");
        Pattern sum = Pattern.compile("sec\\[\"([^\"]+)\"\\] = Value\\{[^,]+, \"([^\"]+)\", Sum\\}"
                + "|\\.Sum\\(\"([^\"]+)\",[^\\n]*\"([^\"]+)\"\\)");
        Pattern min = Pattern.compile("\\.Min\\(\"([^\"]+)\",[^\\n]*\"([^\"]+)\"\\)");
        Pattern harmonic = Pattern.compile("\\.HarmonicMean\\(\"([^\"]+)\",[^\\n]*\"([^\"]+)\"\\)");
        Pattern requests = Pattern.compile("\"(api\\.[a-z0-9]+)\": d\\.");
        Map<String, String> averages = new TreeMap<>();
        Map<String, String> sums = new TreeMap<>();
        Map<String, String> mins = new TreeMap<>();
        Map<String, String> harmonics = new TreeMap<>();
        try (Stream<Path> go = Files.walk(CLIENT_GO)) {
            for (Path f : go.filter(p -> p.toString().endsWith(".go") && !p.toString().endsWith("_test.go")).toList()) {
                String text = Files.readString(f);
                collect(average.matcher(text), averages);
                collect(sum.matcher(text), sums);
                collect(min.matcher(text), mins);
                collect(harmonic.matcher(text), harmonics);
                Matcher r = requests.matcher(text);
                while (r.find()) {
                    sums.put(r.group(1), "requests");
                }
            }
        }
        assertThat(averages).containsKeys("heap.bytesPerObject", "recovery.lists", "server.apiserverCores");
        assertThat(sums).containsKeys("api.list", "api.429", "ops.all", "ops.measured", "resync.callbacks");
        assertThat(mins).containsKeys("resync.minCallbacksPerRound");
        assertThat(harmonics).containsKeys("resync.periodMs");
        averages.forEach((name, unit) -> assertMerge(name, unit, Merge.MEAN));
        sums.forEach((name, unit) -> assertMerge(name, unit, Merge.SUM));
        mins.forEach((name, unit) -> assertMerge(name, unit, Merge.MIN));
        harmonics.forEach((name, unit) -> assertMerge(name, unit, Merge.HARMONIC_MEAN));
    }

    private static void collect(Matcher m, Map<String, String> into) {
        while (m.find()) {
            // the first pair of groups that matched: a pattern may have alternatives
            int g = m.group(1) != null ? 1 : 3;
            into.put(m.group(g), m.group(g + 1));
        }
    }

    private static void assertMerge(String name, String unit, Merge merge) {
        assertThat(SuiteMetric.of(name)).as(name + " is written by clientgo/ but not in SuiteMetric").isPresent();
        assertThat(SuiteMetric.of(name).get().unit()).as(name).isEqualTo(unit);
        assertThat(SuiteMetric.of(name).get().merge()).as(name).isEqualTo(merge);
    }

    @Test
    void compareAndExportTakeTheCataloguesDirection() {
        for (SuiteMetric m : SuiteMetric.values()) {
            assertThat(Direction.ofSecondary(m.metricName(), m.unit())).as(m.metricName())
                    .isEqualTo(Direction.of(m.better()));
            if (m.kind() == Kind.REQUESTS) {
                assertThat(Direction.ofSecondary(m.perOperationName(), SuiteMetric.PER_OPERATION_UNIT))
                        .isEqualTo(Direction.LOWER_IS_BETTER);
            }
            // A trend has a direction; a total that grows with the run is never one.
            if (m.trend()) {
                assertThat(m.better()).as(m.metricName()).isNotEqualTo(Better.NONE);
                assertThat(m.merge()).as(m.metricName()).isNotEqualTo(Merge.SUM);
            }
        }
        assertThat(SuiteMetric.perOperationOf("ops.all/op")).isEmpty();
        assertThat(SuiteMetric.of("no.such")).isEmpty();
    }

    @Test
    void theDocsTableIsTheCatalogue() throws IOException {
        String table = table();
        assertThat(Files.readString(PAGE)).as("docs/metrics.md's table; expected:%n%s", table).contains(table);
    }

    /** docs/metrics.md's table: one line per metric, in the catalogue's order. */
    static String table() {
        StringBuilder b = new StringBuilder(
                "| metric | unit | merged over iterations and forks | better | kind | what it is |\n")
                .append("|---|---|---|---|---|---|\n");
        for (SuiteMetric m : SuiteMetric.values()) {
            b.append("| `").append(m.metricName()).append("` | ").append(m.unit()).append(" | ")
                    .append(m.merge().name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(" | ")
                    .append(Direction.of(m.better()).description()).append(" | ")
                    .append(m.kind().name().toLowerCase(Locale.ROOT)).append(" | ")
                    .append(m.meaning().replace("|", "\\|")).append(" |\n");
        }
        return b.toString();
    }
}
