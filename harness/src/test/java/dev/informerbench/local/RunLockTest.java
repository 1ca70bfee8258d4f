package dev.informerbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLockTest {

    @Test
    void aSecondRunIsRefusedWithTheHoldersPidUntilTheFirstEnds(@TempDir Path dir) {
        Path file = dir.resolve("run.lock");
        try (RunLock first = RunLock.acquire(file, "run --profile quick")) {
            assertThatThrownBy(() -> RunLock.acquire(file, "run --profile smoke"))
                    .isInstanceOf(RunLock.Held.class)
                    .hasMessageStartingWith("another informer-bench run is in progress on this machine (pid "
                            + ProcessHandle.current().pid() + ", started ")
                    .hasMessageContaining("run --profile quick");
        }
        RunLock.acquire(file, "run --profile smoke").close();
    }

    @Test
    void theLockOfAProcessThatDiedIsTakenOver(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.lock");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // A JVM that takes the lock and waits: killed, its OS lock goes with it; its text stays.
        Process holder = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                HoldRunLock.class.getName(), file.toString())).redirectErrorStream(true).start();
        assertThat(new String(holder.getInputStream().readNBytes(5))).isEqualTo("held\n");
        assertThatThrownBy(() -> RunLock.acquire(file, "run")).hasMessageContaining("pid " + holder.pid());
        holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertThat(Files.readString(file)).contains("pid " + holder.pid());
        RunLock.acquire(file, "run").close();
    }
}
