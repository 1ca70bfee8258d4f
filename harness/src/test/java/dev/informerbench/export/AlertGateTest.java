package dev.informerbench.export;

import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which entries alert: those an A/A pair shows steady, decided before the run being exported is read. */
class AlertGateTest {
    static final String FILE = "20261201T000000Z_client-java-27.0.0_k8s-1.36.3.json";

    @TempDir
    Path dir;

    @Test
    void steadyEntriesAlertAndTheOthersAreChartedOnly() throws IOException {
        // get: 5% intervals, 1.1× apart; burst: a ±50% interval; lookup: tight in each run but 1.4× apart.
        Path a = write(Files.createDirectory(dir.resolve("a")), FILE, row("get", 100, 5), row("burst", 100, 50),
                row("lookup", 100, 5), withSecondary(row("fanout", 100, 5), "delivery.p99Us", "us", forks(3, 40)));
        Path b = write(Files.createDirectory(dir.resolve("b")), FILE, row("get", 110, 5), row("burst", 100, 50),
                row("lookup", 140, 5), withSecondary(row("fanout", 100, 5), "delivery.p99Us", "us", forks(3, 41)));
        // The run exported: put is new, and fanout's delivery is too noisy in it (error ≥ value).
        JsonObject fanout = withSecondary(row("fanout", 300, 290), "delivery.p99Us", "us", forks(3, 90));
        fanout.getAsJsonObject("secondaryMetrics").getAsJsonObject("delivery.p99Us").addProperty("scoreError", 95.0);
        Path run = write(Files.createDirectory(dir.resolve("c")), FILE, row("get", 100, 90), row("burst", 100, 5),
                row("lookup", 100, 5), row("put", 100, 5), fanout);

        Export export = Exporter.render(List.of(run), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a, b), "150%"));

        String stem = FILE.replace(".json", "");
        assertThat(export.files()).extracting(ExportFile::name).containsExactly(stem + ".smaller-is-better.json",
                stem + ".ungated.smaller-is-better.json");
        // The gate looks at the A/A pair only: get alerts although this run's interval is wide, burst does not
        // although it is narrow; fanout's delivery stays in its file although it is too noisy in this run.
        assertThat(CommittedExportTest.names(export.files().get(0).text()))
                .containsExactlyInAnyOrder("Bench.get", "Bench.fanout", "Bench.fanout delivery.p99Us");
        assertThat(CommittedExportTest.names(export.files().get(1).text()))
                .containsExactlyInAnyOrder("Bench.burst", "Bench.lookup", "Bench.put");
        export.files().forEach(f -> assertThat(ToolSchemas.githubActionBenchmark(f.text())).as(f.name()).isEmpty());
        assertThat(export.notes()).contains("alert gate at 150%: 3 of 6 entries may fail the build (steady in the A/A "
                + "pairs given with --aa); the others are charted only, in " + stem + ".ungated*.json: 1 not in the "
                + "A/A files, 1 apart by more than 1.22× between the A/A runs, 1 with an interval wider than ±20% in "
                + "an A/A run (or none, a value of 0, a change of sign)");
        assertThat(export.notes()).contains("no metric where bigger is better: " + stem
                + ".bigger-is-better.json not written (the action fails on an empty array)");
    }

    @Test
    void withoutAGateANoisySecondaryIsLeftOutAsBefore() throws IOException {
        JsonObject fanout = withSecondary(row("fanout", 300, 5), "delivery.p99Us", "us", forks(3, 90));
        fanout.getAsJsonObject("secondaryMetrics").getAsJsonObject("delivery.p99Us").addProperty("scoreError", 95.0);
        Path run = write(dir, FILE, fanout);
        Export export = Exporter.render(List.of(run), ExportFormat.GITHUB_ACTION_BENCHMARK);
        assertThat(export.files()).hasSize(1);
        assertThat(CommittedExportTest.names(export.files().get(0).text())).containsExactly("Bench.fanout");
        assertThat(export.notes()).contains("left out 1 metric too noisy to gate (error ≥ value): delivery.p99Us");
    }

    @Test
    void theWorstPairDecides() throws IOException {
        Path a1 = write(Files.createDirectory(dir.resolve("a1")), FILE, row("get", 100, 5));
        Path b1 = write(Files.createDirectory(dir.resolve("b1")), FILE, row("get", 105, 5));
        Path a2 = write(Files.createDirectory(dir.resolve("a2")), FILE, row("get", 100, 5));
        Path b2 = write(Files.createDirectory(dir.resolve("b2")), FILE, row("get", 100, 40));
        Path run = write(dir, FILE, row("get", 100, 5));
        Export one = Exporter.render(List.of(run), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a1, b1), "150%"));
        assertThat(one.files()).extracting(ExportFile::name).noneMatch(n -> n.contains(".ungated."));
        Export both = Exporter.render(List.of(run), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a1, b1, a2, b2), "150%"));
        assertThat(both.files()).extracting(ExportFile::name).allMatch(n -> n.contains(".ungated."));
        // A looser threshold lets a ±40% interval alert: (2.5 - 1) / (2.5 + 1) = 43%.
        Export loose = Exporter.render(List.of(run), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a1, b1, a2, b2), "250%"));
        assertThat(loose.files()).extracting(ExportFile::name).noneMatch(n -> n.contains(".ungated."));
    }

    @Test
    void eitherRunMayBeTheSlowerAndAZeroOrNoIntervalIsNotSteady() throws IOException {
        JsonObject noInterval = row("once", 100, 5);
        noInterval.getAsJsonObject("primaryMetric").addProperty("scoreError", "NaN");
        Path a = write(Files.createDirectory(dir.resolve("a")), FILE, row("get", 140, 5), row("idle", 0, 0),
                noInterval, row("fine", 100, 19));
        Path b = write(Files.createDirectory(dir.resolve("b")), FILE, row("get", 100, 5), row("idle", 0, 0),
                row("once", 100, 5), row("fine", 100, 19));
        Path run = write(dir, FILE, row("get", 100, 5), row("idle", 1, 0), row("once", 100, 5), row("fine", 100, 5));
        Export export = Exporter.render(List.of(run), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a, b), "150%"));
        assertThat(CommittedExportTest.names(export.files().get(0).text())).containsExactly("Bench.fine");
        assertThat(CommittedExportTest.names(export.files().get(1).text()))
                .containsExactlyInAnyOrder("Bench.get", "Bench.idle", "Bench.once");
    }

    @Test
    void aClientsPairGatesThatClientOnly() throws IOException {
        String f8 = "20261201T000000Z_fabric8-8.0.0_k8s-1.36.3.json";
        Path a = write(Files.createDirectory(dir.resolve("a")), FILE, row("get", 100, 5));
        Path b = write(Files.createDirectory(dir.resolve("b")), FILE, row("get", 101, 5));
        Path run = Files.createDirectory(dir.resolve("run"));
        // client-java listed twice (an A/A --client-versions folder: the second is labelled #2) and fabric8 once
        List<Path> files = List.of(write(run, FILE, row("get", 100, 5)),
                write(run, FILE.replace(".json", "_2.json"), row("get", 100, 5)), write(run, f8, row("get", 100, 5)));
        Export export = Exporter.render(files, ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a, b), "150%"));
        assertThat(CommittedExportTest.names(export.files().get(0).text())).containsExactlyInAnyOrder(
                "Bench.get [client-java-27.0.0]", "Bench.get [client-java-27.0.0#2]");
        assertThat(CommittedExportTest.names(export.files().get(1).text()))
                .containsExactly("Bench.get [fabric8-8.0.0]");
    }

    @Test
    void badInputIsOneLineAndWritesNothing() throws IOException {
        Path a = write(Files.createDirectory(dir.resolve("a")), FILE, row("get", 100, 5));
        Path f8 = write(Files.createDirectory(dir.resolve("f")), "20261201T000000Z_fabric8-8.0.0_k8s-1.36.3.json",
                row("get", 100, 5));
        Path out = Files.createDirectory(dir.resolve("out"));
        for (String t : List.of("150", "100%", "x%", "")) {
            assertThatThrownBy(() -> AlertGate.threshold(t)).hasMessage("--alert-threshold: " + t
                    + " is not a percentage above 100% (as the action's alert-threshold, e.g. 150%)");
        }
        assertThatThrownBy(() -> Exporter.export(List.of(a), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a), "150%"), out)).hasMessageStartingWith("--aa takes pairs of files");
        assertThatThrownBy(() -> Exporter.export(List.of(a), ExportFormat.GITHUB_ACTION_BENCHMARK,
                new Exporter.Gate(List.of(a, f8), "150%"), out))
                .hasMessageEndingWith(": an A/A pair is one client and version run twice, not client-java-27.0.0 and "
                        + "fabric8-8.0.0");
        assertThatThrownBy(() -> Exporter.export(List.of(a), ExportFormat.BENCHER,
                new Exporter.Gate(List.of(a, a), "150%"), out)).hasMessageStartingWith("--aa is for --format "
                + "github-action-benchmark");
        try (Stream<Path> written = Files.list(out)) {
            assertThat(written).isEmpty();
        }
    }

    @Test
    void theCommittedClientsRunsAlertOnTheSameEntries() throws IOException {
        // The gate of an earlier A/A pair (three families, each client) on the two runs of all ten families:
        // the same names alert in both, whatever each run measured.
        Path pairA = Path.of("results", "20261202T055715Z_clients");
        Path pairB = Path.of("results", "20261202T062829Z_clients");
        List<Path> aa = Stream.of("client-go-0.36.3", "client-java-27.0.0", "fabric8-8.0.0").flatMap(c -> Stream.of(
                pairA.resolve("20261202T055715Z_" + c + "_k8s-1.36.3.json"),
                pairB.resolve("20261202T062829Z_" + c + "_k8s-1.36.3.json"))).toList();
        Set<String> first = null;
        for (String run : List.of("20261202T083024Z", "20261202T093434Z")) {
            List<Path> files = Stream.of("client-go-0.36.3", "client-java-27.0.0", "fabric8-8.0.0")
                    .map(c -> Path.of("results", run + "_clients", run + "_" + c + "_k8s-1.36.3.json")).toList();
            Export export = Exporter.render(files, ExportFormat.GITHUB_ACTION_BENCHMARK,
                    new Exporter.Gate(aa, "150%"));
            Set<String> gated = CommittedExportTest.names(export.files().get(0).text());
            assertThat(gated).isNotEmpty().allMatch(n -> n.matches("(CustomIndex|HandlerFanout|ResyncFanout)\\..*"));
            if (first == null) {
                first = gated;
            } else {
                assertThat(gated).isEqualTo(first);
            }
        }
    }

    /** A row of {@code Bench} in ms/op: three forks around {@code center}, JMH's error {@code error}. */
    private static JsonObject row(String method, double center, double error) {
        JsonObject e = entry("x.Bench." + method, "avgt", "ms/op", forks(3, center));
        e.getAsJsonObject("primaryMetric").addProperty("scoreError", error);
        return e;
    }
}
