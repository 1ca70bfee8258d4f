package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code ./run-bench.sh controlplane start|status|stop} does, in-process. */
class ControlPlaneServiceIT {
    @Test
    void startStatusStop() throws Exception {
        ControlPlaneService.Status started = ControlPlaneService.start(ServeControlPlane.class, List.of("0"));
        List<ProcessHandle> servers;
        try {
            assertThat(started.kubeconfig()).isRegularFile();
            assertThat(started.version()).isEqualTo("v" + ControlPlaneBinaries.requestedVersion());
            assertThat(started.serverUrl()).startsWith("https://127.0.0.1:");
            // A second start finds the running one instead of starting another.
            assertThat(ControlPlaneService.start(ServeControlPlane.class, List.of("0")).pid()).isEqualTo(started.pid());

            servers = ProcessHandle.of(started.pid()).orElseThrow().descendants()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/etcd") || c.endsWith("/kube-apiserver"))
                            .orElse(false))
                    .toList();
            assertThat(servers).hasSize(2);
            for (ProcessHandle server : servers) {
                assertThat(ListeningSockets.of(server.pid())).isNotEmpty()
                        .allMatch(ListeningSockets.Listener::isLoopback);
            }
        } finally {
            assertThat(ControlPlaneService.stop()).isTrue();
        }
        assertThat(servers).noneMatch(ProcessHandle::isAlive);
        assertThat(ProcessHandle.of(started.pid()).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(Files.exists(started.kubeconfig())).isFalse();
        assertThat(ControlPlaneService.status()).isEmpty();
        assertThat(ControlPlaneService.stop()).isFalse();
    }
}
