package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start that cannot succeed says why in one line and leaves nothing running or on disk. */
class StartFailuresIT {
    @TempDir
    Path runs;

    @Test
    void aTakenPortIsNamed() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            LocalControlPlane.Options options = new LocalControlPlane.Options(
                    ControlPlaneBinaries.requestedVersion(), taken.getLocalPort(), runs);
            assertThatThrownBy(() -> LocalControlPlane.start(options))
                    .isInstanceOf(ControlPlaneException.class)
                    .hasMessage("port 127.0.0.1:" + taken.getLocalPort()
                            + " is taken; free it or pick another port (0 takes a free one)");
        }
        assertNothingLeft();
    }

    @Test
    void anApiServerThatDiesWhileStartingIsReportedWithItsLog() throws Exception {
        ControlPlaneBinaries real = ControlPlaneBinaries.resolve(ControlPlaneBinaries.requestedVersion());
        Path fake = Files.createDirectories(runs.resolveSibling(runs.getFileName() + "-bin"));
        Files.createSymbolicLink(fake.resolve("etcd"), real.etcd());
        Files.createSymbolicLink(fake.resolve("kubectl"), real.kubectl());
        Path apiserver = fake.resolve("kube-apiserver");
        Files.writeString(apiserver, "#!/bin/sh\necho 'E1130 run.go:72] error: no etcd for you'\nexit 1\n");
        Files.setPosixFilePermissions(apiserver, PosixFilePermissions.fromString("rwxr-xr-x"));

        LocalControlPlane.Options options = new LocalControlPlane.Options(real.kubeVersion(), 0, runs);
        assertThatThrownBy(() -> LocalControlPlane.start(options, new ControlPlaneBinaries(fake, real.kubeVersion())))
                .isInstanceOf(ControlPlaneException.class)
                .hasMessage("kube-apiserver exited with code 1 while starting")
                .satisfies(e -> assertThat(((ControlPlaneException) e).detail()).contains("no etcd for you"));
        assertNothingLeft();
    }

    /** No run folder remains, so no etcd was left running with a pid file pointing at it. */
    private void assertNothingLeft() throws Exception {
        try (Stream<Path> left = Files.list(runs)) {
            assertThat(left).isEmpty();
        }
    }
}
