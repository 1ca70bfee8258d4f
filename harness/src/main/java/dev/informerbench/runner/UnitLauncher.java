package dev.informerbench.runner;

import java.io.IOException;

/** What an interleaved run's rounds start: one unit of one contender in a process ({@link VersionJvms}). */
interface UnitLauncher {
    /** Runs {@code unit} of {@code contender} with {@code unitArgs} (null: the run's JMH arguments). */
    Interleave.Run run(InterleavePlan.Unit unit, Contender contender, JmhArgs unitArgs)
            throws IOException, InterruptedException;

    /** Ctrl-C or SIGTERM came: no other process starts. */
    boolean stopping();
}
