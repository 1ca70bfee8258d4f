package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.local.FileTrees;
import dev.informerbench.support.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An interleaved run ({@code --client-versions 27.0.0,27.0.0}) on its own local control plane,
 * stopped by SIGTERM while its second unit measures: the unit it stopped is recorded as
 * interrupted, not failed (it had no result to keep yet, but its own sidecar says why); the
 * finished unit is kept; and the run does not try to delete namespaces in a control plane that
 * stops with it (which printed a "could not delete" line, the server being gone already).
 */
class InterleavedRunInterruptedIT {

    @Test
    void sigtermInTheSecondUnitMarksItInterruptedAndKeepsTheFirst() throws Exception {
        LaunchedRun runs = LaunchedRun.in("it-interleaved-interrupted");
        FileTrees.delete(runs.dir());
        Path log = Files.createDirectories(runs.dir()).resolve("run.log");
        Process run = runs.startOnItsOwnControlPlane(log, List.of("--client-versions", "27.0.0,27.0.0"),
                "ListerGetBenchmark.lister_t1$", "-p", "objects=100", "-wi", "0", "-i", "20", "-r", "1s", "-f", "2");
        List<ProcessHandle> started = new ArrayList<>(List.of(run.toHandle()));
        try {
            Await.until(Duration.ofSeconds(300), Duration.ofMillis(200),
                    () -> "the second unit measuring; the run's output ends:\n" + FileTrees.tail(log, 30),
                    () -> {
                        assertThat(run.isAlive()).as("the run ended early:%n%s", LaunchedRun.read(log)).isTrue();
                        String output = LaunchedRun.read(log);
                        int second = output.indexOf("unit 2 of 4");
                        return second >= 0 && output.indexOf("Iteration   1:", second) >= 0;
                    });
            started.addAll(run.descendants().toList());

            run.destroy(); // SIGTERM, as Ctrl-C or a CI job's timeout
            assertThat(run.waitFor(120, TimeUnit.SECONDS)).as(LaunchedRun.read(log)).isTrue();
            String output = LaunchedRun.read(log);
            assertThat(output).as(output).doesNotContain("could not delete this run's namespaces");

            Path interleave = interleaveFile(runs);
            JsonArray units = JsonParser.parseString(Files.readString(interleave)).getAsJsonObject()
                    .getAsJsonArray("runs");
            assertThat(units).as(output).hasSize(2);
            JsonObject first = units.get(0).getAsJsonObject();
            JsonObject second = units.get(1).getAsJsonObject();
            assertThat(first.get("status").getAsString()).isEqualTo("complete");
            assertThat(interleave.resolveSibling(first.get("resultFile").getAsString())).isRegularFile();
            assertThat(second.get("status").getAsString()).as(output).isEqualTo("interrupted");
            assertThat(second.get("exitCode").getAsInt()).as("ended by the SIGTERM passed on").isEqualTo(128 + 15);
            assertThat(second.has("resultFile")).as("stopped before any result: its sidecar said why").isFalse();
        } finally {
            started.forEach(ProcessHandle::destroyForcibly); // only when an assertion failed midway
        }
    }

    private static Path interleaveFile(LaunchedRun runs) throws Exception {
        try (Stream<Path> files = Files.walk(runs.results())) {
            return files.filter(f -> f.getFileName().toString().equals(Interleave.FILE)).findFirst().orElseThrow();
        }
    }
}
