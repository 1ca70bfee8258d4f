package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.fixtures.Remedy;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.results.JmhJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * client-go's CacheMemory on a local control plane of its own: the program (clientgo/build.sh)
 * seeds 30 Pods in their shapes (each with a kubelet-written status), then syncs an informer on
 * them once per remedy, one iteration without warm-up. What only client-go's side of the family
 * does is checked here in seconds, where ClientsRunIT runs every client side by side: its seeding,
 * its four informers (the program itself fails an iteration whose cache holds another count, or an
 * object not as the remedy leaves it), and the metrics each row publishes.
 */
class ClientGoCacheMemoryIT {
    private static final int OBJECTS = 30;

    @Test
    void everyRemedyCachesWhatItImpliesAndPublishesTheFamilysMetrics() throws Exception {
        Path home = Path.of(".").toAbsolutePath().normalize();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path program = ClientBuilds.build(ClientSpec.parse("client-go", ClientSpec.defaults(home)).get(0), home,
                new PrintStream(log, true));
        assertThat(program).as("client-go's program: %s", log).isNotNull();
        Path folder = Files.createDirectories(home.resolve("target/it-clientgo-cachememory"));
        Path results = folder.resolve("cachememory.json");
        Path output = folder.resolve("output.txt");
        Files.deleteIfExists(results);
        String remedies = Arrays.stream(Remedy.values()).map(Remedy::name).collect(Collectors.joining(","));
        try (LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
            Process run = new ProcessBuilder(program.toString(), "CacheMemoryBenchmark.sync", "-p", "kind=POD",
                    "-p", "objects=" + OBJECTS, "-p", "remedy=" + remedies, "-f", "1", "-wi", "0", "-i", "1",
                    "-rf", "json", "-rff", results.toString(), "-Dinformerbench.kubeconfig=" + cp.kubeconfig(),
                    "-Dinformerbench.runId=it-cachememory").redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            assertThat(run.waitFor(5, TimeUnit.MINUTES)).as("the program within 5 minutes").isTrue();
            assertThat(run.exitValue()).as(Files.readString(output)).isZero();
        }
        assertThat(Files.readString(output)).contains("# seeded ib-it-cachememory-pods-" + OBJECTS + ": created "
                + OBJECTS + " pods");
        Map<String, JmhJson.Entry> rows = JmhJson.read(results).stream()
                .collect(Collectors.toMap(e -> e.params().get("remedy"), Function.identity()));
        assertThat(rows).containsOnlyKeys(remedies.split(","));
        for (Remedy remedy : Remedy.values()) {
            JmhJson.Entry row = rows.get(remedy.name());
            assertThat(row.params()).containsEntry("client", "CLIENT_GO").containsEntry("kind", "POD");
            assertThat(row.secondaryScore("cache.objects")).as(remedy.name()).isEqualTo(remedy.cached(OBJECTS));
            for (String metric : List.of("heap.retainedMiB", "heap.bytesPerObject", "process.rssMiB")) {
                assertThat(row.secondaryScore(metric)).as(remedy + " " + metric).isPositive();
            }
            // Pod 0 as the server sends it: its spec, its status and two managers' managedFields.
            assertThat(row.secondaryScore("object.jsonBytes")).as(remedy.name()).isGreaterThan(6000);
            // One WATCH per sync: client-go 0.36 syncs by WatchList (no LIST), or LISTs first.
            assertThat(row.secondaryScore("api.watch")).as(remedy.name()).isEqualTo(1);
            assertThat(row.secondaryScore("api.list")).as(remedy.name()).isLessThanOrEqualTo(1);
        }
        // Metadata alone and a tenth of the Pods cost well under the whole Pods (about a half and a fifth
        // here at 30 Pods, where the informer's own heap is a part of every figure).
        double full = rows.get("FULL").secondaryScore("heap.retainedMiB");
        assertThat(rows.get("METADATA_ONLY").secondaryScore("heap.retainedMiB")).isLessThan(full * 0.75);
        assertThat(rows.get("SELECTOR_TENTH").secondaryScore("heap.retainedMiB")).isLessThan(full * 0.5);
    }
}
