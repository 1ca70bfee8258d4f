package dev.informerbench.accounting;

import dev.informerbench.support.Await;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the HTTP requests a client sends, by {@link RequestKind}, and the 429 (Too Many
 * Requests) answers. It knows no HTTP library: each client's own hook (an OkHttp interceptor
 * for client-java, an HTTP {@code Interceptor} for fabric8) calls {@link #sent} once per
 * request, when it is sent (a watch counts when it opens), and {@link #answered} with its kind
 * and status. {@link #JVM} is the one counter every client the suite builds shares, and what the
 * fork's profiler reads, so {@code api.*} means the same for every client.
 */
public final class RequestCounter {
    /** The counter of all suite clients in this JVM. */
    public static final RequestCounter JVM = new RequestCounter();
    /**
     * The part of {@link #JVM} sent to a server other than the run's (a benchmark's private
     * control plane): counted in both, kept out of what is held against the run's server.
     */
    public static final RequestCounter ELSEWHERE = new RequestCounter();

    private final Map<RequestKind, LongAdder> counts = new EnumMap<>(RequestKind.class);
    private final LongAdder tooManyRequests = new LongAdder();
    private final LongAdder watchesOpened = new LongAdder();
    private final LongAdder listsWithoutResourceVersion = new LongAdder();
    private final Map<RequestKind, String> firstUrl = new ConcurrentHashMap<>();
    private volatile RequestKind last;

    public RequestCounter() {
        for (RequestKind kind : RequestKind.values()) {
            counts.put(kind, new LongAdder());
        }
    }

    /**
     * One request sent: {@code path} like {@code /api/v1/namespaces/ns/configmaps}, {@code query}
     * raw (or null). Returns its kind.
     */
    public RequestKind sent(String method, String path, String query) {
        RequestKind kind = RequestKind.classify(method, path, query);
        counts.get(kind).increment();
        firstUrl.putIfAbsent(kind, path + (query == null ? "" : "?" + query));
        if (kind == RequestKind.LIST && !RequestKind.hasParameter(query, "resourceVersion")) {
            listsWithoutResourceVersion.increment();
        }
        last = kind;
        return kind;
    }

    /** The status a request of {@code kind} was answered with (for a watch, when its stream opens). */
    public void answered(RequestKind kind, int status) {
        if (status == 429) {
            tooManyRequests.increment();
        }
        if (kind == RequestKind.WATCH && status >= 100 && status < 300) {
            watchesOpened.increment();
        }
    }

    /** WATCHes the server has answered with their stream (200, or 101 for a WebSocket) so far. */
    public long watchesOpened() {
        return watchesOpened.sum();
    }

    public Counts snapshot() {
        return new Counts(counts.get(RequestKind.LIST).sum(), counts.get(RequestKind.WATCH).sum(),
                counts.get(RequestKind.GET).sum(), counts.get(RequestKind.WRITE).sum(),
                counts.get(RequestKind.OTHER).sum(), tooManyRequests.sum());
    }

    /**
     * Waits until the server has opened at least {@code watches} WATCH streams since
     * {@code openedBefore} (a {@link #watchesOpened} reading); {@link Await.TimedOut} after
     * {@code timeout}, as a request missing there would be counted in the wrong place. Informers
     * open their WATCH just after the LIST has synced the cache, so "synced" comes a moment
     * before it; and a WATCH only sent is not yet the server's: fabric8 drops one still in flight
     * when its client closes, and the server never sees it.
     */
    public void awaitWatches(long openedBefore, long watches, Duration timeout) throws InterruptedException {
        Await.until(timeout, () -> watches + " WATCH streams opened (" + (watchesOpened() - openedBefore) + " so far, "
                        + snapshot().watch() + " WATCHes sent in all)",
                () -> watchesOpened() - openedBefore >= watches);
    }

    /**
     * LISTs sent without a resourceVersion (or an empty one): consistent reads the server serves
     * from etcd. client-java sends those only after a 410 Gone.
     */
    public long listsWithoutResourceVersion() {
        return listsWithoutResourceVersion.sum();
    }

    /** The kind of the latest request sent, or null before the first. */
    public RequestKind last() {
        return last;
    }

    /** Path and query of the first request of that kind this counter saw, if any. */
    public String firstUrl(RequestKind kind) {
        return firstUrl.get(kind);
    }

    /** Request counts at one moment; {@link #minus} gives what happened between two. */
    public record Counts(long list, long watch, long get, long write, long other, long tooManyRequests) {
        public Counts minus(Counts earlier) {
            return new Counts(list - earlier.list, watch - earlier.watch, get - earlier.get, write - earlier.write,
                    other - earlier.other, tooManyRequests - earlier.tooManyRequests);
        }

        public Counts plus(Counts other) {
            return new Counts(list + other.list, watch + other.watch, get + other.get, write + other.write,
                    this.other + other.other, tooManyRequests + other.tooManyRequests);
        }

        public long total() {
            return list + watch + get + write + other;
        }

        @Override
        public String toString() {
            return "LIST=" + list + " WATCH=" + watch + " GET=" + get + " writes=" + write + " other=" + other
                    + " 429=" + tooManyRequests;
        }
    }
}
