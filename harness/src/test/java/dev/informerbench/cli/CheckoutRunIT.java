package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.runner.SmallCheckout;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client-java checkout as a contender, made in the test from the release ({@link SmallCheckout}):
 * the suite builds it into a Maven repository of its own and runs it beside the release it was
 * checked out from, in separate files, columns and sidecars, with the diff that makes it dirty
 * beside its result, and the user's local repository untouched; a checkout that does not build is
 * one line and exit 2 before any folder, control plane or namespace exists.
 */
class CheckoutRunIT {
    @RegisterExtension
    final CapturedOutput output = new CapturedOutput();

    @Test
    void aCheckoutOfTheReleasesTagRunsBesideTheReleaseInFilesOfItsOwn(@TempDir Path dir) throws Exception {
        System.setProperty("informerbench.runLock", dir.resolve("run.lock").toString());
        Path checkout = SmallCheckout.make(dir.resolve("java"));
        SmallCheckout.touch(checkout);
        Path releaseJar = Path.of(System.getProperty("maven.repo.local", System.getProperty("user.home")
                + "/.m2/repository"), "io/kubernetes/client-java", SmallCheckout.RELEASE, "client-java-"
                + SmallCheckout.RELEASE + ".jar");
        String before = sha256(releaseJar);
        String release = SmallCheckout.RELEASE;

        int exit = Main.run("run", "--profile", "smoke", "--clients", "client-java@" + release + ",client-java@"
                + release + ",client-java@" + checkout, "--results", dir.resolve("results").toString(), "--",
                "ListerGet.lister_t1", "-wi", "0", "-i", "1", "-r", "1s");

        assertThat(exit).as(output.err()).isZero();
        assertThat(sha256(releaseJar)).as("the release in the local repository").isEqualTo(before);
        Path folder;
        try (Stream<Path> runs = Files.list(dir.resolve("results"))) {
            folder = runs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        List<Path> files;
        try (Stream<Path> all = Files.list(folder)) {
            files = all.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith(".meta.json")
                    && f.getFileName().toString().contains("_client-java-")).sorted().toList();
        }
        assertThat(files).hasSize(3);
        List<RunMetadata> metas = new ArrayList<>();
        for (Path f : files) {
            metas.add(ResultFile.readMetadata(f.resolveSibling(f.getFileName().toString().replace(".json",
                    ".meta.json"))));
        }
        RunMetadata built = metas.stream().filter(m -> m.clientVersion.contains("+")).findFirst().orElseThrow();
        assertThat(built.clientVersion).matches(release.replace(".", "\\.") + "\\+[0-9a-f]{12}\\.dirty");
        assertThat(built.clientBuild).startsWith("checkout " + checkout + " at ").contains(", dirty");
        assertThat(built.reportedVersion).as("its forks report the version it declares").isNull();
        assertThat(metas).filteredOn(m -> !m.clientVersion.contains("+")).hasSize(2)
                .allMatch(m -> ("release " + release).equals(m.clientBuild));
        Path diff = folder.resolve(built.resultFile.replace(".json", ".diff"));
        assertThat(Files.readString(diff)).contains("+<!-- changed -->");
        String builtLabel = "client-java " + built.clientVersion;
        assertThat(Files.readString(folder.resolve("comparison.txt"))).contains("client-java " + release + " #2")
                .contains(builtLabel);
        // what reads the files later keeps the builds apart by their sidecars' labels
        List<String> names = files.stream().map(Path::toString).toList();
        output.reset();
        assertThat(Main.run(Stream.concat(Stream.of("compare", "--history"), names.stream())
                .toArray(String[]::new))).as(output.err()).isZero();
        assertThat(output.out()).contains(builtLabel).contains("client-java " + release + " #2");
        Path csv = Files.createDirectories(dir.resolve("export"));
        assertThat(Main.run(Stream.concat(Stream.of("export", "--format", "csv", "--output", csv.toString()),
                names.stream()).toArray(String[]::new))).as(output.err()).isZero();
        try (Stream<Path> written = Files.list(csv)) {
            assertThat(Files.readString(written.findFirst().orElseThrow())).contains("client-java-"
                    + built.clientVersion + ",").contains("client-java-" + release + "#2,");
        }
    }

    @Test
    void aCheckoutThatDoesNotBuildIsOneLineAndNothingStarts(@TempDir Path dir) throws Exception {
        System.setProperty("informerbench.runLock", dir.resolve("run.lock").toString());
        Path checkout = SmallCheckout.make(dir.resolve("java"));
        Path broken = checkout.resolve("util/src/main/java/Broken.java");
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "class Broken {");

        int exit = Main.run("run", "--profile", "smoke", "--clients", "client-java,client-java@" + checkout,
                "--results", dir.resolve("results").toString(), "--", "ListerGet.lister_t1");

        assertThat(exit).as(output.err()).isEqualTo(2);
        List<String> errors = output.err().lines().filter(l -> l.startsWith("error:")).toList();
        assertThat(errors).singleElement().asString().startsWith("error: --clients client-java@" + checkout
                + ": the checkout does not build (mvn install exit 1: ").contains("Broken.java")
                .contains("accepted: a checkout that `mvn install -pl util -am` builds");
        assertThat(dir.resolve("results")).doesNotExist();
        // its build's folder keeps the log the line names, and nothing it copied or installed
        Path log = Path.of(errors.get(0).replaceFirst(".*; its log: (\\S+); accepted.*", "$1"));
        assertThat(Files.readString(log)).contains("Broken.java");
        assertThat(log.resolveSibling("repository")).doesNotExist();
    }

    private static String sha256(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        }
    }
}
