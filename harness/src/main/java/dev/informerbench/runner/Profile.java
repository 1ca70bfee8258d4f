package dev.informerbench.runner;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * How much of the suite to run and how long. Each profile says what it is for and what a run of
 * it took here, measured ({@link Measured}): the one place a profile's duration is stated;
 * {@code ./run-bench.sh profiles} prints them (docs/profiles.md is that output, held to it by a test).
 * Its families, and how each runs in it, are the catalogue's ({@link Families}): each family
 * names the profiles it is in; a profile adds only what it gives them all ({@link #base()}) and
 * their order ({@link #order()}).
 */
public enum Profile {
    // Smoke's families: 100 objects, one warm-up and two measured iterations of 1 s, unless they say otherwise.
    SMOKE("every family once, tiny iterations: CI's check that everything runs (numbers not for reading)",
            new Measured(2.8, "`time ./run-bench.sh --profile smoke` from a fresh clone of 2887552, 2026-12-04, the"
                    + " jar and the control plane built, nothing else running: 171 s"),
            f -> f.param("objects", "100").warmup(1, 1).measurement(2, 1), FamilySpec.AS_DECLARED),

    // The default: the article's questions for client-java, in a coffee break. What a read from the
    // cache costs against a GET (unthrottled, and behind client-go's default limiter), what list
    // reads copy, what resync replays, what a sync requests and holds, what a broken watch costs.
    // quick's settings for these rows (the same warm-ups, the same forks), at 1,000 objects only.
    // forkSeconds: what a fork of a row took in this profile's first runs here (2026-12-04,
    // notebook/experiments/20261204T123103Z_article-calibration): the first progress line's
    // estimate (the arithmetic, 8 s a fork's setup, said 10 min 53 s for a run of 7 min 24 s).
    ARTICLE("the default: the article's questions for client-java (a cache read against a GET, throttled and"
            + " not; list reads; resync; a sync's requests and memory; a relist) and what 100 informers spare"
            + " kube-apiserver against 100 pollers, 2-3 forks a row",
            new Measured(9.8, "`time ./run-bench.sh` on a fresh clone of 2887552, 2026-12-04, the control plane"
                    + " already built, Maven's cache warm, nothing else running: 586 s, of which 16 s building the jar;"
                    + " results/20261204T124437Z_client-java-27.0.0_k8s-1.36.3.json")),

    // Every family. Several forks per row, because only forks are independent samples: compare's
    // intervals rest on them. Object counts and variants are the ones the README's tables show;
    // full adds the rest. Warm-ups are long enough that the measured iterations hold one level
    // (the run summary flags a row whose iterations trend; with half these warm-ups a first run
    // flagged 7 of 30 rows).
    QUICK("every family but CacheMemory (the memory profile's), 2-3 forks a row: the profile of most runs"
            + " docs/findings cite",
            new Measured(42.4, "client-java alone, the sum of its families' times: 10 families in"
                    + " results/20261202T010354Z_client-java-27.0.0_k8s-1.36.3.meta.json (23.6 min), ServerCost in"
                    + " results/20261203T163849Z_clients (15.1 min), RestartStorm in results/20261203T055751Z_clients"
                    + " (3.6 min)")),

    // Two contenders compared in one interleaved command (--client-versions, --clients): every
    // row that a client version moves, each with as many forks as the time allows, since the
    // forks of a row differ more than its iterations do (README, "Can two runs agree?": the
    // `noise` table), and iterations only where they vary most (single-shot syncs, bursts). The
    // rows a limiter or a timer sets (DirectGet.throttled, ResyncFanout, ResyncZero) are left
    // out: a client version does not move them. PlantBenchmark measures --plant's work apart.
    // Four forks (docs/method.md: what that can and cannot see). The families whose timed work
    // stays in the fork run first (the cache reads, the index, the plant), as they have since
    // compare was made (d839c79).
    COMPARE("for --client-versions and --clients: the rows a client version moves, 4 forks each, interleaved",
            new Measured(18.3, "a contender: 55 min for three client-java versions in"
                    + " results/20261201T211525Z_client-versions"),
            f -> f, Comparator.comparing(f -> !f.staysInProcess())),

    // Six forks: compare's samples are then independent JVMs, not iterations of one.
    FULL("every object count and variant, 6 forks a row", null),

    // What a controller's cache costs in memory (CacheMemory alone): every kind, remedy and size up to
    // 100,000 objects. Its own profile, so that no other profile's measured time moves with it.
    MEMORY("what a controller's cache of Pods, Secrets and ConfigMaps costs in memory, 1,000 to 100,000 objects,"
            + " each remedy, 2 forks a row", null);

    private final String purpose;
    private final Measured measured;
    private final UnaryOperator<Family.Builder> base;
    private final Comparator<FamilySpec> order;

    Profile(String purpose, Measured measured) {
        this(purpose, measured, f -> f, FamilySpec.AS_DECLARED);
    }

    Profile(String purpose, Measured measured, UnaryOperator<Family.Builder> base, Comparator<FamilySpec> order) {
        this.purpose = purpose;
        this.measured = measured;
        this.base = base;
        this.order = order;
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

    /** What every family of this profile gets before its own settings ({@link Families}). */
    UnaryOperator<Family.Builder> base() {
        return base;
    }

    /** The order its families run in: the catalogue's ({@link Families#ALL}), or this sort of it. */
    Comparator<FamilySpec> order() {
        return order;
    }

    /** Its families, in the order they run, with their settings here: the catalogue's entries that name it. */
    public List<Family> families() {
        return Families.in(this);
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
