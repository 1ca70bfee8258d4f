package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.local.ProjectPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControlPlaneBinariesTest {
    @TempDir
    Path dir;

    @Test
    void kubebuilderAssetsIsUsedAsItIs() throws Exception {
        for (String name : new String[] {"etcd", "kube-apiserver", "kubectl"}) {
            Path file = Files.writeString(dir.resolve(name), "#!/bin/sh\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        ControlPlaneBinaries binaries =
                ControlPlaneBinaries.resolve("1.36.3", Map.of("KUBEBUILDER_ASSETS", dir.toString()));
        assertThat(binaries.kubeApiServer()).isEqualTo(dir.resolve("kube-apiserver"));
        assertThat(binaries.kubeVersion()).isEqualTo("1.36.3");
    }

    @Test
    void kubebuilderAssetsWithoutTheBinariesIsRefused() {
        assertThatThrownBy(() -> ControlPlaneBinaries.resolve("1.36.3", Map.of("KUBEBUILDER_ASSETS", dir.toString())))
                .isInstanceOf(ControlPlaneException.class)
                .hasMessageContaining("must hold executable etcd, kube-apiserver and kubectl");
    }

    @Test
    void cachedBinariesAreFoundUnderTheCacheRoot() throws Exception {
        Path target = Files.createDirectories(dir.resolve("k8s").resolve("9.9.9-" + ControlPlaneBinaries.platform()));
        for (String name : new String[] {"etcd", "kube-apiserver", "kubectl"}) {
            Path file = Files.writeString(target.resolve(name), "#!/bin/sh\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertThat(ControlPlaneBinaries.resolve("v9.9.9", Map.of("INFORMER_BENCH_CACHE", dir.toString())).directory())
                .isEqualTo(target);
    }

    @Test
    void cacheRootFollowsXdgAndTheProjectOverride() {
        assertThat(ProjectPaths.cacheRoot(Map.of("XDG_CACHE_HOME", "/x"))).isEqualTo(Path.of("/x/informer-bench"));
        assertThat(ProjectPaths.cacheRoot(Map.of("XDG_CACHE_HOME", "/x", "INFORMER_BENCH_CACHE", "/y")))
                .isEqualTo(Path.of("/y"));
    }
}
