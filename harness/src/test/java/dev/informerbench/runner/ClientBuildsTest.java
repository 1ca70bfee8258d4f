package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.client.ClientType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Where each client's build comes from, said once in ClientBuilds and held to by run-bench.sh and the poms. */
class ClientBuildsTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();

    /** run-bench.sh rebuilds target/benchmarks.jar when a file of the same places is newer than it. */
    @Test
    void runBenchRebuildsTheJarFromTheSourcesClientBuildsWatches() throws IOException {
        Matcher find = Pattern.compile("find ((?:\"\\$here/[^\"]+\" )+)-newer").matcher(
                Files.readString(HOME.resolve("run-bench.sh")));
        assertThat(find.find()).as("run-bench.sh's find ... -newer of the jar").isTrue();
        List<String> watched = new ArrayList<>();
        Matcher path = Pattern.compile("\"\\$here/([^\"]+)\"").matcher(find.group(1));
        while (path.find()) {
            watched.add(path.group(1));
        }
        assertThat(watched).containsExactlyInAnyOrderElementsOf(ClientBuilds.CLIENT_JAVA_SOURCES);
        ClientBuilds.CLIENT_JAVA_SOURCES.forEach(p -> assertThat(HOME.resolve(p)).exists());
    }

    /** Each Java client's default version is the reactor pom's, where the modules take it from. */
    @Test
    void theDefaultFabric8IsThePomsAndItsModuleIsInTheReactor() throws IOException {
        String pom = Files.readString(HOME.resolve(ClientBuilds.PARENT_POM));
        assertThat(ClientBuilds.defaults(HOME).apply(ClientType.FABRIC8)).matches("\\d+\\.\\d+\\.\\d+")
                .isEqualTo(pom.replaceAll("(?s).*<fabric8\\.version>([^<]+)<.*", "$1"));
        assertThat(pom).contains("<module>fabric8</module>", "<module>harness</module>");
        assertThat(HOME.resolve(ClientBuilds.FABRIC8_POM)).exists();
    }
}
