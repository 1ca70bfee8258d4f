package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.cli.Main;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.target.ClusterTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --clients client-java,fabric8,client-go --profile smoke} on a local control plane of its
 * own: three clients built (client-java's jar, fabric8's with fabric8/pom.xml, client-go's
 * program with clientgo/build.sh), their units interleaved on one cluster, one result file per
 * client, and their comparison. Needs the fabric8 and clientgo modules of the project.
 */
class ClientsRunIT {
    private static final String[] FAMILIES = {"ListerGetBenchmark.lister_t1", "IndexerListBenchmark.list",
        "IndexerListBenchmark.byNamespaceIndex", "IndexerListBenchmark.byAppIndex", "DirectGetBenchmark.throttled",
        "DirectGetBenchmark.unthrottled", "SyncAndMemoryBenchmark.sync", "RelistBenchmark.recover",
        "ResyncZeroBenchmark.window"};
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @Test
    void threeClientsOneClusterOneFileEachAndTheirComparison() throws Exception {
        Path home = Path.of(".").toAbsolutePath().normalize();
        Path results = Files.createDirectories(home.resolve("target/it-clients"));
        List<ClientSpec> clients = ClientSpec.parse("client-java,fabric8,client-go", ClientSpec.defaults(home));
        MultiVersionRunner.Outcome outcome = new MultiVersionRunner(new PrintStream(log, true)).run(
                new MultiVersionRunner.Request(clients, MultiVersionRunner.Comparing.CLIENTS, Profile.SMOKE,
                        new ClusterTarget.Local(LocalControlPlane.Options.defaults()), List.of(), results, home,
                        Main.class, 0));

        assertThat(outcome.allSucceeded()).as(log.toString()).isTrue();
        assertThat(log.toString()).contains("client-java only, not run for the other clients: ResyncFanout, ")
                .containsPattern("unit 1 of \\d+: ListerGet, client-java ");
        assertThat(outcome.folder().getFileName().toString()).endsWith("_clients");
        assertThat(outcome.resultFiles()).hasSize(3);
        assertThat(outcome.labels()).extracting(l -> l.split(" ")[0]).containsExactly("client-java", "fabric8",
                "client-go");
        String[] clientNames = {"client-java", "fabric8", "client-go"};
        String[] params = {"CLIENT_JAVA", "FABRIC8", "CLIENT_GO"};
        for (int i = 0; i < 3; i++) {
            int c = i;
            Path file = outcome.resultFiles().get(c);
            assertThat(file.getFileName().toString()).matches("\\d{8}T\\d{6}Z_" + clientNames[c] + "-[0-9.]+_k8s-.*\\.json");
            RunMetadata meta = ResultFile.readMetadata(VersionJvms.sidecarOf(file));
            assertThat(meta.client).isEqualTo(clientNames[c]);
            assertThat(meta.status).isEqualTo(RunMetadata.Status.COMPLETE);
            List<JmhJson.Entry> entries = JmhJson.read(file);
            for (String family : FAMILIES) {
                assertThat(entries).as(file + " " + family).anyMatch(e -> e.benchmark().endsWith("." + family));
            }
            assertThat(entries).allMatch(e -> params[c].equals(e.params().get("client")));
            assertThat(sendInitialEvents(entries, "WATCH_LIST")).as(clientNames[c] + " WATCH_LIST").isEqualTo(1.0);
            assertThat(sendInitialEvents(entries, "LIST_WATCH")).as(clientNames[c] + " LIST_WATCH").isEqualTo(0.0);
            // LISTs per broken watch, the same relay fault for every client: client-java relists,
            // fabric8 and client-go resume the watch from their resourceVersion.
            assertThat(entries).filteredOn(e -> e.benchmark().endsWith(".RelistBenchmark.recover"))
                    .isNotEmpty().allMatch(e -> c == 0 ? e.secondaryScore("recovery.lists") >= 1
                            : e.secondaryScore("recovery.lists") == 0);
            // Every request this client's processes sent, held against the API server's own count.
            ServerAgreement.assertAgree(meta.requests, clientNames[c]);
            assertThat(meta.requests.client.get("get")).isPositive();
        }
        assertThat(outcome.folder().resolve("comparison.txt")).isRegularFile();
        assertThat(outcome.folder().resolve("comparison.md")).isRegularFile();
        assertThat(outcome.folder().resolve("comparison.png")).isRegularFile();
        assertThat(outcome.comparison()).contains(outcome.labels().get(0), outcome.labels().get(1),
                outcome.labels().get(2)).doesNotContain("client=");
    }

    /** {@code request.sendInitialEvents} of the SyncAndMemory row with {@code sync}. */
    private static double sendInitialEvents(List<JmhJson.Entry> entries, String sync) {
        return entries.stream().filter(e -> e.benchmark().endsWith(".SyncAndMemoryBenchmark.sync"))
                .filter(e -> sync.equals(e.params().get("sync"))).findFirst().orElseThrow(
                        () -> new AssertionError("no SyncAndMemory row with sync=" + sync))
                .secondaryScore("request.sendInitialEvents");
    }
}
