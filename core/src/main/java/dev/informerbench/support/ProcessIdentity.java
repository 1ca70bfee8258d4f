package dev.informerbench.support;

import java.time.Instant;
import java.util.Optional;

/**
 * A process named by pid and start time: a pid alone may belong to a later process once the
 * first has exited, so every "is the owner still alive?" check compares both.
 */
public final class ProcessIdentity {
    private ProcessIdentity() {}

    /** When {@code process} started, in epoch milliseconds (0 when the OS does not say). */
    public static long startMillis(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** The live process with this pid and start time, if it still runs. */
    public static Optional<ProcessHandle> live(long pid, long startMillis) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> startMillis(p) == startMillis);
    }
}
