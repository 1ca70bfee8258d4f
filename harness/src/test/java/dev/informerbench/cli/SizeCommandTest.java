package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.Golden;
import dev.informerbench.sizing.MemoryData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code size}: whole outputs pinned in golden/size/ (rewrite with -Dgolden.update=true), on the
 * synthetic CacheMemory results under src/test/resources; bad input and data that lacks what was
 * asked one line, exit 2.
 */
class SizeCommandTest {
    private static final String RUNS = Path.of("harness", "src", "test", "resources", "dev", "informerbench",
            "sizing", "runs").toString();
    private static final String NONLINEAR = RUNS.replaceFirst("runs$", "nonlinear");

    @RegisterExtension
    final CapturedOutput console = new CapturedOutput();

    @Test
    void aSizingOfTwoKinds() {
        assertThat(Main.run("size", "--client", "client-java@27.0.0", "--jdk", "17", "--pods", "8209", "--secrets",
                "2000", "--from", RUNS)).isEqualTo(0);
        assertThat(console.err()).isEmpty();
        Golden.assertMatches("size/client-java.txt", console.out());
    }

    @Test
    void aSizingOfClientGoAndARemedy() {
        assertThat(Main.run("size", "--client", "client-go", "--configmaps", "50000", "--from", RUNS)).isEqualTo(0);
        Golden.assertMatches("size/client-go.txt", console.out());
        console.reset();
        assertThat(Main.run("size", "--client", "client-java", "--jdk", "17", "--remedy", "metadata-only",
                "--pods", "100000", "--from", RUNS)).isEqualTo(0);
        assertThat(console.out()).startsWith("client-java 27.0.0 on JDK 17, remedy metadata-only:");
    }

    @Test
    void aJvmWithItsOptions() {
        assertThat(Main.run("size", "--client", "client-java", "--jdk", "25",
                "--jvm-flag=-XX:+UseCompactObjectHeaders", "--pods", "1000", "--from", RUNS)).isEqualTo(0);
        assertThat(console.out()).startsWith("client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders, remedy full:");
    }

    @Test
    void theCheckOfEveryLine() {
        assertThat(Main.run("size", "--check", "--from", RUNS)).isEqualTo(0);
        Golden.assertMatches("size/check.txt", console.out());
    }

    @Test
    void aCheckThatMissesExitsOne() {
        assertThat(Main.run("size", "--check", "--from", NONLINEAR)).isEqualTo(1);
        Golden.assertMatches("size/check-nonlinear.txt", console.out());
    }

    /** Without --from, the project's committed CacheMemory runs: here a project that has none. */
    @Test
    void withoutDataTheDefaultFolderIsNamed(@TempDir Path project) {
        String home = System.getProperty("informerbench.home");
        System.setProperty("informerbench.home", project.toString());
        try {
            assertThat(Main.run("size", "--client", "client-java", "--pods", "5")).isEqualTo(2);
        } finally {
            if (home == null) {
                System.clearProperty("informerbench.home");
            } else {
                System.setProperty("informerbench.home", home);
            }
        }
        assertThat(console.err().strip()).isEqualTo("error: no CacheMemory results in " + project.resolve(
                MemoryData.DEFAULT_FROM) + " (the default --from; none committed yet); accepted: --from with the"
                + " folder or JMH JSON files of CacheMemory runs");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--client client-java --jdk 17 --pods -5 | --pods -5: a count of objects is 0 or more",
        "--client client-java --jdk 17 --pods many | Invalid value for option '--pods': 'many' is not a long"
                + " (see: run-bench.sh size --help)",
        "--client client-java --jdk 17 --deployments 5 | Unknown options: '--deployments', '5' (see: run-bench.sh"
                + " size --help)",
        "--client client-java --jdk 17 --pods 5 --remedy none | --remedy 'none' is not a remedy; accepted: full,"
                + " no-managed-fields, metadata-only, selector-tenth",
        "--client client-java --jdk 19 --pods 5 | no CacheMemory data for client-java 27.0.0 on JDK 19 in RUNS; it"
                + " holds client-java 27.0.0 on JDK 17, client-java 27.0.0 on JDK 21, client-java 27.0.0 on JDK 25"
                + " -XX:+UseCompactObjectHeaders",
        "--client client-java --jdk seventeen --pods 5 | --jdk 'seventeen' is not a JDK feature version like 21",
        "--client client-java --jdk 17 --jvm-flag UseCompactObjectHeaders --pods 5 | --jvm-flag"
                + " 'UseCompactObjectHeaders' is not a -XX: option; accepted: e.g."
                + " --jvm-flag=-XX:+UseCompactObjectHeaders",
        "--client okhttp --pods 5 | --client: unknown client 'okhttp'; accepted: client-java, fabric8 or client-go,"
                + " optionally at a version (client-java@27.0.0)",
        "--client client-java@26.0.0 --pods 5 | no CacheMemory data for client-java 26.0.0 in RUNS; it holds"
                + " client-java 27.0.0",
        "--client fabric8 --pods 0 | size needs a count above 0: --pods, --secrets or --configmaps",
        "--pods 5 | size needs --client, e.g. --client client-java@27.0.0",
        "--check --pods 5 | --check checks the data's lines and sizes nothing; accepted: --check with --client,"
                + " --jdk, --jvm-flag, --remedy and --from, without counts",
        "--client client-java --jdk 21 --secrets 5 --pods 5 --remedy selector-tenth | no CacheMemory data for"
                + " client-java 27.0.0 on JDK 21 with remedy selector-tenth in RUNS; it holds full",
    })
    void badInputOrMissingDataIsOneLineAndExitTwo(String args, String message) {
        String[] words = (args.strip() + " --from " + RUNS).split(" ");
        String[] all = new String[words.length + 1];
        all[0] = "size";
        System.arraycopy(words, 0, all, 1, words.length);
        assertThat(Main.run(all)).isEqualTo(2);
        assertThat(console.err().strip()).isEqualTo("error: " + message.strip().replace("RUNS", RUNS));
        assertThat(console.out()).isEmpty();
    }
}
