package dev.informerbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhMergeTest {
    private static JsonArray parse(String json) {
        return JsonParser.parseString(json).getAsJsonArray();
    }

    /** One fork of an average-time benchmark with a summed and an averaged secondary metric. */
    private static String fork(String params, double[] raw, double[] requests, double[] lists) {
        return """
                [{"jmhVersion":"1.37","benchmark":"b.ListerGetBenchmark.lister_t1","mode":"avgt","threads":1,"forks":1,
                  "measurementIterations":%d,"params":%s,
                  "primaryMetric":{"score":%s,"scoreError":"NaN","scoreConfidence":["NaN","NaN"],
                    "scorePercentiles":{"0.0":0,"100.0":0},"scoreUnit":"us/op","rawData":[%s]},
                  "secondaryMetrics":{
                    "api.get":{"score":%s,"scoreError":"NaN","scoreConfidence":[0,0],"scoreUnit":"requests",\
                "rawData":[%s]},
                    "recovery.lists":{"score":%s,"scoreError":"NaN","scoreConfidence":[0,0],"scoreUnit":"requests",\
                "rawData":[%s]}}}]
                """.formatted(raw.length, params, mean(raw), list(raw), sum(requests), list(requests), mean(lists),
                list(lists));
    }

    private static double mean(double[] v) {
        return sum(v) / v.length;
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double d : v) {
            s += d;
        }
        return s;
    }

    private static String list(double[] v) {
        StringBuilder b = new StringBuilder("[");
        for (double d : v) {
            b.append(b.length() > 1 ? "," : "").append(d);
        }
        return b.append(']').toString();
    }

    @Test
    void roundsOfOneForkBecomeOneEntryWithAllForks() {
        String p100 = "{\"objects\":\"100\"}";
        String p1000 = "{\"objects\":\"1000\"}";
        JsonArray round1 = parse(fork(p100, new double[] {1, 2, 3}, new double[] {2, 2, 2}, new double[] {1, 1, 1}));
        round1.addAll(parse(fork(p1000, new double[] {10, 10, 10}, new double[] {1, 1, 1}, new double[] {0, 0, 0})));
        JsonArray round2 = parse(fork(p100, new double[] {5, 6, 7}, new double[] {3, 3, 3}, new double[] {2, 2, 2}));
        round2.addAll(parse(fork(p1000, new double[] {20, 20, 20}, new double[] {1, 1, 1}, new double[] {0, 0, 0})));

        JsonArray merged = JmhMerge.merge(List.of(round1, round2));

        assertThat(merged).hasSize(2);
        JsonObject e = merged.get(0).getAsJsonObject();
        assertThat(e.getAsJsonObject("params").get("objects").getAsString()).isEqualTo("100");
        assertThat(e.get("forks").getAsInt()).isEqualTo(2);
        assertThat(e.get("measurementIterations").getAsInt()).isEqualTo(3);
        JsonObject primary = e.getAsJsonObject("primaryMetric");
        assertThat(primary.get("rawData").toString()).isEqualTo("[[1.0,2.0,3.0],[5.0,6.0,7.0]]");
        assertThat(primary.get("score").getAsDouble()).isEqualTo(4.0);
        // JMH: t(0.9995, 5) = 6.8688 × s (2.3664) / √6
        double s = Math.sqrt((9 + 4 + 1 + 1 + 4 + 9) / 5.0);
        assertThat(primary.get("scoreError").getAsDouble()).isCloseTo(6.868827 * s / Math.sqrt(6), within(1e-4));
        assertThat(primary.getAsJsonArray("scoreConfidence").get(0).getAsDouble())
                .isCloseTo(4.0 - primary.get("scoreError").getAsDouble(), within(1e-12));
        assertThat(primary.getAsJsonObject("scorePercentiles").get("0.0").getAsDouble()).isEqualTo(1.0);
        assertThat(primary.getAsJsonObject("scorePercentiles").get("50.0").getAsDouble()).isEqualTo(4.0);
        assertThat(primary.getAsJsonObject("scorePercentiles").get("100.0").getAsDouble()).isEqualTo(7.0);

        JsonObject requests = e.getAsJsonObject("secondaryMetrics").getAsJsonObject("api.get");
        assertThat(requests.get("rawData").toString()).isEqualTo("[[2.0,2.0,2.0],[3.0,3.0,3.0]]");
        assertThat(requests.get("score").getAsDouble()).as("summed, as its parts were").isEqualTo(15.0);
        assertThat(requests.get("scoreError").getAsString()).isEqualTo("NaN");
        JsonObject lists = e.getAsJsonObject("secondaryMetrics").getAsJsonObject("recovery.lists");
        assertThat(lists.get("score").getAsDouble()).as("averaged, as its parts were").isEqualTo(1.5);

        JsonObject e2 = merged.get(1).getAsJsonObject();
        assertThat(e2.get("forks").getAsInt()).isEqualTo(2);
        assertThat(e2.getAsJsonObject("primaryMetric").get("score").getAsDouble()).isEqualTo(15.0);
        assertThat(e2.getAsJsonObject("primaryMetric").get("rawData").getAsJsonArray()).hasSize(2);
    }

    @Test
    void anEntryOnlyOneRoundHasKeepsItsOneFork() {
        JsonArray round1 = parse(fork("{\"objects\":\"100\"}", new double[] {1, 2, 3}, new double[] {1, 1, 1},
                new double[] {1, 1, 1}));
        JsonArray round2 = parse(fork("{\"objects\":\"1000\"}", new double[] {4, 5, 6}, new double[] {1, 1, 1},
                new double[] {1, 1, 1}));
        JsonArray merged = JmhMerge.merge(List.of(round1, round2, new JsonArray()));
        assertThat(merged).hasSize(2);
        assertThat(merged.get(0).getAsJsonObject().get("forks").getAsInt()).isEqualTo(1);
        assertThat(merged.get(1).getAsJsonObject().getAsJsonObject("primaryMetric").get("score").getAsDouble())
                .isEqualTo(5.0);
    }

    /**
     * A real JMH file (a one-fork quick run of 2026-11-30, pinned under src/test/resources/runs/),
     * each entry's one fork cut into two "rounds" (first half of the iterations, second half):
     * merged back, every score, error, confidence interval and percentile must be the one JMH
     * computed over those same iterations.
     */
    @Test
    void reproducesJmhsOwnNumbersOnARealFile() throws Exception {
        Path real = Path.of("harness/src/test/resources/runs/20261130T123021Z_client-java-27.0.0_k8s-1.36.3.json");
        JsonArray original = parse(Files.readString(real));
        JsonArray first = new JsonArray();
        JsonArray second = new JsonArray();
        for (JsonElement element : original) {
            JsonObject o = element.getAsJsonObject();
            if (o.get("forks").getAsInt() != 1) {
                continue;
            }
            first.add(half(o, true));
            second.add(half(o, false));
        }
        assertThat(first.size()).isGreaterThan(5);
        JsonArray merged = JmhMerge.merge(List.of(first, second));
        assertThat(merged).hasSize(first.size());
        int metrics = 0;
        for (int i = 0; i < merged.size(); i++) {
            JsonObject m = merged.get(i).getAsJsonObject();
            JsonObject o = original.get(i).getAsJsonObject();
            assertThat(m.get("benchmark")).isEqualTo(o.get("benchmark"));
            assertThat(m.get("forks").getAsInt()).isEqualTo(2);
            metrics += sameNumbers(m.getAsJsonObject("primaryMetric"), o.getAsJsonObject("primaryMetric"),
                    o.get("benchmark").getAsString());
            for (Map.Entry<String, JsonElement> s : o.getAsJsonObject("secondaryMetrics").entrySet()) {
                metrics += sameNumbers(m.getAsJsonObject("secondaryMetrics").getAsJsonObject(s.getKey()),
                        s.getValue().getAsJsonObject(), o.get("benchmark").getAsString() + " " + s.getKey());
            }
        }
        assertThat(metrics).isGreaterThan(50);
    }

    /** The first or second half of a one-fork entry's iterations, as a one-fork entry of its own. */
    private static JsonObject half(JsonObject o, boolean firstHalf) {
        JsonObject copy = o.deepCopy();
        cut(copy.getAsJsonObject("primaryMetric"), firstHalf);
        copy.getAsJsonObject("secondaryMetrics").entrySet()
                .forEach(m -> cut(m.getValue().getAsJsonObject(), firstHalf));
        return copy;
    }

    /** Keeps half of the raw data; the score is left as the whole's (the merge recomputes it, policy from it). */
    private static void cut(JsonObject metric, boolean firstHalf) {
        JsonArray fork = metric.getAsJsonArray("rawData").get(0).getAsJsonArray();
        int mid = fork.size() / 2;
        JsonArray part = new JsonArray();
        for (int i = firstHalf ? 0 : mid; i < (firstHalf ? mid : fork.size()); i++) {
            part.add(fork.get(i));
        }
        JsonArray raw = new JsonArray();
        raw.add(part);
        metric.add("rawData", raw);
        // A part's score as JMH would give it for its half: scaled for sums, recomputed for means.
        double whole = JmhFields.number(metric.get("score"));
        double[] all = JmhMergeTest.values(fork);
        double[] mine = JmhMergeTest.values(part);
        if (all.length > 0 && Math.abs(whole - sum(all)) < 1e-9 * Math.max(1, Math.abs(whole))
                && Math.abs(whole - mean(all)) > 1e-9 * Math.max(1, Math.abs(whole))) {
            metric.addProperty("score", sum(mine));
        } else if (mine.length > 0) {
            double max = Arrays.stream(all).max().orElse(0);
            double min = Arrays.stream(all).min().orElse(0);
            boolean isMean = Math.abs(whole - mean(all)) <= 1e-9 * Math.max(1, Math.abs(whole));
            metric.addProperty("score", isMean ? mean(mine)
                    : whole == max ? Arrays.stream(mine).max().orElse(0)
                    : whole == min ? Arrays.stream(mine).min().orElse(0) : mean(mine));
        }
    }

    private static double[] values(JsonArray fork) {
        double[] v = new double[fork.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = JmhFields.number(fork.get(i));
        }
        return v;
    }

    private static int sameNumbers(JsonObject merged, JsonObject jmh, String what) {
        assertThat(merged.getAsJsonArray("rawData").size()).as(what).isEqualTo(2);
        close(merged.get("score"), jmh.get("score"), what + " score");
        close(merged.get("scoreError"), jmh.get("scoreError"), what + " scoreError");
        close(merged.getAsJsonArray("scoreConfidence").get(0), jmh.getAsJsonArray("scoreConfidence").get(0),
                what + " confidence low");
        close(merged.getAsJsonArray("scoreConfidence").get(1), jmh.getAsJsonArray("scoreConfidence").get(1),
                what + " confidence high");
        for (Map.Entry<String, JsonElement> p : jmh.getAsJsonObject("scorePercentiles").entrySet()) {
            close(merged.getAsJsonObject("scorePercentiles").get(p.getKey()), p.getValue(), what + " p" + p.getKey());
        }
        return 1;
    }

    private static void close(JsonElement actual, JsonElement expected, String what) {
        double a = JmhFields.number(actual);
        double e = JmhFields.number(expected);
        if (Double.isNaN(e)) {
            assertThat(a).as(what).isNaN();
        } else {
            assertThat(a).as(what).isCloseTo(e, within(1e-9 * Math.max(1, Math.abs(e))));
        }
    }
}
