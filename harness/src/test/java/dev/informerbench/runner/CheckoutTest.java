package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ClientType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder as a contender: read before anything starts, refused in one line when it is not that
 * client's, its version the declared one with the commit as build metadata, dirty when a tracked
 * file differs from the commit.
 */
class CheckoutTest {
    @TempDir
    Path dir;

    @Test
    void aMissingFolderIsOneLineNamingWhatIsAccepted() {
        Path missing = dir.resolve("java");
        assertThatThrownBy(() -> ClientSpec.parse("client-java," + "client-java@" + missing, t -> "27.0.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--clients client-java@" + missing + ": no folder " + missing + "; accepted: "
                        + "client-java@VERSION (a release, or a -SNAPSHOT in the local Maven repository) or "
                        + "client-java@FOLDER, a client-java checkout");
    }

    @Test
    void aFolderOfAnotherClientOrProjectIsRefused() throws Exception {
        Path checkout = SmallCheckout.make(dir.resolve("java"));
        assertThatThrownBy(() -> Checkout.of(ClientType.FABRIC8, checkout.toString()))
                .hasMessageStartingWith("--clients fabric8@" + checkout + ": " + checkout + " is not a fabric8"
                        + " checkout (no kubernetes-client/pom.xml of artifact kubernetes-client beside a pom.xml);");
        assertThatThrownBy(() -> Checkout.of(ClientType.CLIENT_GO, checkout.toString()))
                .hasMessageContaining("is not a client-go module (no go.mod of module k8s.io/client-go)");
        Files.writeString(Files.createDirectories(dir.resolve("other")).resolve("pom.xml"),
                "<project><artifactId>client-java</artifactId><version>1</version></project>");
        assertThatThrownBy(() -> Checkout.of(ClientType.CLIENT_JAVA, dir.resolve("other").toString()))
                .hasMessageContaining("is not a client-java checkout (no util/pom.xml of artifact client-java");
    }

    /** A checkout of the release's tag: never the release's label or file; dirty once a tracked file changes. */
    @Test
    void aCheckoutIsItsVersionAtItsCommitAndSaysWhenItIsDirty() throws Exception {
        Path folder = SmallCheckout.make(dir.resolve("java"));
        Checkout clean = Checkout.of(ClientType.CLIENT_JAVA, folder.toString());
        assertThat(clean.declaredVersion()).isEqualTo(SmallCheckout.RELEASE);
        assertThat(clean.commit()).matches("[0-9a-f]{40}");
        assertThat(clean.version()).isEqualTo(SmallCheckout.RELEASE + "+" + clean.commit().substring(0, 12));
        assertThat(clean.describe()).isEqualTo("checkout " + folder + " at " + clean.commit() + ", clean");
        assertThat(clean.diff()).isEmpty();

        Files.writeString(folder.resolve("untracked.txt"), "not part of the build's sources");
        assertThat(Checkout.of(ClientType.CLIENT_JAVA, folder.toString()).dirty()).isFalse();
        SmallCheckout.touch(folder);
        Checkout dirty = Checkout.of(ClientType.CLIENT_JAVA, folder.toString());
        assertThat(dirty.version()).isEqualTo(clean.version() + ".dirty");
        assertThat(dirty.diff()).contains("+<!-- changed -->").contains("util/pom.xml");
        assertThat(dirty.describe()).startsWith("checkout " + folder + " at " + clean.commit() + ", dirty")
                .contains("diff sha256 " + Checkout.sha256(dirty.diff()));

        List<ClientSpec> specs = ClientSpec.parse("client-java@" + SmallCheckout.RELEASE + ",client-java@"
                + folder + ",client-java@" + folder, t -> "unused");
        assertThat(ClientSpec.labels(specs)).containsExactly("client-java " + SmallCheckout.RELEASE,
                "client-java " + dirty.version(), "client-java " + dirty.version() + " #2");
        assertThat(specs.get(1).checkout().folder()).isEqualTo(folder);
        assertThat(specs.get(0).checkout()).isNull();
    }

    @Test
    void aClientGoModuleFolderIsLocalAtItsCommit() throws Exception {
        Path module = Files.createDirectories(dir.resolve("client-go"));
        Files.writeString(module.resolve("go.mod"), "module k8s.io/client-go\n\ngo 1.24\n");
        Checkout notGit = Checkout.of(ClientType.CLIENT_GO, module.toString());
        assertThat(notGit.version()).isEqualTo("local+nogit");
        assertThat(notGit.describe()).contains("not a git checkout");
        SmallCheckout.git(module, "init", "-q");
        SmallCheckout.git(module, "add", "-A");
        SmallCheckout.git(module, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-q", "-m", "m");
        assertThat(Checkout.of(ClientType.CLIENT_GO, module.toString()).version()).matches("local\\+[0-9a-f]{12}");
        Files.writeString(module.resolve("go.mod"), "module example.com/other\n");
        assertThatThrownBy(() -> Checkout.of(ClientType.CLIENT_GO, module.toString()))
                .hasMessageContaining("is not a client-go module");
    }

    @Test
    void onlyAValueWithASlashOrStartingWithDotOrTildeIsAFolder() {
        assertThat(List.of("../java", "/src/java", "~/java", "./java", ".")).allMatch(Checkout::isPath);
        assertThat(List.of("27.0.0", "27.0.1-SNAPSHOT", "7.6-SNAPSHOT")).noneMatch(Checkout::isPath);
    }
}
