package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.cli.Main;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.AllClientsFile;
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
 * client, and their comparison. Needs the fabric8 and clientgo modules of the project. Three of
 * the ten families, where the clients differ in what they send and how they deliver (a WatchList
 * sync, a broken watch and a restart with 410 Gone, writes delivered to handlers), one row each
 * where a family has several and one iteration without warm-up: a unit costs its processes'
 * start-up more than its iterations, and CI has 15 minutes for everything (SmokeRunIT runs every
 * family, through client-java).
 */
class ClientsRunIT {
    private static final String[] FAMILIES = {"SyncAndMemoryBenchmark.sync", "RelistBenchmark.recover",
        "HandlerFanoutBenchmark.burst"};
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @Test
    void threeClientsOneClusterOneFileEachAndTheirComparison() throws Exception {
        Path home = Path.of(".").toAbsolutePath().normalize();
        Path results = Files.createDirectories(home.resolve("target/it-clients"));
        List<ClientSpec> clients = ClientSpec.parse("client-java,fabric8,client-go", ClientSpec.defaults(home));
        MultiVersionRunner.Outcome outcome = new MultiVersionRunner(new PrintStream(log, true)).run(
                new MultiVersionRunner.Request(clients, MultiVersionRunner.Comparing.CLIENTS, Profile.SMOKE,
                        new ClusterTarget.Local(LocalControlPlane.Options.defaults()),
                        List.of(String.join("|", FAMILIES), "-wi", "0", "-i", "1", "-p", "sync=WATCH_LIST",
                                "-p", "sharing=SHARED"), results, home, Main.class, 0, null));

        assertThat(outcome.allSucceeded()).as(log.toString()).isTrue();
        assertThat(log.toString()).doesNotContain("client-java only")
                .containsPattern("unit 1 of 9: [\\w.]+, client-java ");
        assertThat(outcome.folder().getFileName().toString()).endsWith("_clients");
        assertThat(outcome.resultFiles()).hasSize(3);
        assertThat(outcome.labels()).extracting(l -> l.split(" ")[0]).containsExactly("client-java", "fabric8",
                "client-go");
        String[] clientNames = {"client-java", "fabric8", "client-go"};
        String[] params = {"CLIENT_JAVA", "FABRIC8", "CLIENT_GO"};
        for (int i = 0; i < 3; i++) {
            int c = i;
            Path file = outcome.resultFiles().get(c);
            assertThat(file.getFileName().toString())
                    .matches("\\d{8}T\\d{6}Z_" + clientNames[c] + "-[0-9.]+_k8s-.*\\.json");
            RunMetadata meta = ResultFile.readMetadata(VersionJvms.sidecarOf(file));
            assertThat(meta.client).isEqualTo(clientNames[c]);
            assertThat(meta.status).isEqualTo(RunMetadata.Status.COMPLETE);
            List<JmhJson.Entry> entries = JmhJson.read(file);
            for (String family : FAMILIES) {
                assertThat(entries).as(file + " " + family).anyMatch(e -> e.benchmark().endsWith("." + family));
            }
            assertThat(entries).allMatch(e -> params[c].equals(e.params().get("client")));
            assertThat(sendInitialEvents(entries, "WATCH_LIST")).as(clientNames[c] + " WATCH_LIST").isEqualTo(1.0);
            // LISTs per broken watch, the same relay fault for every client: client-java relists,
            // fabric8 and client-go resume the watch from their resourceVersion.
            assertThat(entries).filteredOn(e -> e.benchmark().endsWith(".RelistBenchmark.recover"))
                    .filteredOn(e -> "CONNECTION_RESET".equals(e.params().get("fault")))
                    .isNotEmpty().allMatch(e -> c == 0 ? e.secondaryScore("recovery.lists") >= 1
                            : e.secondaryScore("recovery.lists") == 0);
            // After a restart with etcd compacted every client's resourceVersion is gone (410): the Java
            // clients LIST again without one (from etcd); client-go 0.36, whose informers sync by WatchList,
            // opens a new WatchList stream instead: no LIST, one to three WATCHes (its back-off decides).
            assertThat(entries).filteredOn(e -> e.benchmark().endsWith(".RelistBenchmark.recover"))
                    .filteredOn(e -> "APISERVER_RESTART".equals(e.params().get("fault")))
                    .as(clientNames[c] + " APISERVER_RESTART").isNotEmpty()
                    .allMatch(e -> c == 2 ? e.secondaryScore("recovery.lists") == 0
                            && e.secondaryScore("recovery.watches") >= 1
                            : e.secondaryScore("recovery.listsAfter410") >= 1);
            // Every handler got every event of every burst, each write one request (no read before it).
            assertThat(entries).filteredOn(e -> e.benchmark().endsWith(".HandlerFanoutBenchmark.burst"))
                    .isNotEmpty().allSatisfy(e -> {
                        double handlers = Double.parseDouble(e.params().get("handlers"));
                        double objects = Double.parseDouble(e.params().get("objects"));
                        assertThat(e.secondaryScore("delivery.receipts")).as(clientNames[c] + " receipts")
                                .isEqualTo(e.secondaryScore("ops.measured") * objects * handlers);
                        assertThat(e.perOperation(SuiteMetric.API_WRITE).score()).isEqualTo(objects);
                        assertThat(e.perOperation(SuiteMetric.API_GET).score()).isZero();
                    });
            // Every request this client's processes sent, held against the API server's own count.
            ServerAgreement.assertAgree(meta.requests, clientNames[c]);
            assertThat(meta.requests.client.get("get")).isPositive();
        }
        // one file for tools that read a file as a run: every client's rows, each with its client param
        List<JmhJson.Entry> all = JmhJson.read(outcome.folder().resolve(AllClientsFile.NAME));
        for (int c = 0; c < 3; c++) {
            String client = params[c];
            assertThat(all.stream().filter(e -> client.equals(e.params().get("client"))).map(e -> e.primary().score()))
                    .as(client).containsExactlyElementsOf(JmhJson.read(outcome.resultFiles().get(c)).stream()
                            .map(e -> e.primary().score()).toList());
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
