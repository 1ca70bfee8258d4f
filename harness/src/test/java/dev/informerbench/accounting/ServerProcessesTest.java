package dev.informerbench.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerProcessesTest {
    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        System.clearProperty(ServerProcesses.PROPERTY);
    }

    @Test
    void whatIsWrittenIsParsedBack() throws Exception {
        Path file = dir.resolve("processes");
        ServerProcesses.write(file, Map.of(ServerProcesses.API_SERVER, 11L, ServerProcesses.ETCD, 12L));
        assertThat(ServerProcesses.parse(Files.readString(file)).pids())
                .containsEntry(ServerProcesses.API_SERVER, 11L).containsEntry(ServerProcesses.ETCD, 12L);
        assertThat(dir.resolve("processes.tmp")).doesNotExist();
    }

    /** This JVM is no kube-apiserver: a file that says it is names someone else's process, not ours to read. */
    @Test
    void aPidThatIsNotTheNamedProcessIsNotRead() {
        long self = ProcessHandle.current().pid();
        Path file = dir.resolve("processes");
        ServerProcesses.write(file, Map.of(ServerProcesses.API_SERVER, self, ServerProcesses.ETCD, self));
        System.setProperty(ServerProcesses.PROPERTY, file.toString());
        assertThat(ServerProcesses.fromProperty()).isEmpty();
    }

    @Test
    void noPropertyNoFileOrHalfAListIsNotOurs() throws Exception {
        assertThat(ServerProcesses.fromProperty()).isEmpty();
        System.setProperty(ServerProcesses.PROPERTY, dir.resolve("absent").toString());
        assertThat(ServerProcesses.fromProperty()).isEmpty();
        Path onlyEtcd = Files.writeString(dir.resolve("etcd-only"), "etcd 12\n");
        System.setProperty(ServerProcesses.PROPERTY, onlyEtcd.toString());
        assertThat(ServerProcesses.fromProperty()).isEmpty();
        Path garbage = Files.writeString(dir.resolve("garbage"), "kube-apiserver\n");
        System.setProperty(ServerProcesses.PROPERTY, garbage.toString());
        assertThat(ServerProcesses.fromProperty()).isEmpty();
    }

    @Test
    void thisProcessCanBeReadAndItsPeakReset() {
        long self = ProcessHandle.current().pid();
        ServerProcesses p = new ServerProcesses(Map.of(ServerProcesses.API_SERVER, self, ServerProcesses.ETCD, self));
        assertThat(p.usage(ServerProcesses.API_SERVER).cpuSeconds()).isPositive();
        p.resetPeak(ServerProcesses.ETCD);
        // right after the reset the peak is the resident set (a little more as the JVM goes on)
        var after = p.usage(ServerProcesses.ETCD);
        assertThat(after.peakResidentBytes()).isLessThan(after.residentBytes() + 64L * 1024 * 1024);
        assertThatThrownBy(() -> p.usage("kube-scheduler")).hasMessageContaining("no process kube-scheduler");
    }
}
