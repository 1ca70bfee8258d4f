package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code -p objects=} the target cannot hold: one line, exit 2, before a results folder, a lock,
 * a namespace or a control plane; the line docs/sizing.md shows is the one printed.
 */
class ObjectCountRefusedTest {
    private static final String REFUSED = "error: -p objects=1000000000: ListerGet's forks in the article profile"
            + " have a 2 GiB heap (-Xmx2g), which holds at most 526,254 ConfigMaps in client-java's cache at 1,982"
            + " bytes each + 0.0 MiB (CacheMemory's line of client-java 27.0.0 on JDK 17, remedy full, largest error"
            + " 3.0%), the live set at most half the heap (docs/sizing.md); largest accepted: 526254";

    @RegisterExtension
    final CapturedOutput console = new CapturedOutput();

    @Test
    void aRunIsRefusedBeforeAnythingIsCreated(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        assertThat(Main.run("--results", results.toString(), "--", "ListerGetBenchmark.lister_t1", "-p",
                "objects=1000000000")).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo(REFUSED);
        assertThat(console.out()).isEmpty();
        assertThat(results).doesNotExist();
        assertThat(Files.readString(Path.of("docs", "sizing.md"))).contains(REFUSED);
    }

    @Test
    void aJobManifestIsRefusedBeforeItIsWritten(@TempDir Path dir) {
        Path manifest = dir.resolve("job.yaml");
        assertThat(Main.run("job-manifest", "--image", "reg/ib:1", "--shards", "2", "-o", manifest.toString(), "--",
                "ServerCost", "-p", "controllers=10", "-p", "objects=1000000000")).isEqualTo(2);
        assertThat(console.err().strip()).startsWith("error: -p objects=1000000000: ServerCost's forks in the article"
                + " profile have a 2 GiB heap (-Xmx2g)").endsWith("; largest accepted: 526254");
        assertThat(manifest).doesNotExist();
    }
}
