package dev.informerbench.runner;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of the suite to run and how long: {@code smoke} (every family once, tiny
 * iterations, for CI: about 3 minutes once built), {@code quick} (the default: all object
 * counts, one fork, six measured iterations, about 21 minutes on 2 cores), {@code full} (six forks,
 * about an hour, for numbers to publish and compare).
 */
public enum Profile {
    SMOKE(List.of(
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.").param("objects", "100")
                    .warmup(1, 1).measurement(2, 1).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "100")
                    .warmup(1, 1).measurement(2, 1).build(),
            Family.of("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").param("objects", "100")
                    .warmup(1, 3).measurement(1, 10).build(),
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$").param("objects", "100")
                    .warmup(1, 1).measurement(2, 1).build(),
            Family.of("ResyncFanout", "\\.ResyncFanoutBenchmark\\.").param("objects", "100")
                    .warmup(1, 2).measurement(2, 3).build(),
            Family.of("CustomIndex", "\\.CustomIndexBenchmark\\.").param("objects", "100")
                    .warmup(1, 1).measurement(2, 1).build(),
            // Single shot: the iteration counts matter, the times do not.
            Family.of("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").param("objects", "100")
                    .warmup(1, 1).measurement(2, 1).build(),
            Family.of("Relist", "\\.RelistBenchmark\\.").paramOffLocal("fault", "CONNECTION_RESET")
                    .param("objects", "100")
                    .warmup(1, 1).measurement(2, 1).build(),
            Family.of("HandlerFanout", "\\.HandlerFanoutBenchmark\\.").param("objects", "100")
                    .param("handlers", "16").param("event", "UPDATE").warmup(1, 1).measurement(2, 1).build(),
            Family.of("ResyncZero", "\\.ResyncZeroBenchmark\\.").param("objects", "100")
                    .param("windowMillis", "3000").warmup(0, 1).measurement(1, 1).build())),

    // Six measured iterations: enough samples for a 95% confidence interval of the median in compare.
    QUICK(List.of(
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.").param("objects", "100", "1000", "10000")
                    .warmup(2, 1).measurement(6, 1).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "100", "1000", "10000")
                    .warmup(2, 1).measurement(6, 1).build(),
            // One object count: the limiter, not the cache size, sets this score.
            Family.of("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").param("objects", "1000")
                    .warmup(1, 5).measurement(6, 10).build(),
            // The client's TLS and JSON paths need a few seconds of JIT before the round trip settles.
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$")
                    .param("objects", "100", "1000", "10000").warmup(3, 2).measurement(6, 2).build(),
            // Resync rounds come every 1-2 s; an iteration holds a few of them.
            Family.of("ResyncFanout", "\\.ResyncFanoutBenchmark\\.").param("objects", "100", "1000", "10000")
                    .warmup(1, 3).measurement(6, 5).build(),
            Family.of("CustomIndex", "\\.CustomIndexBenchmark\\.").param("objects", "1000", "10000")
                    .warmup(2, 1).measurement(6, 1).build(),
            Family.of("SyncAndMemory", "\\.SyncAndMemoryBenchmark\\.").param("objects", "1000", "10000")
                    .warmup(1, 1).measurement(6, 1).build(),
            // One break per iteration; a restart takes a few seconds of its own (untimed).
            Family.of("Relist", "\\.RelistBenchmark\\.").paramOffLocal("fault", "CONNECTION_RESET")
                    .param("objects", "1000", "10000")
                    .warmup(1, 1).measurement(6, 1).build(),
            Family.of("HandlerFanout", "\\.HandlerFanoutBenchmark\\.").param("objects", "100")
                    .warmup(1, 2).measurement(6, 2).build(),
            // The answer is a count over the windows; the control (1000 ms) shows it could be seen.
            Family.of("ResyncZero", "\\.ResyncZeroBenchmark\\.").param("objects", "1000")
                    .warmup(1, 1).measurement(6, 1).build())),

    // Six forks: compare's samples are then independent JVMs, not iterations of one.
    FULL(List.of(
            Family.of("ListerGet", "\\.ListerGetBenchmark\\.").param("objects", "100", "1000", "10000")
                    .forks(6).warmup(3, 2).measurement(3, 2).build(),
            Family.of("IndexerList", "\\.IndexerListBenchmark\\.").param("objects", "100", "1000", "10000")
                    .forks(6).warmup(3, 2).measurement(3, 2).build(),
            Family.of("DirectGet.throttled", "\\.DirectGetBenchmark\\.throttled$").param("objects", "1000")
                    .forks(6).warmup(1, 5).measurement(2, 20).build(),
            Family.of("DirectGet.unthrottled", "\\.DirectGetBenchmark\\.unthrottled$")
                    .param("objects", "100", "1000", "10000").forks(6).warmup(3, 2).measurement(3, 2).build(),
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
                    .forks(6).warmup(1, 1).measurement(3, 1).build()));

    private final List<Family> families;

    Profile(List<Family> families) {
        this.families = families;
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
