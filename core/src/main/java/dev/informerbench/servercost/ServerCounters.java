package dev.informerbench.servercost;

import dev.informerbench.accounting.PrometheusText;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What kube-apiserver's {@code /metrics} says of the ConfigMaps the suite's controllers read, and of
 * itself: counters of one scrape, each summed over its other labels; a window is the difference of
 * two. A counter the text lacks (another version, a filtered endpoint) is {@code NaN}: missing, not 0.
 * The names and labels are kube-apiserver v1.36's ({@code group="",resource="configmaps"}).
 */
public record ServerCounters(Map<Counter, Double> values) {
    static final String RESOURCE = "configmaps";

    /** The counters read, with the metric each comes from. */
    public enum Counter {
        /** CPU the process says it has used, s. */
        PROCESS_CPU_SECONDS("process_cpu_seconds_total", false),
        /** Go heap in use now, bytes (a gauge: the later scrape's value, not a difference). */
        HEAP_INUSE_BYTES("go_memstats_heap_inuse_bytes", false),
        /** Events sent to watchers: each event once per watcher that gets it. */
        WATCH_EVENTS_SENT("apiserver_watch_events_total", true),
        /** Events the watch cache got from etcd: each event once, whatever the watchers. */
        WATCH_EVENTS_RECEIVED("apiserver_watch_cache_events_received_total", true),
        /** Events the watch cache dispatched: on v1.36.3 once per watcher too, as sent (measured). */
        WATCH_EVENTS_DISPATCHED("apiserver_watch_cache_events_dispatched_total", true),
        WATCH_EVENT_BYTES("apiserver_watch_events_sizes_sum", true),
        LISTS_FROM_CACHE("apiserver_cache_list_total", true),
        LISTS_FROM_STORAGE("apiserver_storage_list_total", true),
        ETCD_REQUESTS("etcd_requests_total", true),
        /** Bytes of the answers to GETs and LISTs (kube-apiserver sizes no other verb). */
        RESPONSE_BYTES("apiserver_response_sizes_sum", true),
        /**
         * ConfigMap WATCHes open now, whatever their transport (a gauge; WATCH only). The events of
         * a WebSocket watch (fabric8's) are not in {@link #WATCH_EVENTS_SENT}: v1.36 counts those
         * on the HTTP-streaming path alone (handlers/watch.go's HandleHTTP, not HandleWS).
         */
        OPEN_WATCHES("apiserver_longrunning_requests", true);

        private final String metric;
        private final boolean perResource;

        Counter(String metric, boolean perResource) {
            this.metric = metric;
            this.perResource = perResource;
        }

        public String metric() {
            return metric;
        }
    }

    public ServerCounters {
        values = Map.copyOf(values);
    }

    /** The counters of one {@code /metrics} text. */
    public static ServerCounters parse(String text) {
        Map<Counter, Double> values = new EnumMap<>(Counter.class);
        Map<String, List<PrometheusText.Sample>> byName = PrometheusText.samples(text,
                Arrays.stream(Counter.values()).map(Counter::metric).collect(Collectors.toSet()));
        for (Counter c : Counter.values()) {
            List<PrometheusText.Sample> samples = byName.get(c.metric);
            if (samples.isEmpty()) {
                values.put(c, Double.NaN); // the server does not say
                continue;
            }
            // A family present without a ConfigMaps series has counted none of them yet: 0.
            values.put(c, samples.stream().filter(s -> !c.perResource
                            || s.label("resource").equals(RESOURCE) && s.label("group").isEmpty())
                    .filter(s -> c != Counter.OPEN_WATCHES || s.label("verb").equals("WATCH"))
                    .mapToDouble(PrometheusText.Sample::value).sum());
        }
        return new ServerCounters(values);
    }

    public double get(Counter c) {
        return values.getOrDefault(c, Double.NaN);
    }

    /**
     * What happened between {@code earlier} and this scrape: differences of the counters, the
     * gauges (heap, open watches) as they are now; NaN where either scrape lacks the counter.
     */
    public ServerCounters since(ServerCounters earlier) {
        Map<Counter, Double> d = new EnumMap<>(Counter.class);
        for (Counter c : Counter.values()) {
            double now = get(c);
            double before = earlier.get(c);
            d.put(c, c == Counter.HEAP_INUSE_BYTES || c == Counter.OPEN_WATCHES ? now : now - before);
        }
        return new ServerCounters(d);
    }
}
