package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM holding the control plane is killed with SIGKILL: no shutdown hook runs, so etcd
 * and kube-apiserver are orphaned. The next start must reap them and succeed.
 */
class CrashRecoveryIT {
    @Test
    void nextStartReapsWhatAKilledJvmLeft() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process holder = new ProcessBuilder(java,
                "-Dinformerbench.stateDir=" + System.getProperty("informerbench.stateDir"),
                "-Dinformerbench.kubeVersion=" + ControlPlaneBinaries.requestedVersion(),
                "-cp", System.getProperty("java.class.path"), HoldControlPlane.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String ready;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8))) {
            ready = out.lines().filter(l -> l.startsWith("READY ")).findFirst().orElseThrow();
        }
        String[] fields = ready.split(" ");
        Path runDir = Path.of(fields[1]);
        List<ProcessHandle> orphans = Arrays.stream(fields, 2, fields.length)
                .map(pid -> ProcessHandle.of(Long.parseLong(pid))).flatMap(Optional::stream).toList();
        assertThat(orphans).hasSize(2);

        holder.destroyForcibly(); // SIGKILL
        assertThat(holder.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(orphans).as("orphans right after SIGKILL").allMatch(ProcessHandle::isAlive);

        try (LocalControlPlane next = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
            assertThat(orphans).as("orphans after the next start").noneMatch(ProcessHandle::isAlive);
            assertThat(Files.exists(runDir)).isFalse();
            assertThat(next.serverVersion()).isEqualTo("v" + ControlPlaneBinaries.requestedVersion());
        }
    }
}
