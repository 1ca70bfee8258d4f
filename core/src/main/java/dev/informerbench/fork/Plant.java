package dev.informerbench.fork;

import org.openjdk.jmh.infra.Blackhole;

/**
 * A known slowdown planted in one contender of a comparison, to prove that {@code compare}
 * sees a change of that size: with {@code -Dinformerbench.plant=PCT} a fork adds, to every
 * {@code ListerGet.lister_t1} read, CPU work calibrated to PCT percent of a lister read here,
 * and to every {@code DirectGet.unthrottled} GET a busy wait of PCT percent of a GET here.
 * Nothing else changes.
 *
 * <p>The calibration is only an aim: what the plant really costs is measured apart, in the
 * same run, by {@code PlantBenchmark} (the same work alone), so a claim about the comparison
 * rests on that measurement, not on the constants below. The switch is a {@code static final}
 * read once per JVM: in a fork without a plant the JIT folds the branch away.
 */
public final class Plant {
    public static final String PROPERTY = "informerbench.plant";
    /** The planted slowdown of this JVM in percent; 0 (none) unless the runner set it. */
    public static final int PERCENT = percent(System.getProperty(PROPERTY));
    public static final boolean ON = PERCENT > 0;

    /** lister_t1 at 1,000 objects and a direct GET on this project's 2-core machine (G1), 2026-12-01. */
    static final double LISTER_READ_NANOS = 90;
    static final double GET_NANOS = 1_300_000;
    /** What one {@link Blackhole#consumeCPU} token cost there: 72 tokens took 164 ns (PlantBenchmark, percent=100). */
    static final double NANOS_PER_TOKEN = 2.3;

    private static final long LISTER_TOKENS = listerTokens(PERCENT);
    private static final long GET_SPIN_NANOS = getSpinNanos(PERCENT);

    private Plant() {}

    /** The planted work of one lister read; nothing unless planted. */
    public static void listerRead() {
        if (ON) {
            Blackhole.consumeCPU(LISTER_TOKENS);
        }
    }

    /** The planted wait of one direct GET; nothing unless planted. */
    public static void get() {
        if (ON) {
            spin(GET_SPIN_NANOS);
        }
    }

    /** Tokens of {@link Blackhole#consumeCPU} that cost about {@code percent} % of a lister read. */
    public static long listerTokens(int percent) {
        return Math.round(percent / 100.0 * LISTER_READ_NANOS / NANOS_PER_TOKEN);
    }

    /** A busy wait of {@code percent} % of a GET, in nanoseconds. */
    public static long getSpinNanos(int percent) {
        return Math.round(percent / 100.0 * GET_NANOS);
    }

    /** Busy-waits {@code nanos}: the caller's thread stays on its core, as a slower client would. */
    public static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    /** Parses the property: a whole percent from 1 to 50, or absent (0); anything else is an error. */
    static int percent(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        int p;
        try {
            p = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + "='" + value + "' is not a whole percent; accepted: 1 to 50");
        }
        if (p < 0 || p > 50) {
            throw new IllegalArgumentException(PROPERTY + "=" + p + " is out of range; accepted: 1 to 50");
        }
        return p;
    }
}
