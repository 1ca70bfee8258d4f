package dev.informerbench.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.comparison.Direction;
import dev.informerbench.results.JmhJson.Entry;
import dev.informerbench.results.JmhJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
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
            // Requests: fewer is better whatever the score's direction.
            assertThat(smaller).contains(name + " api.get", name + " api.list", name + " api.watch");
        }
        assertThat(thrpt).isEqualTo(10);
        assertThat(bigger).hasSize(thrpt);
        assertThat(smaller).contains("SyncAndMemory.sync (objects=10000) heap.bytesPerObject",
                "Relist.recover (fault=APISERVER_RESTART, objects=1000) recovery.lists");
        assertThat(smaller).noneMatch(n -> n.endsWith(" ops.all") || n.endsWith(" cache.objects"));
        assertThat(export.notes()).singleElement().asString()
                .startsWith("left out 164 metrics without a better direction: cache.objects, events.other, ops.all,");
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
        int secondaryIn = entries.stream().mapToInt(e -> e.secondary().size()).sum();
        int secondaryOut = root.entrySet().stream().mapToInt(b -> b.getValue().getAsJsonObject().size() - 1).sum();
        assertThat(secondaryIn).isEqualTo(594);
        assertThat(secondaryOut).isEqualTo(secondaryIn);
        assertThat(export.notes()).isEmpty();
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
        assertThat(direct.keySet()).contains("throughput", "api-get", "api-429", "ops-all").doesNotContain("latency");
        assertThat(root.getAsJsonObject("SyncAndMemory.sync (objects=1000)").keySet())
                .contains("latency", "heap-bytes-per-object", "heap-retained-mib", "request-send-initial-events");
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
