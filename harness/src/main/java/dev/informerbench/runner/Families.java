package dev.informerbench.runner;

import static dev.informerbench.runner.FamilySpec.family;
import static dev.informerbench.runner.Profile.ARTICLE;
import static dev.informerbench.runner.Profile.COMPARE;
import static dev.informerbench.runner.Profile.FULL;
import static dev.informerbench.runner.Profile.MEMORY;
import static dev.informerbench.runner.Profile.QUICK;
import static dev.informerbench.runner.Profile.SMOKE;

import dev.informerbench.client.ClientType;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * Every benchmark family, declared once: its benchmarks, its question, the rules of the params it
 * owns ({@link ParamValidation} checks {@code -p} by them) and how it runs in each profile (a
 * {@link Profile}'s families are the ones that name it, in this order). A new family is a
 * benchmark class in the benchmarks module and an entry here (CONTRIBUTING.md, "Adding a family").
 * Settings a profile gives every family (smoke's 100 objects) are {@link Profile#base()}'s.
 */
final class Families {
    private Families() {}

    // Params several families share: one rule each.
    static final ParamRule OBJECTS = ParamRule.atLeast("objects", 1, "an integer of at least 1");
    static final ParamRule HANDLERS = ParamRule.atLeast("handlers", 1, "an integer of at least 1");
    static final ParamRule CONTROLLERS = ParamRule.atLeast("controllers", 1, "an integer of at least 1");
    static final ParamRule WINDOW_MILLIS = ParamRule.atLeast("windowMillis", 1, "an integer of at least 1");
    static final ParamRule RESYNC_MILLIS = ParamRule.zeroOrAtLeast("resyncMillis", 1000,
            "0 (no resync) or an integer of at least 1000 (client-java's shortest resync period is 1 s)");
    static final ParamRule APPROACH = ParamRule.oneOf("approach", "LIST_WATCH|WATCH_LIST|POLL",
            "LIST_WATCH, WATCH_LIST or POLL");
    /** CacheMemory's object kind and remedy. */
    static final ParamRule KIND = ParamRule.oneOf("kind", "POD|SECRET|CONFIG_MAP", "POD, SECRET or CONFIG_MAP");
    static final ParamRule REMEDY = ParamRule.oneOf("remedy", "FULL|NO_MANAGED_FIELDS|METADATA_ONLY|SELECTOR_TENTH",
            "FULL, NO_MANAGED_FIELDS, METADATA_ONLY or SELECTOR_TENTH");
    /** DirectGet's limiter, one class's params for its two families. */
    static final ParamRule BURST = ParamRule.atLeast("burst", 1, "an integer of at least 1");
    static final ParamRule QPS = ParamRule.positiveNumber("qps");

    private static final String[] FOUR_LISTER_ROWS = {"lister_t1", "lister_t2", "mapBuiltKey_t1",
        "mapPrecomputedKey_t1"};

    /** The catalogue, in the order the profiles run it (compare: {@link Profile#order()}). */
    static final List<FamilySpec> ALL = List.of(
            family("ListerGet", "ListerGetBenchmark", "What does a read from the informer's cache cost, and how"
                    + " much of it is the cache's lock?").inProcess().params(OBJECTS)
                    // The four rows quick measures, without the 2-thread map baselines: a fork each costs CI time.
                    .in(SMOKE, f -> f.methods(FOUR_LISTER_ROWS))
                    .in(ARTICLE, f -> f.methods("lister_t1", "mapBuiltKey_t1", "mapPrecomputedKey_t1")
                            .param("objects", "1000").forks(3).warmup(6, 1).measurement(3, 1).forkSeconds(10.8))
                    .in(QUICK, f -> f.methods(FOUR_LISTER_ROWS).param("objects", "1000", "10000").forks(3)
                            .warmup(6, 1).measurement(3, 1))
                    // Warm-ups as long as quick's: shorter ones measured code the JIT had not settled yet
                    // (lister_t1 at 140 ns instead of 100, its iterations 19% apart).
                    .in(COMPARE, f -> f.methods(FOUR_LISTER_ROWS).param("objects", "1000").forks(4).warmup(6, 1)
                            .measurement(2, 1))
                    .in(FULL, f -> f.param("objects", "100", "1000", "10000").forks(6).warmup(3, 2)
                            .measurement(3, 2)),
            family("IndexerList", "IndexerListBenchmark", "What do list reads from the indexer (everything, a"
                    + " namespace, a custom index) copy and cost?").inProcess().params(OBJECTS)
                    .in(SMOKE, f -> f)
                    .in(ARTICLE, f -> f.param("objects", "1000").forks(3).warmup(5, 1).measurement(3, 1)
                            .forkSeconds(9.4))
                    .in(QUICK, f -> f.param("objects", "1000").forks(3).warmup(5, 1).measurement(3, 1))
                    .in(COMPARE, f -> f.param("objects", "1000").forks(4).warmup(5, 1).measurement(2, 1))
                    .in(FULL, f -> f.param("objects", "100", "1000", "10000").forks(6).warmup(3, 2)
                            .measurement(3, 2)),
            family("DirectGet.throttled", "DirectGetBenchmark", "What does the same read cost as a GET behind"
                    + " client-go's default limiter (QPS 5, burst 10)?", "throttled").params(OBJECTS, BURST, QPS)
                    .in(SMOKE, f -> f.warmup(1, 3).measurement(1, 10))
                    .in(ARTICLE, f -> f.param("objects", "1000").forks(2).warmup(1, 3).measurement(2, 5)
                            .forkSeconds(15))
                    // The limiter sets this score (1 caller, qps 5: 5 ops/s); the warm-up spends the burst.
                    .in(QUICK, f -> f.param("objects", "1000").forks(2).warmup(1, 3).measurement(2, 5))
                    .in(FULL, f -> f.param("objects", "1000").forks(6).warmup(1, 5).measurement(2, 20)),
            family("DirectGet.unthrottled", "DirectGetBenchmark", "What does the same read cost as a GET to the API"
                    + " server, unthrottled?", "unthrottled").params(OBJECTS, BURST, QPS)
                    .in(SMOKE, f -> f)
                    .in(ARTICLE, f -> f.param("objects", "1000").forks(3).warmup(8, 2).measurement(3, 2)
                            .forkSeconds(23.7))
                    // The client's TLS and JSON paths take over 10 s of JIT before the round trip settles.
                    .in(QUICK, f -> f.param("objects", "1000").forks(3).warmup(8, 2).measurement(3, 2))
                    .in(COMPARE, f -> f.param("objects", "1000").forks(4).warmup(8, 2).measurement(2, 2))
                    .in(FULL, f -> f.param("objects", "100", "1000", "10000").forks(6).warmup(5, 2)
                            .measurement(3, 2)),
            family("ResyncFanout", "ResyncFanoutBenchmark", "What does resync cost, and whom: the callbacks it"
                    + " replays from the cache?").inProcess().params(OBJECTS, HANDLERS, RESYNC_MILLIS)
                    .in(SMOKE, f -> f.warmup(1, 2).measurement(2, 3))
                    // A fork waits for whole resync rounds on top of its iterations.
                    .in(ARTICLE, f -> f.param("objects", "1000").forks(2).warmup(1, 3).measurement(3, 5)
                            .forkSeconds(29))
                    // The period sets the score; two forks show it does so in every JVM. Iterations hold 3-5 rounds.
                    .in(QUICK, f -> f.param("objects", "1000").forks(2).warmup(1, 3).measurement(3, 5))
                    .in(FULL, f -> f.param("objects", "100", "1000", "10000").forks(6).warmup(1, 3)
                            .measurement(2, 10)),
            family("CustomIndex", "CustomIndexBenchmark", "What does a custom index cost each update, and what"
                    + " does it buy a lookup?").inProcess().params(OBJECTS)
                    .in(SMOKE, f -> f.param("indexes", "0", "3"))
                    // A lookup through an index settles only after about 5 s.
                    .in(QUICK, f -> f.param("objects", "1000").forks(3).warmup(6, 1).measurement(3, 1))
                    .in(COMPARE, f -> f.param("objects", "1000").param("indexes", "0", "1").forks(4).warmup(6, 1)
                            .measurement(2, 1))
                    .in(FULL, f -> f.param("objects", "1000", "10000").forks(6).warmup(3, 2).measurement(3, 2)),
            family("Plant", "PlantBenchmark", "What does --plant's slowdown cost, measured apart from the rows it"
                    + " slows?").inProcess()
                    .in(COMPARE, f -> f.forks(2).warmup(2, 1).measurement(2, 1)),
            family("SyncAndMemory", "SyncAndMemoryBenchmark", "How long does an informer take to sync, what does it"
                    + " request, and what heap does it hold per object?").params(OBJECTS)
                    // Single shot: the iteration counts matter, the times do not.
                    .in(SMOKE, f -> f)
                    // Single shots: a fork's iterations are syncs of tens of ms (and Relist's, relists of about 1 s).
                    .in(ARTICLE, f -> f.param("objects", "1000").forks(3).warmup(3, 1).measurement(3, 1)
                            .forkSeconds(4.5))
                    // Two sizes: the bytes per object at 1,000 are checked against the 1k -> 10k slope.
                    .in(QUICK, f -> f.param("objects", "1000", "10000").forks(3).warmup(3, 1).measurement(3, 1))
                    // Single shot: iterations are cheap and vary as much as forks, so more of them.
                    .in(COMPARE, f -> f.param("objects", "1000").forks(4).warmup(5, 1).measurement(8, 1))
                    .in(FULL, f -> f.param("objects", "1000", "10000", "100000").forks(6).warmup(1, 1)
                            .measurement(3, 1)),
            family("CacheMemory", "CacheMemoryBenchmark", "What does a controller's cache of Pods, Secrets or"
                    + " ConfigMaps cost in memory, and what does each remedy save?").params(OBJECTS, KIND, REMEDY)
                    // Every remedy once, on the largest shape: the seeding, status writes and each informer path run.
                    .in(SMOKE, f -> f.param("kind", "POD").warmup(0, 1).measurement(1, 1))
                    // Single shots: the heap of one sync varies little; two forks show it is not one JVM's. The
                    // warm-up sync leaves the client's static caches (its JSON adapters) behind, out of the figure.
                    // 100,000 Pods: fabric8 retains 4.2 GB and decodes the LIST beside it. Not -Xms: a fork that
                    // committed 12 GB up front, beside kube-apiserver's 12 GB serving that LIST, was OOM-killed here.
                    .in(MEMORY, f -> f.forks(2).warmup(1, 1).measurement(1, 1).forkHeap("-Xms1g", "-Xmx8g"))
                    .in(FULL, f -> f.forks(6).warmup(1, 1).measurement(2, 1).forkHeap("-Xms1g", "-Xmx8g")),
            family("Relist", "RelistBenchmark", "What does an informer pay to recover when its watch breaks: how"
                    + " long, and which requests?").params(OBJECTS, ParamRule.oneOf("fault",
                            "CONNECTION_RESET|APISERVER_RESTART", "CONNECTION_RESET or APISERVER_RESTART"))
                    .in(SMOKE, f -> f.paramOffLocal("fault", "CONNECTION_RESET"))
                    .in(ARTICLE, f -> f.param("fault", "CONNECTION_RESET").param("objects", "1000").forks(3)
                            .warmup(1, 1).measurement(3, 1).forkSeconds(6))
                    // One break per iteration. The API server restart (a private control plane per fork) is in full.
                    .in(QUICK, f -> f.param("fault", "CONNECTION_RESET").param("objects", "1000").forks(3)
                            .warmup(1, 1).measurement(3, 1))
                    .in(COMPARE, f -> f.param("fault", "CONNECTION_RESET").param("objects", "1000").forks(4)
                            .warmup(1, 1).measurement(3, 1))
                    .in(FULL, f -> f.paramOffLocal("fault", "CONNECTION_RESET").param("objects", "1000", "10000")
                            .forks(6).warmup(1, 1).measurement(3, 1)),
            family("HandlerFanout", "HandlerFanoutBenchmark", "What does one more event handler cost, on a shared"
                    + " informer or as an informer of its own?").params(OBJECTS, HANDLERS)
                    .in(SMOKE, f -> f.param("handlers", "16").param("event", "UPDATE"))
                    .in(QUICK, f -> f.param("objects", "100").param("handlers", "1", "16").param("event", "UPDATE")
                            .forks(3).warmup(5, 2).measurement(3, 2))
                    // Bursts vary between iterations, not between JVMs: more iterations, not more forks.
                    .in(COMPARE, f -> f.param("objects", "100").param("handlers", "1", "16")
                            .param("sharing", "SHARED").param("event", "UPDATE").forks(4).warmup(8, 1)
                            .measurement(6, 1))
                    .in(FULL, f -> f.param("objects", "100").forks(6).warmup(2, 2).measurement(3, 2)),
            family("ResyncZero", "ResyncZeroBenchmark", "Does a resync period of 0 really mean no resync?")
                    .params(OBJECTS, RESYNC_MILLIS, WINDOW_MILLIS)
                    .in(SMOKE, f -> f.param("windowMillis", "3000").warmup(0, 1).measurement(1, 1))
                    // The answer is a count over the windows; the control (1000 ms) shows it could be seen.
                    .in(QUICK, f -> f.param("objects", "1000").param("windowMillis", "3000").forks(2).warmup(1, 1)
                            .measurement(2, 1))
                    .in(FULL, f -> f.param("objects", "1000").forks(6).warmup(1, 1).measurement(3, 1)),
            family("ServerCost", "ServerCostBenchmark", "What do N controllers, informers or pollers, cost the API"
                    + " server?").params(OBJECTS, CONTROLLERS, APPROACH, WINDOW_MILLIS,
                            ParamRule.atLeast("churnPerSecond", 0, "an integer of at least 0 (0: a quiet namespace)"),
                            ParamRule.atLeast("pollMillis", 1000,
                                    "an integer of at least 1000 (a poller reads each object once per period)"))
                    // Two informers and a writer: the fan-out (2 events sent per event received) shows.
                    .in(SMOKE, f -> f.param("controllers", "2").param("approach", "LIST_WATCH")
                            .param("churnPerSecond", "10").param("windowMillis", "3000").warmup(0, 1)
                            .measurement(1, 1))
                    // 100 informers (LIST+WATCH) against 100 pollers of the same 100 objects, 10 writes a second:
                    // quick's windows and forks, at its largest N.
                    .in(ARTICLE, f -> f.param("controllers", "100").param("approach", "LIST_WATCH", "POLL")
                            .param("churnPerSecond", "10").param("windowMillis", "4000").forks(3).warmup(1, 1)
                            .measurement(2, 1).forkSeconds(20.7))
                    // 18 rows a client: windows of 4 s; the first (warm-up) holds the JIT of N clients. Three
                    // forks: with two, an A/A called quiet rows whose CPU is kube-apiserver's own background
                    // (forks 18 minutes apart agreed by chance, runs differed by 20%).
                    .in(QUICK, f -> f.param("windowMillis", "4000").forks(3).warmup(1, 1).measurement(2, 1))
                    .in(FULL, f -> f.param("controllers", "1", "10", "100", "1000").forks(6).warmup(1, 1)
                            .measurement(3, 1)),
            family("RestartStorm", "RestartStormBenchmark", "What does the API server pay when it restarts under N"
                    + " informers?").localOnly().params(OBJECTS, CONTROLLERS, APPROACH,
                            ParamRule.between("objectKiB", 0, 900,
                                    "an integer from 0 to 900 (a ConfigMap holds at most 1 MiB)"))
                    .whenRun(ParamRule.oneOf("approach", "LIST_WATCH|WATCH_LIST", "LIST_WATCH or WATCH_LIST for"
                            + " RestartStorm, whose informers come back after a restart (POLL is ServerCost's: name"
                            + " it alone, -- ServerCost)"))
                    // Two informers of small objects through one restart: the storm's path, not its size.
                    .in(SMOKE, f -> f.param("controllers", "2").param("approach", "LIST_WATCH").param("objectKiB", "1")
                            .warmup(0, 1).measurement(1, 1))
                    // 4 rows a client, each fork a private control plane restarted 3 times (the first: the JIT's).
                    // 100 informers hold 100 copies of a 10 MiB namespace and read 100 more in a storm: fabric8's
                    // forks ran out of a 2 GiB heap (measured), so this family's forks get 6 GiB.
                    .in(QUICK, f -> f.forkHeap("-Xms6g", "-Xmx6g").paramFor(ClientType.CLIENT_JAVA, "approach",
                            "LIST_WATCH").forks(2).warmup(1, 1).measurement(2, 1))
                    .in(FULL, f -> f.param("controllers", "10", "100", "1000").param("objectKiB", "1", "100")
                            .forkHeap("-Xms6g", "-Xmx6g").paramFor(ClientType.CLIENT_JAVA, "approach", "LIST_WATCH")
                            .forks(6).warmup(1, 1).measurement(3, 1)));

    private static final Map<Profile, List<Family>> BY_PROFILE = new EnumMap<>(Profile.class);

    static {
        Set<String> names = new LinkedHashSet<>();
        ALL.forEach(f -> {
            if (!names.add(f.name())) {
                throw new IllegalStateException("family " + f.name() + " is declared twice");
            }
        });
        for (Profile p : Profile.values()) {
            BY_PROFILE.put(p, ALL.stream().sorted(p.order()).flatMap(f -> f.in(p).stream()).toList());
        }
    }

    /** The families {@code profile} runs, in its order, each with its settings there. */
    static List<Family> in(Profile profile) {
        return BY_PROFILE.get(profile);
    }

    /**
     * The families with a client dimension: those whose benchmarks declare the {@code client}
     * param (their class's own {@code @Param}), the ones fabric8's jar and client-go's program hold.
     */
    static Set<String> everyClient() {
        Set<String> out = new LinkedHashSet<>();
        List<BenchmarkListEntry> entries = JmhArgs.benchmarkEntries();
        for (FamilySpec f : ALL) {
            Pattern include = Pattern.compile(f.include());
            if (entries.stream().anyMatch(e -> include.matcher(e.getUsername()).find()
                    && e.getParams().orElse(Map.of()).containsKey(FamilyRun.CLIENT_PARAM))) {
                out.add(f.name());
            }
        }
        return Set.copyOf(out);
    }
}
