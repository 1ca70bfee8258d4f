package dev.informerbench.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.comparison.Direction;
import dev.informerbench.metrics.Merge;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.JmhJson.Entry;
import dev.informerbench.results.JmhJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Exports of the committed runs: every row where it belongs, under its params, in files the tools take. */
class CommittedExportTest {
    static final Path QUICK = Path.of("results", "20261130T124631Z_client-java-27.0.0_k8s-1.36.3.json");
    static final Path CLIENTS = Path.of("results", "20261130T220945Z_clients");

    @Test
    void githubActionBenchmarkHasEveryRowInItsDirectionsFileWithItsParams() {
        List<Entry> entries = JmhJson.read(QUICK);
        assertThat(entries).hasSize(63);
        Export export = Exporter.render(List.of(QUICK), ExportFormat.GITHUB_ACTION_BENCHMARK);
        String stem = "20261130T124631Z_client-java-27.0.0_k8s-1.36.3";
        assertThat(export.files()).extracting(ExportFile::name)
                .containsExactly(stem + ".smaller-is-better.json", stem + ".bigger-is-better.json");
        Set<String> smaller = names(export.files().get(0).text());
        Set<String> bigger = names(export.files().get(1).text());
        int thrpt = 0;
        for (Entry e : entries) {
            String name = e.shortName() + " (" + String.join(", ", e.params().entrySet().stream()
                    .map(p -> p.getKey() + "=" + p.getValue()).toList()) + ")";
            boolean higher = Direction.ofPrimary(e.mode(), e.primary().unit()) == Direction.HIGHER_IS_BETTER;
            thrpt += e.mode().equals("thrpt") ? 1 : 0;
            assertThat(higher ? bigger : smaller).as(name).contains(name);
            assertThat(higher ? smaller : bigger).as(name).doesNotContain(name);
        }
        assertThat(thrpt).isEqualTo(10);
        assertThat(bigger).hasSize(thrpt);
        // The costs a person watches, where their error is under their value.
        assertThat(smaller).contains("SyncAndMemory.sync (objects=10000) heap.bytesPerObject");
        // No request total (it grows with forks × iterations), no check, no setting: no flat or growing chart.
        assertThat(smaller).noneMatch(n -> n.matches(".* (api|ops|cache|recovery|setup|resync\\.rounds|request)\\..*"));
        for (ExportFile f : export.files()) {
            for (JsonElement e : JsonParser.parseString(f.text()).getAsJsonArray()) {
                JsonObject o = e.getAsJsonObject();
                String metric = o.get("name").getAsString().replaceFirst("^.*\\) ?", "");
                assertThat(o.get("value").getAsDouble()).as(o.get("name").getAsString()).isNotZero();
                assertThat(SuiteMetric.of(metric).map(m -> m.merge() != Merge.SUM).orElse(true))
                        .as(metric).isTrue();
            }
        }
        Map<String, Long> chartsPerRow = new HashMap<>();
        smaller.forEach(n -> chartsPerRow.merge(n.replaceFirst("\\) .*$", ")"), 1L, Long::sum));
        assertThat(chartsPerRow.values()).allMatch(n -> n <= 1 + Watched.MAX_COSTS_PER_ROW);
        assertThat(smaller.size() + bigger.size()).isLessThan(2 * entries.size());
        assertThat(export.notes()).anyMatch(n -> n.startsWith("left out ")
                && n.contains("that are request totals, checks or settings, not trends (SuiteMetric): api.429, "
                        + "api.get,"));
        for (ExportFile f : export.files()) {
            assertThat(ToolSchemas.githubActionBenchmark(f.text())).as(f.name()).isEmpty();
            assertThat(ToolSchemas.rescalableRanges(f.text())).as(f.name()).isEmpty();
        }
    }

    @Test
    void bencherKeepsEveryRowAndEveryMeasure() {
        List<Entry> entries = JmhJson.read(QUICK);
        Export export = Exporter.render(List.of(QUICK), ExportFormat.BENCHER);
        String text = export.files().get(0).text();
        assertThat(ToolSchemas.bencher(text)).isEmpty();
        JsonObject root = JsonParser.parseString(text).getAsJsonObject();
        assertThat(root.size()).isEqualTo(63);
        // What is charted is what github-action-benchmark charts: the scores and the costs.
        Set<String> gab = new HashSet<>();
        Exporter.render(List.of(QUICK), ExportFormat.GITHUB_ACTION_BENCHMARK).files()
                .forEach(f -> gab.addAll(names(f.text())));
        int measuresOut = root.entrySet().stream().mapToInt(b -> b.getValue().getAsJsonObject().size()).sum();
        assertThat(measuresOut).isEqualTo(gab.size());
        // Every custom measure is created with its unit before the first upload.
        assertThat(export.files()).extracting(ExportFile::name).containsExactly(
                "20261130T124631Z_client-java-27.0.0_k8s-1.36.3.bencher.json",
                "20261130T124631Z_client-java-27.0.0_k8s-1.36.3.bencher-measures.sh");
        String script = export.files().get(1).text();
        root.entrySet().forEach(b -> b.getValue().getAsJsonObject().keySet().stream()
                .filter(slug -> !slug.equals("latency") && !slug.equals("throughput"))
                .forEach(slug -> assertThat(script).as(slug).contains(" --slug " + slug + " --units '")));
        assertThat(script).contains("bencher measure create \"$BENCHER_PROJECT\" --name 'heap.bytesPerObject'"
                + " --slug heap-bytes-per-object --units 'bytes'");
        // IndexerList scores are us/op: Bencher's latency is in nanoseconds.
        Entry list = entries.stream().filter(e -> e.shortName().equals("IndexerList.list")).findFirst().orElseThrow();
        JsonObject latency = root.getAsJsonObject("IndexerList.list (objects=" + list.params().get("objects") + ")")
                .getAsJsonObject("latency");
        assertThat(list.primary().unit()).isEqualTo("us/op");
        assertThat(latency.get("value").getAsDouble()).isCloseTo(list.primary().score() * 1000, tolerance(list));
        assertThat(latency.get("upper_value").getAsDouble())
                .isCloseTo((list.primary().score() + list.primary().error()) * 1000, tolerance(list));
        // Wide errors (one fork, 2 iterations) reach below 0 in this file: no bound of a count or time does.
        root.entrySet().forEach(b -> b.getValue().getAsJsonObject().entrySet().forEach(m -> {
            JsonObject measure = m.getValue().getAsJsonObject();
            if (measure.has("lower_value") && measure.get("value").getAsDouble() >= 0) {
                assertThat(measure.get("lower_value").getAsDouble()).as(b.getKey() + " " + m.getKey()).isNotNegative();
            }
        }));
        JsonObject direct = root.getAsJsonObject("DirectGet.unthrottled (burst=10, objects=1000, qps=5)");
        assertThat(direct.keySet()).containsExactly("throughput");
        assertThat(root.getAsJsonObject("SyncAndMemory.sync (objects=10000)").keySet())
                .contains("latency", "heap-bytes-per-object").doesNotContain("request-send-initial-events", "api-list");
    }

    @Test
    void threeClientsOfOneRunStayApartByLabel() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(CLIENTS)) {
            files = s.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith(".meta.json")
                    && !f.getFileName().toString().equals("interleave.json")).sorted().toList();
        }
        assertThat(files).hasSize(3);
        int rows = files.stream().mapToInt(f -> JmhJson.read(f).size()).sum();
        Export gab = Exporter.render(files, ExportFormat.GITHUB_ACTION_BENCHMARK);
        assertThat(gab.files()).extracting(ExportFile::name).containsExactly(
                "20261130T220945Z_clients.smaller-is-better.json", "20261130T220945Z_clients.bigger-is-better.json");
        gab.files().forEach(f -> assertThat(ToolSchemas.githubActionBenchmark(f.text())).as(f.name()).isEmpty());
        Set<String> all = new HashSet<>(names(gab.files().get(0).text()));
        all.addAll(names(gab.files().get(1).text()));
        for (String label : List.of("client-go-0.36.3", "client-java-27.0.0", "fabric8-8.0.0")) {
            assertThat(all).anyMatch(n -> n.startsWith("DirectGet.unthrottled (") && n.endsWith(" [" + label + "]"));
        }
        String bmf = Exporter.render(files, ExportFormat.BENCHER).files().get(0).text();
        assertThat(ToolSchemas.bencher(bmf)).isEmpty();
        assertThat(JsonParser.parseString(bmf).getAsJsonObject().size()).isEqualTo(rows);
    }

    static Set<String> names(String json) {
        Set<String> names = new HashSet<>();
        for (JsonElement e : JsonParser.parseString(json).getAsJsonArray()) {
            names.add(e.getAsJsonObject().get("name").getAsString());
        }
        return names;
    }

    private static Offset<Double> tolerance(Entry e) {
        return within(e.primary().score() * 1e-9);
    }
}
