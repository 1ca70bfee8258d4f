package dev.informerbench.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The jar just built ({@code mvn -pl fabric8 -am verify}): the fabric8 client with the suite's
 * client-agnostic harness, and nothing of client-java.
 */
class Fabric8JarIT {
    private static final Path JAR = Path.of(System.getProperty("informerbench.jar", "target/fabric8/benchmarks.jar"));

    @Test
    void holdsFabric8AndTheAdapterAndNoClientJava() throws Exception {
        assertThat(JAR).exists();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            List<String> names = jar.stream().map(ZipEntry::getName).toList();
            assertThat(names).noneMatch(n -> n.startsWith("io/kubernetes/") || n.startsWith("okhttp3/")
                    || n.startsWith("dev/informerbench/clientjava/")
                    || n.startsWith("dev/informerbench/controlplane/"));
            assertThat(names).contains("io/fabric8/kubernetes/client/KubernetesClient.class",
                    "dev/informerbench/fabric8/Fabric8Adapter.class",
                    "dev/informerbench/bench/ListerGetBenchmark.class", "META-INF/BenchmarkList");
            assertThat(new String(jar.getInputStream(
                    jar.getEntry("META-INF/services/dev.informerbench.client.ClientAdapter")).readAllBytes()).strip())
                    .isEqualTo(Fabric8Adapter.class.getName());
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo("org.openjdk.jmh.Main");
            assertThat(jar.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
        }
    }

    @Test
    void theTestClassPathHasNoClientJavaEither() {
        assertThat(System.getProperty("java.class.path").split(File.pathSeparator))
                .noneMatch(entry -> entry.contains("io/kubernetes")
                        || Files.isRegularFile(Path.of(entry, "io", "kubernetes")));
    }
}
