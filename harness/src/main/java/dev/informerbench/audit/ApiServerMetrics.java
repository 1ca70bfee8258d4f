package dev.informerbench.audit;

import dev.informerbench.accounting.PrometheusText;
import dev.informerbench.accounting.RequestKind;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import okhttp3.Call;
import okhttp3.Response;

/**
 * What kube-apiserver itself counted, read from its {@code /metrics}: the requests for the
 * resources the suite touches (core {@code configmaps}, {@code namespaces}, {@code pods} and
 * {@code secrets}, subresources included) by {@link RequestKind}, as kubernetes/perf-tests counts them. Two counters:
 * {@value #REQUEST_TOTAL}, every request (counted when it ends: a WATCH when it closes), and
 * {@value #SELF_REQUEST_TOTAL}, the part sent by kube-apiserver's own loopback clients (its
 * informers on namespaces and on kube-system's ConfigMaps: three WatchList WATCHes, no LIST, each
 * counted as it ends and is renewed, 5-10 min apart; on a v1.36.3 local control plane all three
 * ended once 7-9 min after start, nothing else in 11 min).
 */
public final class ApiServerMetrics {
    public static final String REQUEST_TOTAL = "apiserver_request_total";
    public static final String SELF_REQUEST_TOTAL = "apiserver_selfrequest_total";
    public static final Set<String> RESOURCES = Set.of("configmaps", "namespaces", "pods", "secrets");

    /** One scrape: all requests for {@link #RESOURCES}, and kube-apiserver's own among them. */
    public record Snapshot(ServerCounts all, ServerCounts self) {
        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(all.minus(earlier.all), self.minus(earlier.self));
        }
    }

    /** The server's metrics could not be read; the message says why, in words. */
    public static final class Unavailable extends Exception {
        public Unavailable(String message) {
            super(message);
        }
    }

    private ApiServerMetrics() {}

    /**
     * The verb label as kube-apiserver v1.36 reports it (upper case, WATCHLIST already folded into
     * WATCH by the server, APPLY split from PATCH) as a kind; CONNECT, PROXY and others: none.
     */
    public static Optional<RequestKind> kind(String verb) {
        return switch (verb) {
            case "LIST" -> Optional.of(RequestKind.LIST);
            case "WATCH", "WATCHLIST" -> Optional.of(RequestKind.WATCH);
            case "GET" -> Optional.of(RequestKind.GET);
            case "POST", "PUT", "PATCH", "DELETE", "DELETECOLLECTION", "APPLY", "CREATE", "UPDATE" ->
                    Optional.of(RequestKind.WRITE);
            default -> Optional.empty();
        };
    }

    /** Reads both counters from a {@code /metrics} text. */
    public static Snapshot parse(String text) {
        return new Snapshot(counts(PrometheusText.samples(text, REQUEST_TOTAL)),
                counts(PrometheusText.samples(text, SELF_REQUEST_TOTAL)));
    }

    private static ServerCounts counts(List<PrometheusText.Sample> samples) {
        ServerCounts counts = ServerCounts.ZERO;
        for (PrometheusText.Sample s : samples) {
            Optional<RequestKind> kind = kind(s.label("verb"));
            if (kind.isPresent() && s.label("group").isEmpty() && RESOURCES.contains(s.label("resource"))) {
                counts = counts.plus(kind.get(), Math.round(s.value()));
            }
        }
        return counts;
    }

    /**
     * GET {@code <basePath>/metrics} with {@code client}'s own OkHttp client and credentials.
     * Needs the {@code get} verb on the non-resource URL {@code /metrics} (system:masters has it;
     * a restricted user gets 403, which is said, not thrown as a failure of the run).
     */
    public static Snapshot scrape(ApiClient client) throws Unavailable {
        String text = text(client);
        if (PrometheusText.samples(text, REQUEST_TOTAL).isEmpty()) {
            throw new Unavailable("/metrics has no " + REQUEST_TOTAL);
        }
        return parse(text);
    }

    /** The whole {@code /metrics} text, as {@link #scrape} reads it. */
    public static String text(ApiClient client) throws Unavailable {
        String text;
        try {
            Call call = client.buildCall(null, "/metrics", "GET", List.of(), List.of(), null,
                    Map.of("Accept", "text/plain"), Map.of(), Map.of(), new String[] {"BearerToken"}, null);
            try (Response response = call.execute()) {
                if (response.code() == 403) {
                    throw new Unavailable("GET /metrics is forbidden for this user (403)");
                }
                if (response.code() == 404) {
                    throw new Unavailable("the server has no /metrics (404)");
                }
                if (response.code() != 200 || response.body() == null) {
                    throw new Unavailable("GET /metrics answered " + response.code());
                }
                text = response.body().string();
            }
        } catch (ApiException | IOException e) {
            throw new Unavailable("GET /metrics failed: " + e.getMessage());
        }
        return text;
    }

    /** {@code process_cpu_seconds_total} of a {@code /metrics} text: what the process says it has used. */
    public static double processCpuSeconds(String text) throws Unavailable {
        List<PrometheusText.Sample> s = PrometheusText.samples(text, "process_cpu_seconds_total");
        if (s.size() != 1) {
            throw new Unavailable("/metrics has no single process_cpu_seconds_total");
        }
        return s.get(0).value();
    }
}
