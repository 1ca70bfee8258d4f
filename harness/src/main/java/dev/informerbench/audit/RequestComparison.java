package dev.informerbench.audit;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The suite's own request count held against the API server's, over one run: what every JVM
 * of the run counted ({@code clients}), what {@code apiserver_request_total} grew by for the
 * suite's resources ({@code server}), and the part of that sent by kube-apiserver's own loopback
 * clients ({@code serverSelf}, from {@code apiserver_selfrequest_total}), which no client of the
 * suite sent: clients are held against server minus serverSelf, and the loopback part is named.
 */
public record RequestComparison(RequestCounter.Counts clients, ServerCounts server, ServerCounts serverSelf) {
    private static final List<RequestKind> KINDS = List.of(RequestKind.LIST, RequestKind.WATCH, RequestKind.GET,
            RequestKind.WRITE);

    /** One sentence per kind the two disagree on, e.g. {@code WATCH: server 5, clients 4}; empty when they agree. */
    public List<String> differences() {
        List<String> out = new ArrayList<>();
        if (KINDS.stream().anyMatch(k -> server.of(k) < 0)) {
            out.add("the server's counters went down during the run (did it restart?): its counts say nothing");
            return out;
        }
        for (RequestKind k : KINDS) {
            long external = server.of(k) - serverSelf.of(k);
            if (external != clients(k)) {
                out.add(String.format(Locale.ROOT, "%s: server %,d, clients %,d", k, external, clients(k))
                        + (serverSelf.of(k) > 0 ? String.format(Locale.ROOT,
                                " (besides %,d by kube-apiserver's own loopback clients)", serverSelf.of(k)) : ""));
            }
        }
        return out;
    }

    /**
     * The run's one line, e.g.
     * {@code API requests: clients and server agree (LIST 6, WATCH 9, GET 120, writes 1,104)}.
     */
    public String line() {
        List<String> differences = differences();
        String line = differences.isEmpty()
                ? "API requests: clients and server agree (" + counts(ServerCounts.ofClient(clients)) + ")"
                : "API requests: clients and server differ: " + String.join("; ", differences) + " (clients: "
                        + counts(ServerCounts.ofClient(clients)) + ")";
        if (differences.isEmpty() && KINDS.stream().anyMatch(k -> serverSelf.of(k) > 0)) {
            line += "; the server also counted kube-apiserver's own loopback requests (" + counts(serverSelf) + ")";
        }
        return line;
    }

    /** The line when the server's count could not be read. */
    public static String unavailableLine(RequestCounter.Counts clients, String why) {
        return "API requests: clients sent " + counts(ServerCounts.ofClient(clients))
                + "; the server's own count was not read: " + why;
    }

    private long clients(RequestKind kind) {
        return ServerCounts.ofClient(clients).of(kind);
    }

    private static String counts(ServerCounts c) {
        return String.format(Locale.ROOT, "LIST %,d, WATCH %,d, GET %,d, writes %,d", c.list(), c.watch(), c.get(),
                c.write());
    }
}
