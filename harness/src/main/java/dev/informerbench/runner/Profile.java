package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How much of the suite to run and how long. Each profile says what it is for and what a run of
 * it took here, measured ({@link Measured}): the one place a profile's duration is stated;
 * {@code ./run-bench.sh profiles} prints them (docs/profiles.md is that output, held to it by a test).
 */
public enum Profile {
    SMOKE("every family once, tiny iterations: CI's check that everything runs (numbers not for reading)",
            new Measured(2.8, "`time ./run-bench.sh --profile smoke` from a fresh clone of 2887552, 2026-12-04, the"
                    + " jar and the control plane built, nothing else running: 171 s"), List.of(
            // The four rows quick measures, without the 2-thread map baselines: a fork each costs CI time.
            smoke("ListerGet", "\\.ListerGetBenchmark\\.(lister_t1|lister_t2|mapBuiltKey_t1|mapPrecomputedKey_t1)$")
                    .build(),
            smoke("IndexerList", "\\.IndexerListBenchmark\\.").build(),
            smoke("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").warmup(1, 3).measurement(1, 10).build(),
            smoke("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$").build(),
            smoke("ResyncFanout", "\\.ResyncFanoutBenchmark\\.").warmup(1, 2).measurement(2, 3).build(),
            smoke("CustomIndex", "\\.CustomIndexBenchmark\\.").param("indexes", "0", "3").build(),
            // Single shot: the iteration counts matter, the times do not.
            smoke("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").build(),
            smoke("Relist", "\\.RelistBenchmark\\.").paramOffLocal("fault", "CONNECTION_RESET").build(),
            smoke("HandlerFanout", "\\.HandlerFanoutBenchmark\\.").param("handlers", "16").param("event", "UPDATE")
                    .build(),
            smoke("ResyncZero", "\\.ResyncZeroBenchmark\\.").param("windowMillis", "3000").warmup(0, 1)
                    .measurement(1, 1).build(),
            // Two informers and a writer: the fan-out (2 events sent per event received) shows.
            smoke("ServerCost", "\\.ServerCostBenchmark\\.").param("controllers", "2").param("approach", "LIST_WATCH")
                    .param("churnPerSecond", "10").param("windowMillis", "3000").warmup(0, 1).measurement(1, 1)
                    .build(),
            // Two informers of small objects through one restart: the storm's path, not its size.
            smoke("RestartStorm", "\\.RestartStormBenchmark\\.").param("controllers", "2")
                    .param("approach", "LIST_WATCH").param("objectKiB", "1").localOnly().warmup(0, 1).measurement(1, 1)
                    .build())),

    // The default: the article's questions for client-java, in a coffee break. What a read from the
    // cache costs against a GET (unthrottled, and behind client-go's default limiter), what list
    // reads copy, what resync replays, what a sync requests and holds, what a broken watch costs.
    // quick's settings for these rows (the same warm-ups, the same forks), at 1,000 objects only.
    ARTICLE("the default: the article's questions for client-java (a cache read against a GET, throttled and"
            + " not; list reads; resync; a sync's requests and memory; a relist) and what 100 informers spare"
            + " kube-apiserver against 100 pollers, 2-3 forks a row",
            new Measured(9.8, "`time ./run-bench.sh` on a fresh clone of 2887552, 2026-12-04, the control plane"
                    + " already built, Maven's cache warm, nothing else running: 586 s, of which 16 s building the jar;"
                    + " results/20261204T124437Z_client-java-27.0.0_k8s-1.36.3.json"), List.of(
            // forkSeconds: what a fork of a row took in this profile's first runs here (2026-12-04,
            // notebook/experiments/20261204T123103Z_article-calibration): the first progress line's
            // estimate (the arithmetic, 8 s a fork's setup, said 10 min 53 s for a run of 7 min 24 s).
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.(lister_t1|mapBuiltKey_t1|mapPrecomputedKey_t1)$")
                    .param("objects", "1000").forks(3).warmup(6, 1).measurement(3, 1).forkSeconds(10.8).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "1000")
                    .forks(3).warmup(5, 1).measurement(3, 1).forkSeconds(9.4).build(),
            Family.of("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").param("objects", "1000")
                    .forks(2).warmup(1, 3).measurement(2, 5).forkSeconds(15).build(),
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$").param("objects", "1000")
                    .forks(3).warmup(8, 2).measurement(3, 2).forkSeconds(23.7).build(),
            // A fork waits for whole resync rounds on top of its iterations.
            Family.of("ResyncFanout", "\\.ResyncFanoutBenchmark\\.").param("objects", "1000")
                    .forks(2).warmup(1, 3).measurement(3, 5).forkSeconds(29).build(),
            // Single shots: a fork's iterations are syncs of tens of ms and relists of about 1 s.
            Family.of("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").param("objects", "1000")
                    .forks(3).warmup(3, 1).measurement(3, 1).forkSeconds(4.5).build(),
            Family.of("Relist", "\\.RelistBenchmark\\.").param("fault", "CONNECTION_RESET").param("objects", "1000")
                    .forks(3).warmup(1, 1).measurement(3, 1).forkSeconds(6).build(),
            // 100 informers (LIST+WATCH) against 100 pollers of the same 100 objects, 10 writes a second:
            // quick's windows and forks, at its largest N.
            Family.of("ServerCost", "\\.ServerCostBenchmark\\.").param("controllers", "100")
                    .param("approach", "LIST_WATCH", "POLL").param("churnPerSecond", "10").param("windowMillis", "4000")
                    .forks(3).warmup(1, 1).measurement(2, 1).forkSeconds(20.7).build())),

    // Every family. Several forks per row, because only forks are independent samples: compare's
    // intervals rest on them. Object counts and variants are the ones the README's tables show;
    // full adds the rest. Warm-ups are long enough that the measured iterations hold one level
    // (the run summary flags a row whose iterations trend; with half these warm-ups a first run
    // flagged 7 of 30 rows).
    QUICK("every family, 2-3 forks a row: the profile of most runs docs/findings cite",
            new Measured(42.4, "client-java alone, the sum of its families' times: 10 families in"
                    + " results/20261202T010354Z_client-java-27.0.0_k8s-1.36.3.meta.json (23.6 min), ServerCost in"
                    + " results/20261203T163849Z_clients (15.1 min), RestartStorm in results/20261203T055751Z_clients"
                    + " (3.6 min)"), List.of(
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.(lister_t1|lister_t2|mapBuiltKey_t1|mapPrecomputedKey_t1)$")
                    .param("objects", "1000", "10000").forks(3).warmup(6, 1).measurement(3, 1).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "1000")
                    .forks(3).warmup(5, 1).measurement(3, 1).build(),
            // The limiter sets this score (1 caller, qps 5: 5 ops/s); the warm-up spends the burst.
            Family.of("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").param("objects", "1000")
                    .forks(2).warmup(1, 3).measurement(2, 5).build(),
            // The client's TLS and JSON paths take over 10 s of JIT before the round trip settles.
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$").param("objects", "1000")
                    .forks(3).warmup(8, 2).measurement(3, 2).build(),
            // The period sets the score; two forks show it does so in every JVM. Iterations hold 3-5 rounds.
            Family.of("ResyncFanout", "\\.ResyncFanoutBenchmark\\.").param("objects", "1000")
                    .forks(2).warmup(1, 3).measurement(3, 5).build(),
            // A lookup through an index settles only after about 5 s.
            Family.of("CustomIndex", "\\.CustomIndexBenchmark\\.").param("objects", "1000")
                    .forks(3).warmup(6, 1).measurement(3, 1).build(),
            // Two sizes: the bytes per object at 1,000 are checked against the 1k -> 10k slope.
            Family.of("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").param("objects", "1000", "10000")
                    .forks(3).warmup(3, 1).measurement(3, 1).build(),
            // One break per iteration. The API server restart (a private control plane per fork) is in full.
            Family.of("Relist", "\\.RelistBenchmark\\.").param("fault", "CONNECTION_RESET").param("objects", "1000")
                    .forks(3).warmup(1, 1).measurement(3, 1).build(),
            Family.of("HandlerFanout", "\\.HandlerFanoutBenchmark\\.").param("objects", "100")
                    .param("handlers", "1", "16").param("event", "UPDATE")
                    .forks(3).warmup(5, 2).measurement(3, 2).build(),
            // The answer is a count over the windows; the control (1000 ms) shows it could be seen.
            Family.of("ResyncZero", "\\.ResyncZeroBenchmark\\.").param("objects", "1000")
                    .param("windowMillis", "3000").forks(2).warmup(1, 1).measurement(2, 1).build(),
            // 18 rows a client: windows of 4 s; the first (warm-up) holds the JIT of N clients. Three
            // forks: with two, an A/A called quiet rows whose CPU is kube-apiserver's own background
            // (forks 18 minutes apart agreed by chance, runs differed by 20%).
            Family.of("ServerCost", "\\.ServerCostBenchmark\\.").param("windowMillis", "4000")
                    .forks(3).warmup(1, 1).measurement(2, 1).build(),
            // 4 rows a client, each fork a private control plane restarted 3 times (the first: the JIT's).
            // 100 informers hold 100 copies of a 10 MiB namespace and read 100 more in a storm: fabric8's
            // forks ran out of a 2 GiB heap (measured), so this family's forks get 6 GiB.
            Family.of("RestartStorm", "\\.RestartStormBenchmark\\.").localOnly().forkHeap("-Xms6g", "-Xmx6g")
                    .paramFor(ClientType.CLIENT_JAVA, "approach", "LIST_WATCH").forks(2).warmup(1, 1).measurement(2, 1)
                    .build())),

    // Two contenders compared in one interleaved command (--client-versions, --clients): every
    // row that a client version moves, each with as many forks as the time allows, since the
    // forks of a row differ more than its iterations do (README, "Can two runs agree?": the
    // `noise` table), and iterations only where they vary most (single-shot syncs, bursts). The
    // rows a limiter or a timer sets (DirectGet.throttled, ResyncFanout, ResyncZero) are left
    // out: a client version does not move them. PlantBenchmark measures --plant's work apart.
    // Four forks (docs/method.md: what that can and cannot see).
    COMPARE("for --client-versions and --clients: the rows a client version moves, 4 forks each, interleaved",
            new Measured(18.3, "a contender: 55 min for three client-java versions in"
                    + " results/20261201T211525Z_client-versions"), List.of(
            // Warm-ups as long as quick's: shorter ones measured code the JIT had not settled yet
            // (lister_t1 at 140 ns instead of 100, its iterations 19% apart).
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.(lister_t1|lister_t2|mapBuiltKey_t1|mapPrecomputedKey_t1)$")
                    .param("objects", "1000").forks(4).warmup(6, 1).measurement(2, 1).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "1000")
                    .forks(4).warmup(5, 1).measurement(2, 1).build(),
            Family.of("CustomIndex", "\\.CustomIndexBenchmark\\.").param("objects", "1000").param("indexes", "0", "1")
                    .forks(4).warmup(6, 1).measurement(2, 1).build(),
            Family.of("Plant", "\\.PlantBenchmark\\.").forks(2).warmup(2, 1).measurement(2, 1).build(),
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$").param("objects", "1000")
                    .forks(4).warmup(8, 2).measurement(2, 2).build(),
            // Single shot: iterations are cheap and vary as much as forks, so more of them.
            Family.of("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").param("objects", "1000")
                    .forks(4).warmup(5, 1).measurement(8, 1).build(),
            Family.of("Relist", "\\.RelistBenchmark\\.").param("fault", "CONNECTION_RESET").param("objects", "1000")
                    .forks(4).warmup(1, 1).measurement(3, 1).build(),
            // Bursts vary between iterations, not between JVMs: more iterations, not more forks.
            Family.of("HandlerFanout", "\\.HandlerFanoutBenchmark\\.").param("objects", "100")
                    .param("handlers", "1", "16").param("sharing", "SHARED").param("event", "UPDATE")
                    .forks(4).warmup(8, 1).measurement(6, 1).build())),

    // Six forks: compare's samples are then independent JVMs, not iterations of one.
    FULL("every object count and variant, 6 forks a row", null, List.of(
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.").param("objects", "100", "1000", "10000")
                    .forks(6).warmup(3, 2).measurement(3, 2).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "100", "1000", "10000")
                    .forks(6).warmup(3, 2).measurement(3, 2).build(),
            Family.of("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").param("objects", "1000")
                    .forks(6).warmup(1, 5).measurement(2, 20).build(),
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$")
                    .param("objects", "100", "1000", "10000").forks(6).warmup(5, 2).measurement(3, 2).build(),
            Family.of("ResyncFanout", "\\.ResyncFanoutBenchmark\\.").param("objects", "100", "1000", "10000")
                    .forks(6).warmup(1, 3).measurement(2, 10).build(),
            Family.of("CustomIndex", "\\.CustomIndexBenchmark\\.").param("objects", "1000", "10000")
                    .forks(6).warmup(3, 2).measurement(3, 2).build(),
            Family.of("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").param("objects", "1000", "10000", "100000")
                    .forks(6).warmup(1, 1).measurement(3, 1).build(),
            Family.of("Relist", "\\.RelistBenchmark\\.").paramOffLocal("fault", "CONNECTION_RESET")
                    .param("objects", "1000", "10000")
                    .forks(6).warmup(1, 1).measurement(3, 1).build(),
            Family.of("HandlerFanout", "\\.HandlerFanoutBenchmark\\.").param("objects", "100")
                    .forks(6).warmup(2, 2).measurement(3, 2).build(),
            Family.of("ResyncZero", "\\.ResyncZeroBenchmark\\.").param("objects", "1000")
                    .forks(6).warmup(1, 1).measurement(3, 1).build(),
            Family.of("ServerCost", "\\.ServerCostBenchmark\\.").param("controllers", "1", "10", "100", "1000")
                    .forks(6).warmup(1, 1).measurement(3, 1).build(),
            Family.of("RestartStorm", "\\.RestartStormBenchmark\\.").param("controllers", "10", "100", "1000")
                    .param("objectKiB", "1", "100").localOnly().forkHeap("-Xms6g", "-Xmx6g")
                    .paramFor(ClientType.CLIENT_JAVA, "approach", "LIST_WATCH").forks(6).warmup(1, 1).measurement(3, 1).build()));

    private final String purpose;
    private final Measured measured;
    private final List<Family> families;

    Profile(String purpose, Measured measured, List<Family> families) {
        this.purpose = purpose;
        this.measured = measured;
        this.families = families;
    }

    /**
     * What a run of a profile took on this project's machine (2 cores, 24 GiB), once built, and
     * how that was measured: a run's sidecar, a CI log. {@code minutes} is per contender for a
     * profile made for interleaved runs.
     */
    public record Measured(double minutes, String how) {
        /** "about 12 min". */
        public String words() {
            return "about " + Math.round(minutes) + " min";
        }
    }

    /** What the profile is for, in a line. */
    public String purpose() {
        return purpose;
    }

    /** What a run took here, measured; empty for a profile not run whole on this machine. */
    public Optional<Measured> measured() {
        return Optional.ofNullable(measured);
    }

    /** The profile {@code ./run-bench.sh} runs without {@code --profile}. */
    public static final Profile DEFAULT = ARTICLE;

    /**
     * The JVM options every fork of this profile gets before the suite's properties (the heap).
     * They are part of the answer (the collector moves a lister read's cost), so a run records
     * them in its sidecar ({@code forkJvm}) and the JMH JSON holds them per row: compare only
     * files whose forks had the same ones.
     */
    public List<String> forkJvm() {
        // the same for every profile, G1's: ParallelGC, pre-touched memory and huge pages were
        // tried for compare and bought no precision (README, "Where the noise comes from")
        return FamilyRun.FORK_HEAP;
    }

    /** A smoke family: 100 objects, one warm-up and two measured iterations of 1 s, unless it says otherwise. */
    private static Family.Builder smoke(String name, String include) {
        return Family.of(name, include).param("objects", "100").warmup(1, 1).measurement(2, 1);
    }

    public List<Family> families() {
        return families;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a profile name; bad input names what is accepted. */
    public static Profile parse(String name) {
        for (Profile p : values()) {
            if (p.id().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; accepted: "
                + Arrays.stream(values()).map(Profile::id).collect(Collectors.joining(", ")));
    }
}
