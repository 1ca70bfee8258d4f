package dev.informerbench.runner;

import dev.informerbench.audit.ApiServerMetrics;
import dev.informerbench.audit.RequestComparison;
import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestTotals;
import dev.informerbench.audit.ServerCounts;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.support.Await;
import io.kubernetes.client.openapi.ApiClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's requests held against the API server's own count: {@code /metrics} scraped as the
 * run starts and after its last request, the forks' totals ({@link RequestTotals}, one file per
 * fork in {@link #dir}) summed with the runner's own. A server whose {@code /metrics} cannot be
 * read (forbidden, absent) is recorded with the reason; the run goes on.
 */
final class RequestAudit {
    /** The server counts a WATCH when it ends: the forks' watches closed as they exited, a moment ago. */
    private static final Duration SETTLE = Duration.ofSeconds(5);
    private static final Duration SETTLE_POLL = Duration.ofMillis(250);

    private final ApiClient client;
    private final Path dir;
    private final RequestCounter.Counts runnerStart;
    private ApiServerMetrics.Snapshot serverStart;
    private String unavailable;
    private String line;

    /** Scrapes now; {@code client} must count its requests in {@link RequestCounter#JVM}. */
    RequestAudit(ApiClient client, Path dir) {
        this.client = client;
        this.dir = dir;
        this.runnerStart = runnerCounts();
        try {
            serverStart = ApiServerMetrics.scrape(client);
        } catch (ApiServerMetrics.Unavailable e) {
            unavailable = e.getMessage();
        }
    }

    Path dir() {
        return dir;
    }

    /** After the run's last request: the sidecar's section (also giving {@link #line()}). */
    RunMetadata.Requests finish() throws IOException {
        RequestCounter.Counts clients = RequestTotals.sum(dir).plus(runnerCounts().minus(runnerStart));
        RunMetadata.Requests out = new RunMetadata.Requests();
        out.client = clientMap(clients);
        ApiServerMetrics.Snapshot delta = serverStart == null ? null : settledDelta(clients);
        if (delta == null) {
            out.serverUnavailable = unavailable;
            line = RequestComparison.unavailableLine(clients, unavailable);
            return out;
        }
        RequestComparison comparison = new RequestComparison(clients, delta.all(), delta.self());
        out.server = serverMap(delta.all());
        out.serverSelf = serverMap(delta.self());
        out.differences = comparison.differences();
        line = comparison.line();
        return out;
    }

    /** The run's one line for its summary; after {@link #finish}. */
    String line() {
        return line;
    }

    /** The server's growth since the start, scraped until it agrees with the clients or {@link #SETTLE} has passed. */
    private ApiServerMetrics.Snapshot settledDelta(RequestCounter.Counts clients) {
        ApiServerMetrics.Snapshot[] last = new ApiServerMetrics.Snapshot[1];
        try {
            Await.until(SETTLE, SETTLE_POLL, () -> "the server's count to agree with the clients'", () -> {
                try {
                    last[0] = ApiServerMetrics.scrape(client).minus(serverStart);
                } catch (ApiServerMetrics.Unavailable e) {
                    unavailable = "at the end of the run: " + e.getMessage();
                    return true;
                }
                return new RequestComparison(clients, last[0].all(), last[0].self()).differences().isEmpty();
            });
        } catch (Await.TimedOut disagree) {
            // the last scrape stands, and its differences are said
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return last[0];
    }

    /**
     * The sections of several consecutive windows (the units of one client in a --clients run)
     * as one: counts added, differences said again over the sums. The server's part is left out
     * when any window lacks it.
     */
    static RunMetadata.Requests combine(List<RunMetadata.Requests> windows) {
        if (windows.isEmpty()) {
            return null;
        }
        RunMetadata.Requests out = new RunMetadata.Requests();
        boolean server = windows.stream().allMatch(w -> w.server != null && w.serverSelf != null);
        for (RunMetadata.Requests w : windows) {
            w.client.forEach((k, v) -> out.client.merge(k, v, Long::sum));
            if (server) {
                out.server = add(out.server, w.server);
                out.serverSelf = add(out.serverSelf, w.serverSelf);
            } else if (w.serverUnavailable != null && out.serverUnavailable == null) {
                out.serverUnavailable = w.serverUnavailable;
            }
        }
        if (server) {
            out.differences = new RequestComparison(clientCounts(out.client), serverCounts(out.server),
                    serverCounts(out.serverSelf)).differences();
        }
        return out;
    }

    private static Map<String, Long> add(Map<String, Long> sum, Map<String, Long> more) {
        Map<String, Long> out = sum == null ? new LinkedHashMap<>() : sum;
        more.forEach((k, v) -> out.merge(k, v, Long::sum));
        return out;
    }

    private static RequestCounter.Counts clientCounts(Map<String, Long> m) {
        return new RequestCounter.Counts(m.getOrDefault("list", 0L), m.getOrDefault("watch", 0L),
                m.getOrDefault("get", 0L), m.getOrDefault("write", 0L), m.getOrDefault("other", 0L),
                m.getOrDefault("tooManyRequests", 0L));
    }

    private static ServerCounts serverCounts(Map<String, Long> m) {
        return new ServerCounts(m.getOrDefault("list", 0L), m.getOrDefault("watch", 0L), m.getOrDefault("get", 0L),
                m.getOrDefault("write", 0L));
    }

    /** This JVM's own requests to the run's server (the runner's client; benchmarks run with -f 0). */
    private static RequestCounter.Counts runnerCounts() {
        return RequestCounter.JVM.snapshot().minus(RequestCounter.ELSEWHERE.snapshot());
    }

    private static Map<String, Long> clientMap(RequestCounter.Counts c) {
        Map<String, Long> m = serverMap(ServerCounts.ofClient(c));
        m.put("other", c.other());
        m.put("tooManyRequests", c.tooManyRequests());
        return m;
    }

    private static Map<String, Long> serverMap(ServerCounts c) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("list", c.list());
        m.put("watch", c.watch());
        m.put("get", c.get());
        m.put("write", c.write());
        return m;
    }
}
