package dev.informerbench.fabric8;

import java.util.ArrayList;
import java.util.List;

/** The JVM's live threads, by name: what a client leaves behind shows as names that were not there before it. */
final class Fabric8Threads {
    private Fabric8Threads() {}

    static List<String> names() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName).sorted()
                .toList();
    }

    /** The threads alive now that were not in {@code before} (by name, counted with repeats). */
    static List<String> newSince(List<String> before) {
        List<String> now = new ArrayList<>(names());
        before.forEach(now::remove);
        return now;
    }
}
