package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.results.ShardLog;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Namespace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Indexed Job's pods do, without the pods: {@code run --shard I/2} twice on one real
 * control plane (here by --kubeconfig; a pod passes --in-cluster), each a smoke-sized ServerCost
 * run of its share of 3 controllers that prints its JMH JSON between the marker lines, and
 * {@code merge-shards} joining the two logs into one row of 3 controllers. Each shard seeds and
 * deletes a namespace of its own.
 */
class ShardRunIT {
    @RegisterExtension
    final CapturedOutput output = new CapturedOutput();

    @Test
    void twoShardsRunTheirSharesAndMergeIntoOneRowOfAllControllers(@TempDir Path dir) throws Exception {
        // A lock of this test's own: a run elsewhere on the machine neither blocks it nor is blocked.
        System.setProperty("informerbench.runLock", dir.resolve("run.lock").toString());
        try (LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
            List<Path> logs = new ArrayList<>();
            for (int shard = 0; shard < 2; shard++) {
                output.reset();
                int exit = Main.run("run", "--profile", "smoke", "--kubeconfig", cp.kubeconfig().toString(),
                        "--results", dir.resolve("results-" + shard).toString(), "--shard", shard + "/2", "--",
                        "ServerCost", "-p", "controllers=3", "-p", "objects=20");
                assertThat(exit).as(output.err()).isEqualTo(0);
                Path log = dir.resolve("shard-" + shard + ".log");
                Files.writeString(log, output.err() + output.out());
                logs.add(log);
                List<ShardLog.Part> parts = ShardLog.parts(Files.readString(log), log.toString());
                assertThat(parts).singleElement().satisfies(p -> {
                    assertThat(p.index()).isEqualTo(parts.get(0).index());
                    assertThat(p.count()).isEqualTo(2);
                });
                JsonObject row = parts.get(0).rows().get(0).getAsJsonObject();
                assertThat(row.getAsJsonObject("params").get("controllers").getAsString())
                        .isEqualTo(shard == 0 ? "2" : "1");
            }
            CoreV1Api api = new CoreV1Api(new ClusterTarget.Kubeconfig(cp.kubeconfig(), null).connect().newClient());
            // Each shard had its own namespace (its run id ends in -s<I>), deleted as it ended: the local
            // control plane has no namespace controller to finish the deletion, so they stay Terminating.
            List<V1Namespace> namespaces = api.listNamespace()
                    .labelSelector(FixtureNames.MANAGED_BY_LABEL + "=" + FixtureNames.MANAGED_BY).execute().getItems();
            assertThat(namespaces).extracting(n -> n.getMetadata().getName().replaceAll("^ib-r\\d{8}-\\d{6}", ""))
                    .containsExactlyInAnyOrder("-s0-20", "-s1-20");
            assertThat(namespaces).allSatisfy(n -> assertThat(n.getMetadata().getDeletionTimestamp())
                    .as("%s deleted", n.getMetadata().getName()).isNotNull());

            output.reset();
            Path merged = dir.resolve("merged.json");
            assertThat(Main.run("merge-shards", "-o", merged.toString(), logs.get(1).toString(),
                    logs.get(0).toString())).as(output.err()).isEqualTo(0);
            JsonArray rows = JsonParser.parseString(Files.readString(merged)).getAsJsonArray();
            assertThat(rows).hasSize(1);
            JsonObject row = rows.get(0).getAsJsonObject();
            assertThat(row.getAsJsonObject("params").get("controllers").getAsString()).isEqualTo("3");
            double clientCores = row.getAsJsonObject("secondaryMetrics").getAsJsonObject("client.cores")
                    .get("score").getAsDouble();
            double sum = 0;
            for (Path log : logs) {
                sum += ShardLog.parts(Files.readString(log), log.toString()).get(0).rows().get(0).getAsJsonObject()
                        .getAsJsonObject("secondaryMetrics").getAsJsonObject("client.cores").get("score").getAsDouble();
            }
            assertThat(clientCores).as("client.cores: the shards' processes added up").isCloseTo(sum, within(1e-9));
        } finally {
            System.clearProperty("informerbench.runLock");
        }
    }
}
