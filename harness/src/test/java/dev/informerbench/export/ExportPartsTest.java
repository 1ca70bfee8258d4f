package dev.informerbench.export;

import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonParser;
import dev.informerbench.results.JmhJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Names, labels, slugs and stems where they are not the plain case. */
class ExportPartsTest {
    @TempDir
    Path dir;

    @Test
    void twoClassesOfOneSimpleNameKeepTheirPackages() {
        Path f = write(dir, "a.json", entry("com.a.ReadBenchmark.get", "avgt", "ns/op", forks(1, 10)),
                entry("com.b.ReadBenchmark.get", "avgt", "ns/op", forks(1, 10)),
                entry("com.b.ReadBenchmark.put", "avgt", "ns/op", forks(1, 10)));
        assertThat(ExportNames.of(JmhJson.read(f)))
                .containsExactly("com.a.ReadBenchmark.get", "com.b.ReadBenchmark.get", "Read.put");
    }

    @Test
    void theSameRowTwiceIsNumbered() {
        Path f = write(dir, "a.json", entry("x.Bench.m", "avgt", "ns/op", forks(1, 10)),
                entry("x.Bench.m", "avgt", "ns/op", forks(1, 12)));
        assertThat(ExportNames.of(JmhJson.read(f))).containsExactly("Bench.m", "Bench.m #2");
    }

    @Test
    void labelsAreClientAndVersionAndStayApart() throws Exception {
        Path versions = Path.of("harness", "src", "test", "resources", "runs", "20261130T164453Z_client-versions");
        List<ExportInput> inputs = ExportInput.read(List.of(
                versions.resolve("20261130T164453Z_client-java-27.0.0_k8s-1.36.3.json"),
                versions.resolve("20261130T164453Z_client-java-27.0.0_k8s-1.36.3_2.json")));
        assertThat(inputs).extracting(ExportInput::label).containsExactly("client-java-27.0.0", "client-java-27.0.0#2");
        assertThat(Exporter.stem(inputs.stream().map(ExportInput::path).toList()))
                .isEqualTo("20261130T164453Z_client-versions");
        Path other = write(Files.createDirectory(dir.resolve("b")), "jmh-result.json",
                entry("x.Bench.m", "avgt", "ns/op", forks(1, 10)));
        ExportInput plain = ExportInput.read(List.of(other)).get(0);
        assertThat(plain.label()).isEqualTo("jmh-result");
        assertThat(plain.client()).isFalse();
        assertThat(Exporter.stem(
                List.of(versions.resolve("20261130T164453Z_client-java-27.0.0_k8s-1.36.3.json"), other)))
                .isEqualTo("20261130T164453Z_client-java-27.0.0_k8s-1.36.3-and-1-more");
    }

    @Test
    void slugsOfMetricNames() {
        assertThat(Bencher.slug("heap.bytesPerObject")).isEqualTo("heap-bytes-per-object");
        assertThat(Bencher.slug("heap.retainedMiB")).isEqualTo("heap-retained-mib");
        assertThat(Bencher.slug("delivery.fromSendP99Us")).isEqualTo("delivery-from-send-p99-us");
        assertThat(Bencher.slug("recovery.listsAfter410")).isEqualTo("recovery-lists-after410");
        assertThat(Bencher.slug("api.429")).isEqualTo("api-429");
        assertThat(Bencher.slug("·gc.alloc.rate.norm")).isEqualTo("gc-alloc-rate-norm");
        String longSlug = Bencher.slug("a".repeat(60) + ".b.cccc");
        assertThat(longSlug).hasSizeLessThanOrEqualTo(64);
        assertThat(ToolSchemas.isSlug(longSlug)).isTrue();
    }

    @Test
    void aSecondaryNamedLikeABuiltInMeasureGetsItsOwnSlug() {
        Path f = write(dir, "a.json", withSecondary(withSecondary(entry("x.Bench.m", "thrpt", "ops/us", forks(1, 2)),
                "throughput", "MB/s", forks(1, 5)), "Throughput!", "MB/s", forks(1, 6)));
        String bmf = Exporter.render(List.of(f), ExportFormat.BENCHER).files().get(0).text();
        assertThat(ToolSchemas.bencher(bmf)).isEmpty();
        var measures = JsonParser.parseString(bmf).getAsJsonObject().getAsJsonObject("Bench.m");
        assertThat(measures.keySet()).containsExactly("throughput", "throughput-2", "throughput-3");
        // ops/us to Bencher's operations per second.
        JmhJson.Entry e = JmhJson.read(f).get(0);
        assertThat(measures.getAsJsonObject("throughput").get("value").getAsDouble())
                .isEqualTo(e.primary().score() * 1e6);
        assertThat(measures.getAsJsonObject("throughput-2").get("value").getAsDouble())
                .isEqualTo(e.secondary().get("throughput").score());
    }
}
