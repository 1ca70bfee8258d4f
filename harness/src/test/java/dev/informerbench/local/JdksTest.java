package dev.informerbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a contender's JDK comes from, on a fake machine: the running JVM's home, the cache's
 * {@code jdk/N}, the system's homes, each known by its release file; and the project's install
 * script as the harness calls it (a stand-in for it here: {@code JdkInstallIT} downloads for real).
 */
class JdksTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();

    @TempDir
    Path dir;

    @Test
    void aHomesFeatureVersionIsWhatItsReleaseFileSays() throws IOException {
        assertThat(Jdks.feature(home("a", "17.0.15"))).isEqualTo(17);
        assertThat(Jdks.feature(home("b", "25"))).isEqualTo(25);
        assertThat(Jdks.feature(home("c", "21.0.8"))).isEqualTo(21);
        assertThat(Jdks.feature(home("d", "1.8.0_402"))).isEqualTo(8);
        assertThat(Jdks.feature(home("e", "26-ea"))).isEqualTo(26);
        Path noJava = home("f", "25.0.3");
        Files.delete(noJava.resolve("bin/java"));
        assertThat(Jdks.feature(noJava)).as("no bin/java").isEqualTo(-1);
        assertThat(Jdks.feature(dir.resolve("missing"))).isEqualTo(-1);
        Path noVersion = home("g", "25");
        Files.writeString(noVersion.resolve("release"), "IMPLEMENTOR=\"x\"\n");
        assertThat(Jdks.feature(noVersion)).isEqualTo(-1);
        assertThat(Jdks.feature(Path.of(System.getProperty("java.home"))))
                .isEqualTo(Runtime.version().feature());
    }

    @Test
    void theRunningJdkComesFirstThenTheCacheThenTheSystemsTemurinFirst() throws IOException {
        Path running = home("running", "17.0.15");
        Path system = Files.createDirectories(dir.resolve("usr-lib-jvm"));
        Path debian17 = home("usr-lib-jvm/java-17-openjdk-amd64", "17.0.9");
        Files.createSymbolicLink(system.resolve("java-1.17.0-openjdk-amd64"), debian17);
        Path zulu25 = home("usr-lib-jvm/a-zulu-25", "25.0.1");
        Path temurin25 = home("usr-lib-jvm/temurin-25-jdk-amd64", "25.0.3");
        Path cache = Files.createDirectories(dir.resolve("cache/jdk"));
        Path cached21 = home("cache/jdk/21", "21.0.8");
        home("cache/jdk/22", "23.0.1");
        home("cache/jdk/.install-21.abc", "21.0.8");
        Jdks.Roots roots = new Jdks.Roots(running, cache, system);

        assertThat(Jdks.find(17, roots)).contains(running);
        assertThat(Jdks.find(21, roots)).contains(cached21);
        assertThat(Jdks.find(25, roots)).as("Temurin's first").contains(temurin25);
        assertThat(Jdks.find(23, roots)).as("a cache folder whose release says another version is not it").isEmpty();
        assertThat(Jdks.find(19, roots)).isEmpty();
        assertThat(Jdks.all(roots)).as("each home once, a link to one already found left out").containsExactly(
                new Jdks.Home(running, 17), new Jdks.Home(cached21, 21), new Jdks.Home(temurin25, 25),
                new Jdks.Home(zulu25, 25), new Jdks.Home(debian17, 17));
        Jdks.Roots elsewhere = new Jdks.Roots(home("running-21", "21.0.1"), cache, system);
        assertThat(Jdks.find(17, elsewhere)).as("not running on 17: the system's 17").contains(debian17);
        assertThat(Jdks.find(21, elsewhere)).contains(elsewhere.running());
    }

    @Test
    void aJdkIsStartedWithTheFlagsItWillRunWithAndSaysItsVersionAndVendor() {
        Path running = Path.of(System.getProperty("java.home"));
        Jdks.Jdk jdk = Jdks.probe(running, List.of("-Xms64m", "-Xmx64m", "-XX:+UseSerialGC"));
        assertThat(jdk.javaVersion()).isEqualTo(System.getProperty("java.version"));
        assertThat(jdk.vendor()).isEqualTo(System.getProperty("java.vendor"));
        assertThat(jdk.java()).isEqualTo(running.resolve("bin/java"));
        assertThatThrownBy(() -> Jdks.probe(running, List.of("-XX:+NoSuchOptionAnywhere")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unrecognized VM option 'NoSuchOptionAnywhere'");
    }

    @Test
    void theProjectsScriptSaysWhatItCanInstall() {
        assertThat(Jdks.installable(HOME)).containsExactly(21);
        assertThat(Jdks.installable(dir)).as("no script").isEmpty();
    }

    @Test
    void installingRunsTheScriptIntoTheCacheAndTakesTheHomeItPrints() throws IOException {
        Path project = stubScript("""
                home="$INFORMER_BENCH_CACHE/jdk/$1"
                mkdir -p "$home/bin"
                printf 'JAVA_VERSION="%s.0.8"\\n' "$1" > "$home/release"
                printf '#!/bin/sh\\n' > "$home/bin/java"; chmod +x "$home/bin/java"
                echo "[jdk] progress" >&2
                echo "$home"
                """);
        Path jdkFolder = dir.resolve("cache/jdk");
        assertThat(Jdks.install(21, project, jdkFolder)).isEqualTo(jdkFolder.resolve("21"));
        assertThat(Jdks.find(21, new Jdks.Roots(dir.resolve("none"), jdkFolder, dir.resolve("none"))))
                .contains(jdkFolder.resolve("21"));
    }

    @Test
    void aScriptThatFailsOrNamesNoSuchJdkIsOneLine() throws IOException {
        Path failing = stubScript("echo '[jdk] downloading' >&2\necho 'jdk/install.sh: pip download failed' >&2\n"
                + "exit 1\n");
        assertThatThrownBy(() -> Jdks.install(21, failing, dir.resolve("cache/jdk")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("jdk/install.sh 21 failed (exit 1): jdk/install.sh: pip download failed");
        Path lying = stubScript("echo /nowhere\n");
        assertThatThrownBy(() -> Jdks.install(21, lying, dir.resolve("cache/jdk")))
                .hasMessage("jdk/install.sh 21 named /nowhere, which is no JDK 21 by its release file");
    }

    private Path stubScript(String body) throws IOException {
        Path project = Files.createTempDirectory(dir, "project");
        Files.createDirectories(project.resolve("jdk"));
        Files.writeString(project.resolve(Jdks.INSTALL_SCRIPT), "#!/usr/bin/env bash\nset -eu\n" + body);
        return project;
    }

    private Path home(String name, String javaVersion) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name).resolve("bin"));
        Files.writeString(home.resolveSibling("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + javaVersion
                + "\"\n");
        Path java = Files.writeString(home.resolve("java"), "#!/bin/sh\nexit 0\n");
        java.toFile().setExecutable(true);
        return home.getParent();
    }
}
