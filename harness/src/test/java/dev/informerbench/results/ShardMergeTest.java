package dev.informerbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A sharded ServerCost run's parts out of the pods' logs, and joined as one machine would have written them. */
class ShardMergeTest {
    /** One ServerCost row of a shard: 2 forks of 2 windows; client.cores and server.apiserverCores given per window. */
    private static String row(int controllers, double[][] clientCores, double[][] serverCores) {
        return """
                {"benchmark": "dev.informerbench.bench.ServerCostBenchmark.window", "mode": "ss", "threads": 1,
                 "forks": 2, "params": {"approach": "LIST_WATCH", "client": "CLIENT_JAVA", "controllers": "%d"},
                 "primaryMetric": {"score": 4000.0, "scoreError": "NaN", "scoreConfidence": [4000.0, 4000.0],
                   "scoreUnit": "ms/op", "rawData": [[4000.0, 4000.0], [4000.0, 4000.0]]},
                 "secondaryMetrics": {
                   "client.cores": {"score": 0, "scoreError": "NaN", "scoreConfidence": [0, 0], "scoreUnit": "cores",
                     "rawData": %s},
                   "server.apiserverCores": {"score": 0, "scoreError": "NaN", "scoreConfidence": [0, 0],
                     "scoreUnit": "cores", "rawData": %s},
                   "window.seconds": {"score": 16.0, "scoreError": "NaN", "scoreConfidence": [16.0, 16.0],
                     "scoreUnit": "s", "rawData": [[4.0, 4.0], [4.0, 4.0]]}}}
                """.formatted(controllers, json(clientCores), json(serverCores));
    }

    private static String json(double[][] values) {
        JsonArray forks = new JsonArray();
        for (double[] fork : values) {
            JsonArray iterations = new JsonArray();
            for (double v : fork) {
                iterations.add(v);
            }
            forks.add(iterations);
        }
        return forks.toString();
    }

    private static String log(int index, int count, String row) {
        return "[run-bench] starting\n" + ShardLog.block(index, count, "[" + row + "]") + "done\n";
    }

    private static final String SHARD0 = row(334, new double[][] {{0.10, 0.20}, {0.30, 0.40}},
            new double[][] {{1.0, 1.2}, {1.4, 1.6}});
    private static final String SHARD1 = row(333, new double[][] {{0.01, 0.02}, {0.03, 0.04}},
            new double[][] {{3.0, 3.2}, {3.4, 3.6}});

    @Test
    void clientMeasuresAddUpServerMeasuresAreTheMeanAndControllersTheSum() {
        JsonArray merged = ShardMerge.merge(List.of(
                ShardLog.parts(log(1, 2, SHARD1), "b.log").get(0), ShardLog.parts(log(0, 2, SHARD0), "a.log").get(0)));
        assertThat(merged).hasSize(1);
        JsonObject row = merged.get(0).getAsJsonObject();
        assertThat(row.getAsJsonObject("params").get("controllers").getAsString()).isEqualTo("667");
        assertThat(row.get("forks").getAsInt()).isEqualTo(2);
        JsonObject secondary = row.getAsJsonObject("secondaryMetrics");
        JsonArray client = secondary.getAsJsonObject("client.cores").getAsJsonArray("rawData");
        assertThat(client.get(0).getAsJsonArray().get(0).getAsDouble()).isCloseTo(0.11, within(1e-12));
        assertThat(client.get(1).getAsJsonArray().get(1).getAsDouble()).isCloseTo(0.44, within(1e-12));
        // client.cores scores as a mean of its windows (the catalogue): (0.11 + 0.22 + 0.33 + 0.44) / 4.
        assertThat(secondary.getAsJsonObject("client.cores").get("score").getAsDouble())
                .isCloseTo(0.275, within(1e-12));
        JsonArray server = secondary.getAsJsonObject("server.apiserverCores").getAsJsonArray("rawData");
        assertThat(server.get(0).getAsJsonArray().get(0).getAsDouble()).isCloseTo(2.0, within(1e-12));
        assertThat(server.get(1).getAsJsonArray().get(1).getAsDouble()).isCloseTo(2.6, within(1e-12));
        assertThat(secondary.getAsJsonObject("window.seconds").get("score").getAsDouble())
                .isCloseTo(16.0, within(1e-9));
        assertThat(row.getAsJsonObject("primaryMetric").get("score").getAsDouble()).isCloseTo(4000.0, within(1e-9));
    }

    @Test
    void blocksAreFoundInOneLogWithKubectlsPrefixAndOtherPodsLinesInterleaved() {
        String a = "[pod/ib-0-abcde/informer-bench] ";
        String b = "[pod/ib-1-fghij/informer-bench] ";
        StringBuilder text = new StringBuilder();
        List<String> zero = ShardLog.block(0, 2, "[" + SHARD0 + "]").lines().toList();
        List<String> one = ShardLog.block(1, 2, "[" + SHARD1 + "]").lines().toList();
        for (int i = 0; i < Math.max(zero.size(), one.size()); i++) {
            if (i < zero.size()) {
                text.append(a).append(zero.get(i)).append('\n');
            }
            if (i < one.size()) {
                text.append(b).append(one.get(i)).append('\n');
            }
        }
        List<ShardLog.Part> parts = ShardLog.parts(text.toString(), "all.log");
        assertThat(parts).extracting(ShardLog.Part::index).containsExactly(0, 1);
        assertThat(ShardMerge.merge(parts).get(0).getAsJsonObject().getAsJsonObject("params").get("controllers")
                .getAsString()).isEqualTo("667");
    }

    @Test
    void aLogCutShortIsNamed() {
        String cut = log(0, 2, SHARD0).replaceAll("(?m)^=== informer-bench shard 0/2: JMH JSON ends ===\n", "");
        assertThatThrownBy(() -> ShardLog.parts(cut, "a.log"))
                .hasMessage("a.log: shard 0/2's result has no end line (a pod still running, or a log cut short?)");
    }

    @Test
    void everyShardOnceOfOneJob() {
        ShardLog.Part zero = ShardLog.parts(log(0, 2, SHARD0), "a.log").get(0);
        ShardLog.Part one = ShardLog.parts(log(1, 2, SHARD1), "b.log").get(0);
        assertThatThrownBy(() -> ShardMerge.merge(List.of(zero)))
                .hasMessageStartingWith("shards [1] of 2 have no result in the logs given");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(zero, one, zero)))
                .hasMessageStartingWith("shard 0/2 is in the logs twice");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(zero, new ShardLog.Part(0, 3, new JsonArray()))))
                .hasMessageStartingWith("the logs hold shards of 2 and of 3");
        assertThatThrownBy(() -> ShardMerge.merge(List.of()))
                .hasMessageStartingWith("no shard's result in the logs given");
    }

    @Test
    void shardsThatRanOtherIterationsAreRefused() {
        String shorter = row(333, new double[][] {{0.01}, {0.03}}, new double[][] {{3.0}, {3.4}});
        JsonArray rows = JsonParser.parseString("[" + shorter + "]").getAsJsonArray();
        ShardLog.Part zero = ShardLog.parts(log(0, 2, SHARD0), "a.log").get(0);
        assertThatThrownBy(() -> ShardMerge.merge(List.of(zero, new ShardLog.Part(1, 2, rows))))
                .hasMessageContaining("has other forks or iterations of");
    }

    @Test
    void whatAddsUpIsWhatEachShardsOwnProcessDid() {
        assertThat(ShardMerge.summed("client.cores")).isTrue();
        assertThat(ShardMerge.summed("api.get")).isTrue();
        assertThat(ShardMerge.summed("poll.getsPerSecond")).isTrue();
        assertThat(ShardMerge.summed("server.watchEventsSent")).isFalse();
        assertThat(ShardMerge.summed("probe.getP50Us")).isFalse();
        assertThat(ShardMerge.summed("window.seconds")).isFalse();
    }
}
