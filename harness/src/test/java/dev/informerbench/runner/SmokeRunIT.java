package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.summary.RunSummary;
import dev.informerbench.target.ClusterTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One {@code smoke} run of the whole suite on a local control plane, the way
 * {@code ./run-bench.sh --profile smoke} runs it, then the properties its JSON must show:
 * every family, the request counts, the limiter-bound rate and the resync rounds.
 */
class SmokeRunIT {
    static SuiteRunner.Outcome outcome;
    static List<JmhJson.Entry> entries;
    static Path results = Path.of("target/it-results");
    static String log;

    @BeforeAll
    static void runSmoke() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        outcome = new SuiteRunner(new PrintStream(out, true)).run(new SuiteRunner.Request(Profile.SMOKE,
                new ClusterTarget.Local(LocalControlPlane.Options.defaults()), JmhArgs.parse(List.of()), results,
                Path.of(".")));
        log = out.toString();
        entries = JmhJson.read(outcome.file().json());
    }

    private static List<JmhJson.Entry> family(String prefix) {
        return entries.stream().filter(e -> e.shortName().startsWith(prefix)).toList();
    }

    @Test
    void writesEveryFamilyAndItsSidecar() throws Exception {
        assertThat(outcome.metadata().status).isEqualTo(RunMetadata.Status.COMPLETE);
        assertThat(entries).extracting(JmhJson.Entry::shortName).contains("ListerGet.lister_t1", "ListerGet.lister_t2",
                "ListerGet.mapBuiltKey_t1", "ListerGet.mapPrecomputedKey_t1", "IndexerList.list",
                "IndexerList.byNamespaceIndex", "IndexerList.byAppIndex", "DirectGet.throttled",
                "DirectGet.unthrottled", "ResyncFanout.resyncCallback", "CustomIndex.update", "CustomIndex.lookup",
                "SyncAndMemory.sync", "Relist.recover", "HandlerFanout.burst", "ResyncZero.window",
                "ServerCost.window");
        RunMetadata meta = ResultFile.readMetadata(outcome.file().meta());
        assertThat(meta.profile).isEqualTo("smoke");
        assertThat(meta.serverVersion).startsWith("v1.");
        assertThat(meta.targetKind).isEqualTo("local");
        assertThat(meta.families).allSatisfy(f -> assertThat(f.status).isEqualTo(RunMetadata.Status.COMPLETE));
        assertThat(meta.latencyFiles).hasSize(2).allSatisfy(f -> assertThat(results.resolve(f)).isRegularFile());
        assertThat(outcome.summary()).contains("× a cache read");
    }

    /**
     * What every JVM of the run counted (the forks' totals files and the runner's own) is what
     * kube-apiserver's apiserver_request_total grew by for configmaps and namespaces, kind by kind.
     */
    @Test
    void theClientsRequestCountIsTheServersOwn() throws Exception {
        RunMetadata.Requests requests = ResultFile.readMetadata(outcome.file().meta()).requests;
        assertThat(requests.serverUnavailable).isNull();
        ServerAgreement.assertAgree(requests, "the smoke run");
        assertThat(requests.client.get("write")).isPositive();
        assertThat(requests.client.get("watch")).isPositive();
        assertThat(outcome.summary()).contains("API requests: clients and server ");
    }

    @Test
    void eachFamilySaysWhereTheRunIsAndWhatIsLeft() {
        int families = Profile.SMOKE.families().size();
        for (int i = 1; i <= families; i++) {
            assertThat(log).containsPattern("\\[run-bench\\] family " + i + " of " + families
                    + ": [\\w.]+, [0-9 minhs]+ elapsed, about [0-9 minhs]+ left");
        }
    }

    @Test
    void cacheReadsAndResyncMakeNoRequests() {
        for (JmhJson.Entry e : entries) {
            if (e.shortName().startsWith("ListerGet") || e.shortName().startsWith("IndexerList")
                    || e.shortName().startsWith("ResyncFanout") || e.shortName().startsWith("CustomIndex")
                    || e.shortName().startsWith("ResyncZero")) {
                for (String api : List.of("api.list", "api.watch", "api.get", "api.write", "api.other")) {
                    assertThat(e.secondaryScore(api)).as("%s %s %s", e.shortName(), e.paramString(), api).isZero();
                }
            }
        }
    }

    /** The families whose timed work stays in the fork carry bytes allocated per operation; the others not. */
    @Test
    void inProcessRowsCarryTheirAllocationPerOperation() {
        for (JmhJson.Entry e : entries) {
            boolean inProcess = e.shortName().startsWith("ListerGet") || e.shortName().startsWith("IndexerList")
                    || e.shortName().startsWith("CustomIndex");
            if (inProcess) {
                assertThat(e.secondaryScore("gc.alloc.rate.norm")).as("%s %s", e.shortName(), e.paramString())
                        .isGreaterThanOrEqualTo(0);
                assertThat(e.secondary().get("gc.alloc.rate.norm").unit()).isEqualTo("B/op");
            } else if (e.shortName().startsWith("DirectGet") || e.shortName().startsWith("SyncAndMemory")) {
                assertThat(e.secondary()).as(e.shortName()).doesNotContainKey("gc.alloc.rate.norm");
            }
        }
    }

    @Test
    void directGetsAreCountedOneForOne() {
        for (JmhJson.Entry e : family("DirectGet")) {
            assertThat(e.secondaryScore("api.get")).as(e.shortName()).isEqualTo(e.secondaryScore("ops.all"))
                    .isPositive();
        }
    }

    @Test
    void throttledGetsRunAtTheLimitersRate() {
        JmhJson.Entry throttled = family("DirectGet.throttled").get(0);
        double qps = Double.parseDouble(throttled.params().get("qps"));
        assertThat(throttled.primary().score()).isCloseTo(qps, within(qps * 0.05));
    }

    /**
     * The throttled GET the summary prices the cache against is what a GET waited: the p50 of
     * its .hgrm (with four callers on one bucket each waited 4/qps while the summary said 1/qps).
     */
    @Test
    void theSummarysThrottledGetIsTheLatencyTablesP50() throws Exception {
        JmhJson.Entry throttled = family("DirectGet.throttled").get(0);
        double summaryMicros = RunSummary.nanosPerOp(throttled).orElseThrow() / 1e3;
        assertThat(outcome.summary()).contains(RunSummary.duration(summaryMicros * 1e3));
        String hgrm = outcome.metadata().latencyFiles.stream().filter(f -> f.contains("DirectGet.throttled"))
                .findFirst().orElseThrow();
        double p50 = p50Micros(results.resolve(hgrm));
        assertThat(summaryMicros).as("summary vs .hgrm p50 (µs)").isCloseTo(p50, within(p50 * 0.05));
        double qps = Double.parseDouble(throttled.params().get("qps"));
        assertThat(p50).as("one throttled GET waits 1/qps").isCloseTo(1e6 / qps, within(1e6 / qps * 0.05));
    }

    /** The value at the first percentile row at or above 0.5 of an HdrHistogram percentile table. */
    static double p50Micros(Path hgrm) throws Exception {
        for (String line : Files.readAllLines(hgrm)) {
            String[] cols = line.trim().split("\\s+");
            if (cols.length == 4 && cols[0].matches("[0-9.]+") && cols[1].matches("[0-9.]+")
                    && Double.parseDouble(cols[1]) >= 0.5) {
                return Double.parseDouble(cols[0]);
            }
        }
        throw new AssertionError("no p50 row in " + hgrm);
    }

    @Test
    void anInformerSyncsWithOneListAndOneWatchAndItsHeapIsMeasured() {
        JmhJson.Entry sync = family("SyncAndMemory").get(0);
        int iterations = sync.primary().rawScores().size();
        assertThat(sync.secondaryScore("api.list")).isEqualTo(iterations);
        assertThat(sync.secondaryScore("api.watch")).isEqualTo(iterations);
        assertThat(sync.secondaryScore("cache.objects")).isEqualTo(Double.parseDouble(sync.params().get("objects")));
        assertThat(sync.secondaryScore("heap.bytesPerObject")).isPositive();
        // The client is built and measured outside the informer's heap delta (a small figure,
        // within GC noise of zero at times: present, not signed).
        assertThat(sync.secondaryScore("heap.clientBytes")).isNotNaN();
        assertThat(sync.secondaryScore("request.sendInitialEvents")).isBetween(0.0, 1.0);
    }

    @Test
    void everyResyncRoundReachesEveryHandler() {
        for (JmhJson.Entry e : family("ResyncFanout")) {
            int objects = Integer.parseInt(e.params().get("objects"));
            int handlers = Integer.parseInt(e.params().get("handlers"));
            assertThat(e.secondaryScore("resync.rounds")).as("rounds seen").isPositive();
            assertThat(e.secondaryScore("resync.minCallbacksPerRound")).isGreaterThanOrEqualTo(objects * handlers);
            assertThat(Files.exists(outcome.file().json())).isTrue();
        }
    }

    /**
     * The score is callbacks per second over whole rounds: objects × handlers per measured period.
     * (One permit per callback as it came scored 0.78–0.98 of it: an iteration ended one callback
     * into the round after its time.) What a round costs is measured beside it.
     */
    @Test
    void theResyncScoreIsCallbacksOfWholeRoundsPerMeasuredPeriod() {
        for (JmhJson.Entry e : family("ResyncFanout")) {
            int objects = Integer.parseInt(e.params().get("objects"));
            int handlers = Integer.parseInt(e.params().get("handlers"));
            double periodMs = e.secondaryScore("resync.periodMs");
            assertThat(periodMs).as("measured period, %s", e.paramString()).isBetween(900.0, 2100.0);
            double expected = objects * handlers * 1000.0 / periodMs;
            assertThat(e.primary().score()).as("callbacks/s, %s", e.paramString())
                    .isCloseTo(expected, within(expected * 0.02));
            assertThat(e.secondaryScore("resync.iterationsEndedInBurst")).isZero();
            assertThat(e.secondaryScore("resync.roundDeliveryMs")).isPositive().isLessThan(periodMs / 2);
            assertThat(e.secondaryScore("resync.cpuNsPerCallback")).isPositive();
        }
    }

    /** The fault tests of a broken watch: the informer recovers, and what it took is in the JSON. */
    @Test
    void aResetWatchIsRecoveredWithOneListAndOneWatch() {
        JmhJson.Entry reset = family("Relist").stream()
                .filter(e -> e.params().get("fault").equals("CONNECTION_RESET")).findFirst().orElseThrow();
        assertThat(reset.primary().score()).as("ms until the cache holds a write made after the reset").isPositive();
        // client-java relists after any broken watch: one LIST (from the watch cache), one WATCH.
        assertThat(reset.secondaryScore("recovery.lists")).isEqualTo(1.0);
        assertThat(reset.secondaryScore("recovery.watches")).isEqualTo(1.0);
        assertThat(reset.secondaryScore("recovery.listsAfter410")).isZero();
    }

    @Test
    void anApiServerRestartWithCompactionTakesThe410GonePath() {
        JmhJson.Entry restart = family("Relist").stream()
                .filter(e -> e.params().get("fault").equals("APISERVER_RESTART")).findFirst().orElseThrow();
        assertThat(restart.primary().score()).isPositive();
        assertThat(restart.secondaryScore("recovery.outageMs")).isPositive();
        // The old resourceVersion is gone: 410, then a LIST without resourceVersion, then a new WATCH.
        assertThat(restart.secondaryScore("recovery.listsAfter410")).isEqualTo(1.0);
        assertThat(restart.secondaryScore("recovery.watches")).isGreaterThanOrEqualTo(2.0);
    }

    @Test
    void everyHandlerGetsEveryEventOfABurst() {
        for (JmhJson.Entry e : family("HandlerFanout")) {
            int objects = Integer.parseInt(e.params().get("objects"));
            // One write per ConfigMap per burst; the benchmark only returns once all handlers saw them.
            assertThat(e.secondaryScore("api.write")).as(e.paramString())
                    .isEqualTo(objects * e.secondaryScore("ops.all"));
            int handlers = Integer.parseInt(e.params().get("handlers"));
            // One latency per event per handler: each handler's receipt of each write, from its ack.
            assertThat(e.secondaryScore("delivery.receipts")).as(e.paramString())
                    .isEqualTo((double) objects * handlers * e.secondaryScore("ops.all"));
            // From the ack: about half the receipts come before it (recorded as 0), so the median may be 0.
            assertThat(e.secondaryScore("delivery.p50Us")).as(e.paramString()).isGreaterThanOrEqualTo(0.0);
            assertThat(e.secondaryScore("delivery.p99Us")).as(e.paramString()).isPositive()
                    .isGreaterThanOrEqualTo(e.secondaryScore("delivery.p50Us"))
                    .isLessThan(e.primary().score() * 1000); // within the burst
            assertThat(e.secondaryScore("delivery.fromSendP50Us")).as(e.paramString()).isPositive()
                    .isGreaterThanOrEqualTo(e.secondaryScore("delivery.p50Us"));
            assertThat(e.secondaryScore("delivery.fromSendP99Us")).as(e.paramString())
                    .isGreaterThanOrEqualTo(e.secondaryScore("delivery.fromSendP50Us"));
            assertThat(e.secondaryScore("delivery.beforeAckPct")).isBetween(0.0, 100.0);
            assertThat(e.secondaryScore("handler.cpuNsPerEvent")).as(e.paramString()).isPositive();
        }
    }

    @Test
    void resyncPeriodZeroDeliversNoResyncAndTheControlDoes() {
        JmhJson.Entry zero = family("ResyncZero").stream()
                .filter(e -> e.params().get("resyncMillis").equals("0")).findFirst().orElseThrow();
        JmhJson.Entry control = family("ResyncZero").stream()
                .filter(e -> e.params().get("resyncMillis").equals("1000")).findFirst().orElseThrow();
        assertThat(zero.secondaryScore("window.seconds")).isPositive();
        assertThat(zero.secondaryScore("resync.callbacks")).isZero();
        assertThat(zero.secondaryScore("events.other")).isZero();
        assertThat(control.secondaryScore("resync.callbacks"))
                .isGreaterThanOrEqualTo(Double.parseDouble(control.params().get("objects")));
    }

    /**
     * Two informers on a namespace a writer changes: kube-apiserver sent each event it received to
     * both (client-java watches over HTTP streaming, whose events v1.36 counts), two ConfigMap
     * WATCHes are open beyond its own, and its CPU is measured on it.
     */
    @Test
    void serverCostSeesTheFanOutOfTwoInformersOnTheServer() {
        JmhJson.Entry e = family("ServerCost").get(0);
        double received = e.secondaryScore("server.watchEventsReceived");
        assertThat(received).as("events received").isGreaterThanOrEqualTo(20); // 10 writes a second, 3 s
        assertThat(e.secondaryScore("server.watchEventsSent") / received).as("sent per received")
                .isCloseTo(2.0, within(0.1));
        assertThat(e.secondaryScore("server.controllerWatches")).isEqualTo(2.0);
        assertThat(e.secondaryScore("server.apiserverCores")).isPositive();
        assertThat(e.secondaryScore("server.apiserverPeakMiB")).isGreaterThan(50);
        assertThat(e.secondaryScore("probe.getP50Us")).isPositive();
    }
}
