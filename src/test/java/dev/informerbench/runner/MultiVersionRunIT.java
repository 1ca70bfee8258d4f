package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.cluster.ClusterTarget;
import dev.informerbench.cluster.LocalControlPlane;
import dev.informerbench.results.ResultFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --client-versions 26.0.0,27.0.0} on one small benchmark: two jars built by Maven,
 * two runs on one control plane, two result files and their comparison.
 */
class MultiVersionRunIT {
    @Test
    void twoVersionsTwoFilesOneComparison() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path results = Files.createDirectories(Path.of("target/it-versions"));
        MultiVersionRunner.Outcome outcome = new MultiVersionRunner(new PrintStream(log, true)).run(
                new MultiVersionRunner.Request(List.of("26.0.0", "27.0.0"), "smoke",
                        new ClusterTarget.Local(LocalControlPlane.Options.defaults()),
                        List.of("ListerGetBenchmark.lister_t1", "-wi", "0", "-i", "2", "-r", "1s"), results,
                        Path.of(".").toAbsolutePath().normalize()));

        assertThat(outcome.allSucceeded()).as(log.toString()).isTrue();
        assertThat(outcome.resultFiles()).hasSize(2);
        assertThat(ResultFile.readMetadata(meta(outcome.resultFiles().get(0))).clientJavaVersion).isEqualTo("26.0.0");
        assertThat(ResultFile.readMetadata(meta(outcome.resultFiles().get(1))).clientJavaVersion).isEqualTo("27.0.0");
        // One control plane for both: same server, reported as the local target.
        assertThat(ResultFile.readMetadata(meta(outcome.resultFiles().get(0))).targetServer)
                .isEqualTo(ResultFile.readMetadata(meta(outcome.resultFiles().get(1))).targetServer);
        assertThat(ResultFile.readMetadata(meta(outcome.resultFiles().get(1))).targetKind).isEqualTo("local");
        assertThat(outcome.comparison()).contains("client-java 26.0.0").contains("client-java 27.0.0")
                .contains("lister_t1");
        assertThat(outcome.folder().resolve("comparison.png")).isRegularFile();
    }

    private static Path meta(Path json) {
        return json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", ".meta.json"));
    }
}
