package dev.informerbench.audit;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;

/**
 * Requests by kind as the API server counted them ({@code apiserver_request_total}), in the
 * kinds {@link RequestCounter} uses for the suite's clients; OTHER has no counterpart here, as
 * the server counts discovery and {@code /version} under no resource. {@link #minus} gives
 * what happened between two scrapes.
 */
public record ServerCounts(long list, long watch, long get, long write) {
    public static final ServerCounts ZERO = new ServerCounts(0, 0, 0, 0);

    public ServerCounts plus(RequestKind kind, long n) {
        return switch (kind) {
            case LIST -> new ServerCounts(list + n, watch, get, write);
            case WATCH -> new ServerCounts(list, watch + n, get, write);
            case GET -> new ServerCounts(list, watch, get + n, write);
            case WRITE -> new ServerCounts(list, watch, get, write + n);
            case OTHER -> this;
        };
    }

    public ServerCounts minus(ServerCounts earlier) {
        return new ServerCounts(list - earlier.list, watch - earlier.watch, get - earlier.get, write - earlier.write);
    }

    /** The count of {@code kind}; 0 for OTHER. */
    public long of(RequestKind kind) {
        return switch (kind) {
            case LIST -> list;
            case WATCH -> watch;
            case GET -> get;
            case WRITE -> write;
            case OTHER -> 0;
        };
    }

    /** A client's counts in the same kinds (its OTHER and 429s dropped). */
    public static ServerCounts ofClient(RequestCounter.Counts client) {
        return new ServerCounts(client.list(), client.watch(), client.get(), client.write());
    }

    @Override
    public String toString() {
        return "LIST=" + list + " WATCH=" + watch + " GET=" + get + " writes=" + write;
    }
}
