package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.cli.Main;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.target.ClusterTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --client-versions 20.0.0,27.0.0} — the oldest version the README promises and the
 * pom's — on one small benchmark: two jars built by Maven, two runs on one control plane, two
 * result files and their comparison; and an A/A run,
 * {@code 27.0.0,27.0.0} with two forks, interleaved A B, B A and merged into two files of two
 * forks each.
 */
class MultiVersionRunIT {
    private static final String OLDEST = ClientVersions.OLDEST_MAJOR + ".0.0";
    private static final String NEWEST = System.getProperty("informerbench.clientVersion", "27.0.0");
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    /** The smoke profile for {@code versions} on a local control plane of its own, into target/{@code resultsDir}. */
    private MultiVersionRunner.Outcome run(String resultsDir, List<String> versions, String... jmhArgs)
            throws Exception {
        Path results = Files.createDirectories(Path.of("target", resultsDir));
        return new MultiVersionRunner(new PrintStream(log, true)).run(MultiVersionRunner.Request.versions(versions,
                Profile.SMOKE, new ClusterTarget.Local(LocalControlPlane.Options.defaults()), List.of(jmhArgs),
                results, Path.of(".").toAbsolutePath().normalize(), Main.class));
    }

    @Test
    void twoVersionsTwoFilesOneComparison() throws Exception {
        MultiVersionRunner.Outcome outcome = run("it-versions", List.of(OLDEST, NEWEST),
                "ListerGetBenchmark.lister_t1", "-wi", "0", "-i", "2", "-r", "1s");

        assertThat(outcome.allSucceeded()).as(log.toString()).isTrue();
        assertThat(outcome.resultFiles()).hasSize(2);
        RunMetadata first = ResultFile.readMetadata(VersionJvms.sidecarOf(outcome.resultFiles().get(0)));
        RunMetadata second = ResultFile.readMetadata(VersionJvms.sidecarOf(outcome.resultFiles().get(1)));
        assertThat(first.clientJavaVersion).isEqualTo(OLDEST);
        assertThat(second.clientJavaVersion).isEqualTo(NEWEST);
        // One control plane for both: same server, reported as the local target.
        assertThat(first.targetServer).isEqualTo(second.targetServer);
        assertThat(second.targetKind).isEqualTo("local");
        assertThat(outcome.comparison()).contains("client-java " + OLDEST).contains("client-java " + NEWEST)
                .contains("lister_t1");
        assertThat(outcome.folder().resolve("comparison.png")).isRegularFile();
    }

    @Test
    void theSameVersionTwiceForksInterleavedAndMerged() throws Exception {
        MultiVersionRunner.Outcome outcome = run("it-versions-aa", List.of("27.0.0", "27.0.0"),
                "ListerGetBenchmark.lister_t1", "-wi", "0", "-i", "2", "-r", "1s", "-f", "2");

        assertThat(outcome.allSucceeded()).as(log.toString()).isTrue();
        assertThat(outcome.labels()).containsExactly("client-java 27.0.0", "client-java 27.0.0 #2");
        assertThat(outcome.resultFiles()).hasSize(2);
        assertThat(outcome.resultFiles().get(0)).isNotEqualTo(outcome.resultFiles().get(1));
        assertThat(outcome.resultFiles().get(1).getFileName().toString()).endsWith("_2.json");
        assertThat(log.toString()).contains("unit 1 of 4: ListerGet, client-java 27.0.0, round 1,")
                .contains("unit 3 of 4: ListerGet, client-java 27.0.0 #2, round 2,");

        // The order that ran: A B in round 1, B A in round 2, one after another.
        JsonObject interleave = JsonParser.parseString(Files.readString(outcome.interleave())).getAsJsonObject();
        assertThat(interleave.get("rounds").getAsInt()).isEqualTo(2);
        JsonArray runs = interleave.getAsJsonArray("runs");
        assertThat(runs).hasSize(4);
        String[] order = new String[4];
        Instant previousEnd = Instant.EPOCH;
        for (int i = 0; i < 4; i++) {
            JsonObject run = runs.get(i).getAsJsonObject();
            order[i] = run.get("round").getAsInt() + " " + run.get("label").getAsString();
            assertThat(run.get("status").getAsString()).isEqualTo("complete"); // the sidecar's spelling
            Instant start = Instant.parse(run.get("startedAt").getAsString());
            assertThat(start).isAfterOrEqualTo(previousEnd);
            previousEnd = Instant.parse(run.get("finishedAt").getAsString());
            assertThat(outcome.folder().resolve(run.get("resultFile").getAsString())).isRegularFile();
        }
        assertThat(order).containsExactly("1 client-java 27.0.0", "1 client-java 27.0.0 #2",
                "2 client-java 27.0.0 #2", "2 client-java 27.0.0");

        for (int v = 0; v < 2; v++) {
            Path file = outcome.resultFiles().get(v);
            JsonArray entries = JsonParser.parseString(Files.readString(file)).getAsJsonArray();
            assertThat(entries).hasSize(1);
            JsonObject entry = entries.get(0).getAsJsonObject();
            assertThat(entry.get("benchmark").getAsString()).endsWith("ListerGetBenchmark.lister_t1");
            assertThat(entry.get("forks").getAsInt()).isEqualTo(2);
            JsonArray raw = entry.getAsJsonObject("primaryMetric").getAsJsonArray("rawData");
            assertThat(raw).hasSize(2);
            assertThat(raw.get(0).getAsJsonArray()).hasSize(2);
            assertThat(raw.get(1).getAsJsonArray()).hasSize(2);
            double mean = 0;
            for (var fork : raw) {
                for (var x : fork.getAsJsonArray()) {
                    mean += x.getAsDouble() / 4;
                }
            }
            assertThat(entry.getAsJsonObject("primaryMetric").get("score").getAsDouble())
                    .isCloseTo(mean, within(1e-9 * mean));
            RunMetadata meta = ResultFile.readMetadata(VersionJvms.sidecarOf(file));
            assertThat(meta.status).isEqualTo(RunMetadata.Status.COMPLETE);
            assertThat(meta.label).isEqualTo(outcome.labels().get(v));
            assertThat(meta.clientJavaVersion).isEqualTo("27.0.0");
            assertThat(meta.interleaveFile).isEqualTo("interleave.json");
            assertThat(meta.mergedFrom).hasSize(2);
            assertThat(meta.resultFile).isEqualTo(file.getFileName().toString());
        }
        assertThat(outcome.comparison()).contains("client-java 27.0.0 #2").contains("lister_t1");
    }
}
