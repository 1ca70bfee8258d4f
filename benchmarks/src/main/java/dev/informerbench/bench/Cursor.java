package dev.informerbench.bench;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/** Each thread's position in the shared {@link KeyOrder}; threads start far apart. */
@State(Scope.Thread)
public class Cursor {
    int next;

    @Setup
    public void setup(ThreadParams thread) {
        next = thread.getThreadIndex() * 7919;
    }

    int advance(int mask) {
        return next++ & mask;
    }
}
