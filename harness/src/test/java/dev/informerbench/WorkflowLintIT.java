package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.local.Commands;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * actionlint on the CI workflow users copy: syntax, expressions, action inputs, and shellcheck on
 * its scripts when shellcheck is on PATH. In {@code mvn verify}, not {@code mvn test}: the first
 * run installs actionlint from the Go module proxy. {@link WorkflowTest} parses its commands.
 */
class WorkflowLintIT {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path WORKFLOW = HOME.resolve(".github/workflows/benchmark.yml");
    /** The workflow a client library copies into its own repository (docs/ci.md). */
    private static final Path LIBRARY_WORKFLOW = HOME.resolve("docs/workflows/client-library.yml");
    private static final String ACTIONLINT_VERSION = "v1.7.12";
    private static final String ACTIONLINT = "github.com/rhysd/actionlint/cmd/actionlint@" + ACTIONLINT_VERSION;

    @Test
    void actionlintFindsNothing() throws Exception {
        for (Path workflow : List.of(WORKFLOW, LIBRARY_WORKFLOW)) {
            Run lint = run(List.of(actionlint().toString(), "-no-color", HOME.relativize(workflow).toString()), HOME,
                    2);
            assertThat(lint.output()).as("actionlint " + ACTIONLINT_VERSION + " on " + workflow).isEmpty();
            assertThat(lint.exit()).as("actionlint's exit code on " + workflow).isZero();
        }
    }

    /** actionlint at the pinned version, installed with {@code go install} under target/ once. */
    private static Path actionlint() throws Exception {
        assertThat(Commands.onPath("go")).as("go is not on PATH: this test installs actionlint, a Go module, with it "
                + "(and mvn verify needs Go for the control plane anyway)").isTrue();
        Path dir = HOME.resolve("target/tools/actionlint-" + ACTIONLINT_VERSION);
        Path binary = dir.resolve("actionlint");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        Files.createDirectories(dir);
        Path gobin = Files.createTempDirectory(dir, "install");
        ProcessBuilder install = new ProcessBuilder("go", "install", ACTIONLINT);
        install.environment().put("GOBIN", gobin.toString());
        install.environment().put("GOTOOLCHAIN", "local");
        install.environment().remove("GOFLAGS"); // e.g. -mod=vendor would not apply to a module@version
        Run done = run(install, dir, 5);
        assertThat(done.exit()).as("go install " + ACTIONLINT + ":\n" + done.output()).isZero();
        // Moved into place whole, so that a test run cut short leaves no half-written binary.
        Files.move(gobin.resolve("actionlint"), binary, StandardCopyOption.ATOMIC_MOVE);
        Files.delete(gobin);
        return binary;
    }

    private record Run(int exit, String output) {}

    private static Run run(List<String> command, Path dir, int minutes) throws Exception {
        return run(new ProcessBuilder(command), dir, minutes);
    }

    private static Run run(ProcessBuilder builder, Path dir, int minutes) throws Exception {
        Path log = Files.createTempFile("workflow-test", ".log");
        try {
            Process p = builder.directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", builder.command()) + " took over " + minutes + " min");
            }
            return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
