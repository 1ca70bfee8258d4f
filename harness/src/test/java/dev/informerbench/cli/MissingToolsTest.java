package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool the suite would start and cannot find is the user's setup, not a crash: one line
 * naming it and what is accepted, exit 2. The harness runs in a JVM of its own whose PATH is
 * an empty folder, so neither go nor mvn is there.
 */
class MissingToolsTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();

    @Test
    void withoutGoAControlPlaneThatIsNotBuiltIsOneLine(@TempDir Path dir) throws Exception {
        Result result = runWithEmptyPath(dir, "run", "--kube-version", "1.99.0", "--profile", "smoke", "--results",
                dir.resolve("results").toString());
        assertThat(result.exit()).as(result.output()).isEqualTo(2);
        assertThat(result.output()).isEqualTo("error: the control plane binaries for v1.99.0 are not built and `go` is"
                + " not on PATH; accepted: a Go toolchain (1.26 or later) on PATH to build them, KUBEBUILDER_ASSETS"
                + " naming built ones, or --kubeconfig for a cluster of your own");
        assertThat(dir.resolve("results")).isEmptyDirectory();
    }

    @Test
    void withoutMavenClientVersionsAreOneLine(@TempDir Path dir) throws Exception {
        Result result = runWithEmptyPath(dir, "run", "--client-versions", "26.0.0,27.0.0", "--results",
                dir.resolve("results").toString());
        assertThat(result.exit()).as(result.output()).isEqualTo(2);
        assertThat(result.output()).isEqualTo("error: --client-versions builds the suite once per version with Maven,"
                + " and `mvn` is not on PATH; accepted: Maven (mvn) on PATH");
    }

    private record Result(int exit, String output) {}

    private static Result runWithEmptyPath(Path dir, String... args) throws IOException, InterruptedException {
        Path empty = Files.createDirectories(dir.resolve("empty-path"));
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "-Dinformerbench.home=" + HOME, "-Dinformerbench.stateDir=" + dir.resolve("state"),
                "-Dinformerbench.runLock=" + dir.resolve("run.lock"), "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", empty.toString());
        builder.environment().put("INFORMER_BENCH_CACHE", dir.resolve("cache").toString());
        builder.environment().remove("KUBEBUILDER_ASSETS");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes()).strip();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }
}
