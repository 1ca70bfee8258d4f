package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ClientType;
import dev.informerbench.local.Jdks;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A contender's JVM in {@code --clients}: {@code  on jdkN [FLAGS...]} after a JVM client, its label,
 * the names of its files, and one line naming what is accepted for what it does not take.
 */
class ForkJvmTest {
    private static final Function<ClientType, String> DEFAULTS = t -> switch (t) {
        case CLIENT_JAVA -> "27.0.0";
        case FABRIC8 -> "8.0.0";
        case CLIENT_GO -> "0.36.3";
    };

    private static List<ClientSpec> parse(String list) {
        return ClientSpec.parse(list, DEFAULTS);
    }

    @Test
    void aClientOnAJdkWithFlagsIsLabelledByTheJdksFeatureVersionAndItsFlags() {
        List<ClientSpec> specs = parse("client-java@27.0.0 on jdk17,client-java@27.0.0 on jdk25"
                + " -XX:+UseCompactObjectHeaders,client-java@27.0.0 on jdk17");
        assertThat(ClientSpec.labels(specs)).containsExactly("client-java 27.0.0 on JDK 17",
                "client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders", "client-java 27.0.0 on JDK 17 #2");
        ForkJvm jvm = specs.get(1).jvm();
        assertThat(jvm.jdk()).isEqualTo("jdk25");
        assertThat(jvm.feature()).isEqualTo(25);
        assertThat(jvm.flags()).containsExactly("-XX:+UseCompactObjectHeaders");
        assertThat(jvm.found()).as("found when resolved, before anything starts").isNull();
        assertThat(specs.get(0)).as("the same listing twice: an A/A pair").isEqualTo(specs.get(2));
        assertThat(parse("fabric8 on jdk25  -XX:+UseG1GC   -XX:+UseStringDeduplication").get(0).label())
                .isEqualTo("fabric8 8.0.0 on JDK 25 -XX:+UseG1GC -XX:+UseStringDeduplication");
        assertThat(parse("client-java on jdk21").get(0).label()).isEqualTo("client-java 27.0.0 on JDK 21");
    }

    @Test
    void withoutOnAClientRunsOnTheHarnesssJvmAsBefore() {
        ClientSpec plain = parse("client-java@27.0.0").get(0);
        assertThat(plain.jvm()).isNull();
        assertThat(plain).isEqualTo(new ClientSpec(ClientType.CLIENT_JAVA, "27.0.0"));
        assertThat(plain.fileVersion()).isEqualTo("27.0.0");
        assertThat(new Contender(plain, plain.label(), 2, null, 0).fileName()).isEqualTo("client-java-27.0.0-2");
        assertThat(parse("client-java,client-java on jdk17")).as("two contenders, labelled apart")
                .extracting(ClientSpec::label).containsExactly("client-java 27.0.0", "client-java 27.0.0 on JDK 17");
    }

    @Test
    void twoListingsThatDifferOnlyInTheirJvmKeepFilesApartAndShareOneBuild() {
        List<ClientSpec> specs = parse("client-java on jdk25 -XX:+UseCompactObjectHeaders,"
                + "client-java on jdk25 -XX:-UseCompactObjectHeaders,client-java on jdk25,client-java on jdk17");
        List<String> stems = specs.stream().map(s -> ResultFile.stem(Instant.EPOCH, s.type().id(), s.fileVersion(),
                "v1.36.3")).toList();
        assertThat(stems).containsExactly(
                "19700101T000000Z_client-java-27.0.0-on-jdk25-XX-+UseCompactObjectHeaders_k8s-1.36.3",
                "19700101T000000Z_client-java-27.0.0-on-jdk25-XX--UseCompactObjectHeaders_k8s-1.36.3",
                "19700101T000000Z_client-java-27.0.0-on-jdk25_k8s-1.36.3",
                "19700101T000000Z_client-java-27.0.0-on-jdk17_k8s-1.36.3");
        assertThat(specs.stream().map(s -> new Contender(s, s.label(), 1, null, 0).fileName()).distinct())
                .hasSize(4).contains("client-java-27.0.0-on-jdk25-XX-+UseCompactObjectHeaders");
        assertThat(new Contender(specs.get(3), "x", 2, null, 0).fileName()).isEqualTo("client-java-27.0.0-on-jdk17-2");
        assertThat(specs.stream().map(ClientSpec::built).distinct()).as("built once")
                .containsExactly(new ClientSpec(ClientType.CLIENT_JAVA, "27.0.0"));
    }

    @Test
    void aJdkHomeByItsPathIsReadFromItsReleaseFile(@TempDir Path dir) throws IOException {
        Path home = fakeHome(dir.resolve("jdk-25"), "25.0.1");
        ClientSpec spec = parse("fabric8 on " + home + " -Xss512k").get(0);
        assertThat(spec.jvm().feature()).isEqualTo(25);
        assertThat(spec.label()).isEqualTo("fabric8 8.0.0 on JDK 25 at " + home + " -Xss512k");
        assertThat(spec.jvm().fileTag()).matches("on-jdk25-[0-9a-f]{8}-Xss512k");
        assertThatThrownBy(() -> parse("fabric8 on " + dir)).hasMessage("--clients 'fabric8 on " + dir + "': " + dir
                + " is not a JDK home (no release file with JAVA_VERSION, or no bin/java); " + ForkJvm.ACCEPTED);
    }

    @Test
    void theForksOfAClientJavaContenderAreToldTheirJavaAndFlagsInTheirOwnProcess() {
        assertThat(ForkJvm.childProperties(null)).isEmpty();
        assertThat(ForkJvm.jmhOption(null)).isEmpty();
        assertThat(ForkJvm.flags(null)).isEmpty();
        assertThat(ForkJvm.sidecar(null)).isNull();
        assertThat(ForkJvm.javaOfThisRun()).as("this JVM was told nothing").isEmpty();
        assertThat(ForkJvm.flagsOfThisRun()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "client-go on jdk25 | --clients 'client-go on jdk25': client-go takes no JDK (its program is Go's)",
        "client-java on | --clients 'client-java on': names no JDK after 'on'",
        "client-java on java25 | --clients 'client-java on java25': 'java25' is no JDK: jdkN, or a JDK home's "
                + "absolute path",
        "client-java on jdk11 | --clients 'client-java on jdk11': JDK 11 is older than 17, which the benchmark jar "
                + "is compiled for",
        "client-java on jdk25 UseCompactObjectHeaders | --clients 'client-java on jdk25 UseCompactObjectHeaders': "
                + "'UseCompactObjectHeaders' is not a JVM flag",
        "client-java on jdk25 -Xmx4g | --clients 'client-java on jdk25 -Xmx4g': -Xmx4g sets the heap, which is the "
                + "family's",
        "fabric8 on jdk25 -Xms1g | --clients 'fabric8 on jdk25 -Xms1g': -Xms1g sets the heap, which is the family's",
        "client-java on jdk25 -XX:MaxHeapSize=1g | --clients 'client-java on jdk25 -XX:MaxHeapSize=1g': "
                + "-XX:MaxHeapSize=1g sets the heap, which is the family's",
        "client-java on jdk25 -jar | --clients 'client-java on jdk25 -jar': -jar is not a -XX:, -X or -D flag",
        "client-java on jdk25 --add-opens | --clients 'client-java on jdk25 --add-opens': --add-opens is not a -XX:,"
                + " -X or -D flag",
        "client-java on jdk25 -Dinformerbench.plant=5 | --clients 'client-java on jdk25 -Dinformerbench.plant=5': "
                + "-Dinformerbench.plant=5 is a property the suite sets itself",
    })
    void badInputIsOneLineNamingWhatIsAccepted(String list, String message) {
        assertThatThrownBy(() -> parse(list)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message + "; " + ForkJvm.ACCEPTED)
                .satisfies(e -> assertThat(e.getMessage().lines()).hasSize(1));
    }

    @Test
    void theAcceptedLineNamesTheHeapFromWhereItIsSet() {
        assertThat(ForkJvm.ACCEPTED).contains("on jdkN").contains("-XX:+UseCompactObjectHeaders")
                .contains(String.join(" ", FamilyRun.FORK_HEAP)).doesNotContain("\n");
        assertThat(ClientSpec.ACCEPTED).contains("client-java on jdk25");
    }

    @Test
    void listedThreeTimesIsStillRefused() {
        assertThatThrownBy(() -> parse("client-java on jdk17,client-java on jdk17,client-java@27.0.0 on jdk17"))
                .hasMessage("--clients lists client-java 27.0.0 on JDK 17 three times; " + ClientSpec.ACCEPTED);
    }

    @Test
    void aJdkFoundHereIsStartedOnceWithTheHeapAndFlagsAndRecordedForTheSidecar(@TempDir Path dir)
            throws IOException {
        Path temurin = fakeHome(dir.resolve("system/temurin-25-jdk-amd64"), "25.0.3");
        Jdks.Roots roots = new Jdks.Roots(fakeHome(dir.resolve("running"), "17.0.15"), dir.resolve("cache/jdk"),
                dir.resolve("system"));
        ClientSpec spec = parse("client-java on jdk25 -XX:+UseCompactObjectHeaders").get(0);
        ForkJvm jvm = spec.jvm().resolve("client-java on jdk25", dir, roots,
                new PrintStream(OutputStream.nullOutputStream()));
        assertThat(jvm.found()).isEqualTo(new Jdks.Jdk(temurin, "25.0.3", "Test Vendor"));
        assertThat(Files.readString(temurin.resolve("args"))).as("what it was started with")
                .isEqualTo(String.join(" ", FamilyRun.FORK_HEAP) + " -XX:+UseCompactObjectHeaders"
                        + " -XshowSettings:properties -version\n");
        RunMetadata.ForkJdk sidecar = ForkJvm.sidecar(jvm);
        assertThat(List.of(sidecar.asked, sidecar.feature, sidecar.home, sidecar.javaVersion, sidecar.javaVendor,
                sidecar.flags)).containsExactly("jdk25", 25, temurin.toString(), "25.0.3", "Test Vendor",
                List.of("-XX:+UseCompactObjectHeaders"));
        assertThat(ForkJvm.childProperties(jvm)).containsExactly("-D" + ForkJvm.JAVA_PROPERTY + "=" + temurin
                + "/bin/java", "-D" + ForkJvm.FLAGS_PROPERTY + "=-XX:+UseCompactObjectHeaders");
        assertThat(ForkJvm.jmhOption(jvm)).containsExactly("-jvm", temurin + "/bin/java");
    }

    @Test
    void aMissingJdkTheScriptKnowsIsInstalledWithALineSayingSo(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("project/jdk"));
        Files.writeString(dir.resolve("project/jdk/install.sh"), """
                if [ "$1" = --list ]; then echo 21; exit 0; fi
                home="$INFORMER_BENCH_CACHE/jdk/$1"
                mkdir -p "$home/bin"
                printf 'JAVA_VERSION="21.0.8"\\n' > "$home/release"
                printf '#!/bin/sh\\necho "    java.version = 21.0.8" >&2\\n' > "$home/bin/java"
                chmod +x "$home/bin/java"
                echo "$home"
                """);
        Jdks.Roots roots = new Jdks.Roots(dir.resolve("none"), dir.resolve("cache/jdk"), dir.resolve("none"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ForkJvm jvm = parse("fabric8 on jdk21").get(0).jvm().resolve("fabric8 on jdk21", dir.resolve("project"),
                roots, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(jvm.found().home()).isEqualTo(dir.resolve("cache/jdk/21"));
        assertThat(log.toString(StandardCharsets.UTF_8)).isEqualTo("[run-bench] JDK 21 is not on this machine:"
                + " installing it into " + dir.resolve("cache/jdk/21") + " (jdk/install.sh 21)\n[run-bench] JDK 21"
                + " installed: " + dir.resolve("cache/jdk/21") + "\n");
        assertThatThrownBy(() -> parse("fabric8 on jdk19").get(0).jvm().resolve("fabric8 on jdk19",
                dir.resolve("project"), roots, new PrintStream(log))).hasMessage("--clients fabric8 on jdk19: no JDK"
                + " 19 here (found: JDK 21 at " + dir.resolve("cache/jdk/21") + "); accepted: one of those, a JDK home"
                + " by its path, or one jdk/install.sh installs: jdk21");
    }

    @Test
    void aJdkThatDoesNotStartWithTheFlagsOrSaysAnotherVersionIsRefused(@TempDir Path dir) throws IOException {
        Path home = fakeHome(dir.resolve("jdk-25"), "25.0.3");
        ForkJvm bad = parse("client-java on " + home + " -XX:+Bad").get(0).jvm();
        assertThatThrownBy(() -> bad.resolve("x", dir, Jdks.Roots.here(), System.err)).hasMessage("--clients x: JDK"
                + " 25 at " + home + " does not start with " + String.join(" ", FamilyRun.FORK_HEAP) + " -XX:+Bad:"
                + " Unrecognized VM option 'Bad'; accepted: flags that JDK takes");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"24.0.1\"\n");
        ForkJvm lying = new ForkJvm(home.toString(), 24, List.of(), null);
        assertThatThrownBy(() -> lying.resolve("x", dir, Jdks.Roots.here(), System.err)).hasMessage("--clients x: "
                + home + " says java.version 25.0.3, not 24; accepted: a JDK 24 home");
    }

    /**
     * A JDK home as its release file and bin/java make one; its java a script that records its
     * arguments, refuses -XX:+Bad and says the version and a vendor as -XshowSettings:properties does.
     */
    static Path fakeHome(Path home, String javaVersion) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + javaVersion + "\"\n");
        Path java = Files.writeString(home.resolve("bin/java"), """
                #!/bin/sh
                echo "$@" > "$(dirname "$0")/../args"
                for a in "$@"; do
                  if [ "$a" = -XX:+Bad ]; then echo "Unrecognized VM option 'Bad'" >&2; exit 1; fi
                done
                echo "    java.vendor = Test Vendor" >&2
                echo "    java.version = %s" >&2
                """.formatted(javaVersion));
        java.toFile().setExecutable(true);
        return home;
    }
}
