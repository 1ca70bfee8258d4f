package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A contender's JDK through the command line: what it cannot run on is one line and exit 2, before
 * a results folder, a control plane or a build exists (its JDKs are the ones this machine has).
 */
class JdkContenderInputTest {
    @RegisterExtension
    final CapturedOutput output = new CapturedOutput();

    @TempDir
    Path dir;

    private String refused(String clients, String... jmh) {
        output.reset();
        List<String> args = new ArrayList<>(List.of("run", "--clients", clients, "--results",
                dir.resolve("results").toString(), "--"));
        args.addAll(List.of(jmh));
        assertThat(Main.run(args.toArray(String[]::new))).as(output.err()).isEqualTo(2);
        assertThat(dir.resolve("results")).as("nothing created").doesNotExist();
        List<String> lines = output.err().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as("one line").hasSize(1);
        return lines.get(0);
    }

    @Test
    void aJdkNeitherHereNorInstallableSaysWhichAreAndWhichCanBe() {
        assertThat(refused("client-java,client-java on jdk19")).startsWith(
                "error: --clients client-java on jdk19: no JDK 19 here (found: JDK " + Runtime.version().feature()
                        + " at " + Path.of(System.getProperty("java.home")).toAbsolutePath())
                .endsWith("); accepted: one of those, a JDK home by its path, or one jdk/install.sh installs: jdk21");
    }

    @Test
    void aFlagTheJdkDoesNotTakeIsRefusedBeforeAnythingStarts() {
        int running = Runtime.version().feature();
        assertThat(refused("client-java on jdk" + running + " -XX:+NoSuchFlagInAnyJdk")).isEqualTo(
                "error: --clients client-java on jdk" + running + " -XX:+NoSuchFlagInAnyJdk: JDK " + running + " at "
                        + Path.of(System.getProperty("java.home")).toAbsolutePath() + " does not start with -Xms2g"
                        + " -Xmx2g -XX:+NoSuchFlagInAnyJdk: Unrecognized VM option 'NoSuchFlagInAnyJdk'; accepted:"
                        + " flags that JDK takes");
    }

    @Test
    void theHeapAClientGoJdkAndNoForkAreRefused() {
        assertThat(refused("client-java on jdk25 -Xmx4g")).startsWith(
                "error: --clients 'client-java on jdk25 -Xmx4g': -Xmx4g sets the heap, which is the family's;"
                        + " accepted:");
        assertThat(refused("client-java,client-go on jdk25")).startsWith(
                "error: --clients 'client-go on jdk25': client-go takes no JDK (its program is Go's); accepted:");
        assertThat(refused("client-java on jdk17,client-java", "-f", "0")).isEqualTo("error: --clients names a JDK,"
                + " and -f 0 runs no fork to run on it; accepted: forks (-f 1 or more) on each contender's JDK,"
                + " without -jvm");
    }
}
