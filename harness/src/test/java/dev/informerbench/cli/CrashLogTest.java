package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrashLogTest {

    @Test
    void theTraceGoesToAFileInTheResultsFolderAndTheLineSaysWhere(@TempDir Path dir) throws Exception {
        String line = CrashLog.write(new IllegalStateException("a state no input can cause"), dir);
        assertThat(line).startsWith("the stack trace is in " + dir + "/error-").endsWith(".log");
        Path file = Path.of(line.substring("the stack trace is in ".length()));
        assertThat(Files.readString(file)).startsWith("java.lang.IllegalStateException: a state no input can cause")
                .contains("at dev.informerbench.cli.CrashLogTest.");
    }

    @Test
    void aResultsFolderThatCannotBeWrittenLeavesTheTraceInTheTempDirectory() throws Exception {
        String line = CrashLog.write(new IllegalStateException("x"), Path.of("/proc/nope"));
        assertThat(line).startsWith("the stack trace is in " + Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("error-"));
        Files.delete(Path.of(line.substring("the stack trace is in ".length())));
    }
}
