package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** controlplane/build.sh's contract, without building anything. */
class BuildScriptTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    Result run(Map<String, String> env) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder("bash", Path.of("controlplane/build.sh").toAbsolutePath().toString());
        builder.environment().remove("KUBEBUILDER_ASSETS");
        builder.environment().putAll(env);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.waitFor(), out, err);
    }

    @Test
    void honoursKubebuilderAssetsWithoutBuilding() throws Exception {
        for (String name : new String[] {"etcd", "kube-apiserver", "kubectl"}) {
            Path file = Files.writeString(dir.resolve(name), "#!/bin/sh\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Result r = run(Map.of("KUBEBUILDER_ASSETS", dir.toString()));
        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo(dir.toString());
    }

    @Test
    void refusesAMalformedVersionWithExitTwo() throws Exception {
        Result r = run(Map.of("KUBE_VERSION", "latest", "INFORMER_BENCH_CACHE", dir.toString()));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("controlplane/build.sh: KUBE_VERSION 'latest' is not a release like 1.36.3");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void findsCachedBinariesAtOnce() throws Exception {
        String platform = ControlPlaneBinaries.platform();
        Path cached = Files.createDirectories(dir.resolve("k8s/1.2.3-" + platform));
        for (String name : new String[] {"etcd", "kube-apiserver", "kubectl"}) {
            Path file = Files.writeString(cached.resolve(name), "#!/bin/sh\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Result r = run(Map.of("KUBE_VERSION", "1.2.3", "INFORMER_BENCH_CACHE", dir.toString()));
        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo(cached.toString());
    }
}
