package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ClientType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A -SNAPSHOT a maintainer installed: found where Maven looks, refused in one line when it is not there. */
class LocalBuildsTest {
    @TempDir
    Path repository;

    @Test
    void aSnapshotIsThereWhenItsJarAndPomAre() throws Exception {
        assertThat(LocalBuilds.problem(repository, ClientType.CLIENT_JAVA, "27.0.1-SNAPSHOT"))
                .isEqualTo("client-java 27.0.1-SNAPSHOT is not in the local Maven repository (no " + repository
                        + "/io/kubernetes/client-java/27.0.1-SNAPSHOT/client-java-27.0.1-SNAPSHOT.jar); install it"
                        + " first (mvn install in your client-java checkout)");
        Path jar = LocalBuilds.jar(repository, ClientType.FABRIC8, "7.6-SNAPSHOT");
        assertThat(repository.relativize(jar).toString())
                .isEqualTo("io/fabric8/kubernetes-client/7.6-SNAPSHOT/kubernetes-client-7.6-SNAPSHOT.jar");
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "jar");
        assertThat(LocalBuilds.problem(repository, ClientType.FABRIC8, "7.6-SNAPSHOT")).contains("is not in");
        Files.writeString(jar.resolveSibling("kubernetes-client-7.6-SNAPSHOT.pom"), "<project/>");
        assertThat(LocalBuilds.problem(repository, ClientType.FABRIC8, "7.6-SNAPSHOT")).isNull();
    }

    /** Before anything is built: the option, the client, what is missing and what is accepted, one line. */
    @Test
    void aMissingSnapshotIsRefusedBeforeAnythingStarts() {
        String absent = "0.0.1-SNAPSHOT";
        assertThat(Files.exists(LocalBuilds.jar(LocalBuilds.repository(), ClientType.CLIENT_JAVA, absent))).isFalse();
        assertThatThrownBy(() -> ClientVersions.requireInstalled(List.of("27.0.0", absent)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--client-versions client-java@0.0.1-SNAPSHOT: client-java 0.0.1-SNAPSHOT is"
                        + " not in the local Maven repository (no ")
                .hasMessageEndingWith("; accepted: a release, or a -SNAPSHOT installed there")
                .satisfies(e -> assertThat(e.getMessage().lines()).hasSize(1));
    }

    @Test
    void aReleaseIsDescribedAsOneClientGosAsItsModulePin() {
        assertThat(LocalBuilds.describe(ClientType.CLIENT_JAVA, "27.0.0")).contains("release 27.0.0");
        assertThat(LocalBuilds.describe(ClientType.CLIENT_GO, "0.36.3"))
                .contains("release 0.36.3 (k8s.io/client-go as clientgo/go.mod pins it)");
    }
}
