package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagedProcessTest {
    @TempDir
    Path dir;

    @Test
    void aProcessThatExitsWhileStartingFailsWithItsLogTail() {
        ManagedProcess p = ManagedProcess.start("flaky", List.of("sh", "-c",
                "echo first; echo 'listen tcp 127.0.0.1:1: bind: address already in use'; exit 3"), dir);
        assertThatThrownBy(() -> p.awaitReady(() -> false, Duration.ofSeconds(10)))
                .isInstanceOf(ControlPlaneException.class)
                .hasMessage("flaky exited with code 3 while starting: a port it was given is taken (address already "
                        + "in use)")
                .satisfies(e -> assertThat(((ControlPlaneException) e).detail()).contains("first"));
    }

    @Test
    void aProcessThatNeverGetsReadyTimesOut() {
        ManagedProcess p = ManagedProcess.start("slow", List.of("sleep", "30"), dir);
        try {
            assertThatThrownBy(() -> p.awaitReady(() -> false, Duration.ofMillis(300)))
                    .hasMessageStartingWith("slow was not ready after 0 s");
        } finally {
            p.stop();
        }
        assertThat(p.isAlive()).isFalse();
    }

    @Test
    void stopEndsTheProcessItsChildrenAndThePidFile() throws Exception {
        // sh with a child that ignores nothing: both must be gone after stop.
        ManagedProcess p = ManagedProcess.start("family", List.of("sh", "-c", "sleep 60 & wait"), dir);
        p.awaitReady(() -> p.pidHandle().children().findAny().isPresent(), Duration.ofSeconds(5));
        List<ProcessHandle> children = p.pidHandle().children().toList();
        assertThat(Files.readString(dir.resolve("family.pid"))).isEqualTo(Long.toString(p.pidHandle().pid()));
        p.stop();
        assertThat(p.isAlive()).isFalse();
        assertThat(children).noneMatch(ProcessHandle::isAlive);
        assertThat(dir.resolve("family.pid")).doesNotExist();
    }
}
