package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's {@code -jvmArgsAppend} reaches the forks after the suite's own options, which it must
 * not replace: without the suite's the fork does not know the run's cluster (it started a control
 * plane of its own and seeded it again) and loses the profile's heap.
 */
class UserJvmArgsRunIT {
    @RegisterExtension
    final CapturedOutput output = new CapturedOutput();

    @Test
    void theUsersJvmArgsComeAfterTheSuitesInTheFork(@TempDir Path dir) throws Exception {
        System.setProperty("informerbench.runLock", dir.resolve("run.lock").toString());

        int exit = Main.run("run", "--profile", "smoke", "--results", dir.resolve("results").toString(), "--",
                "ListerGet.lister_t1", "-wi", "0", "-i", "1", "-r", "1s", "-jvmArgsAppend", "-Xmx3g -Dib.user=1");

        assertThat(exit).as(output.err()).isZero();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir.resolve("results"))) {
            all.filter(f -> f.toString().endsWith(".json") && f.getFileName().toString().contains("_client-java-")
                    && !f.toString().endsWith(".meta.json")).forEach(files::add);
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            for (JsonElement row : JsonParser.parseString(Files.readString(file)).getAsJsonArray()) {
                List<String> args = new ArrayList<>();
                row.getAsJsonObject().get("jvmArgs").getAsJsonArray().forEach(a -> args.add(a.getAsString()));
                assertThat(args).anyMatch(a -> a.startsWith("-Dinformerbench.kubeconfig="))
                        .contains("-Dib.user=1");
                assertThat(args.lastIndexOf("-Xmx3g")).as("the user's heap last: %s", args)
                        .isGreaterThan(args.indexOf("-Xmx2g"));
            }
        }
        assertThat(output.out() + output.err()).as("one control plane, the run's").containsOnlyOnce("ready at");
    }
}
