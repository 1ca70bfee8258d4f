package dev.informerbench.servercost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.servercost.ServerCounters.Counter;
import org.junit.jupiter.api.Test;

class ServerCountersTest {
    /** Lines as kube-apiserver v1.36.3 writes them, with other resources and groups around. */
    private static final String EARLIER = """
            # HELP apiserver_watch_events_total [ALPHA] Number of events sent in watch clients
            # TYPE apiserver_watch_events_total counter
            apiserver_watch_events_total{group="",resource="configmaps",version="v1"} 5
            apiserver_watch_events_total{group="",resource="namespaces",version="v1"} 7
            apiserver_watch_cache_events_received_total{group="",resource="configmaps"} 2
            apiserver_watch_cache_events_dispatched_total{group="",resource="configmaps"} 4
            apiserver_storage_list_total{group="",resource="configmaps"} 3
            apiserver_cache_list_total{group="",index="",resource="services"} 1
            etcd_requests_total{group="",operation="create",resource="configmaps"} 2
            etcd_requests_total{group="",operation="get",resource="configmaps"} 4
            etcd_requests_total{group="apps",operation="get",resource="configmaps"} 100
            apiserver_response_sizes_sum{component="apiserver",group="",resource="configmaps",scope="resource",\
            subresource="",verb="GET",version="v1"} 1000
            apiserver_response_sizes_sum{component="apiserver",group="",resource="configmaps",scope="namespace",\
            subresource="",verb="LIST",version="v1"} 24
            apiserver_watch_events_sizes_sum{group="",resource="configmaps",version="v1"} 2164
            go_memstats_heap_inuse_bytes 1.87375616e+08
            process_cpu_seconds_total 2.45
            """;

    private static final String LATER = EARLIER
            .replace("resource=\"configmaps\",version=\"v1\"} 5", "resource=\"configmaps\",version=\"v1\"} 205")
            .replace("events_received_total{group=\"\",resource=\"configmaps\"} 2",
                    "events_received_total{group=\"\",resource=\"configmaps\"} 102")
            .replace("operation=\"get\",resource=\"configmaps\"} 4", "operation=\"get\",resource=\"configmaps\"} 54")
            .replace("process_cpu_seconds_total 2.45", "process_cpu_seconds_total 3.5")
            .replace("heap_inuse_bytes 1.87375616e+08", "heap_inuse_bytes 2e+08")
            + "apiserver_cache_list_total{group=\"\",index=\"\",resource=\"configmaps\"} 1\n";

    @Test
    void aCounterIsTheSumOfItsConfigMapSeriesOfTheCoreGroup() {
        ServerCounters c = ServerCounters.parse(EARLIER);
        assertThat(c.get(Counter.WATCH_EVENTS_SENT)).isEqualTo(5);
        assertThat(c.get(Counter.ETCD_REQUESTS)).isEqualTo(6); // create + get, not apps' configmaps
        assertThat(c.get(Counter.RESPONSE_BYTES)).isEqualTo(1024);
        assertThat(c.get(Counter.PROCESS_CPU_SECONDS)).isEqualTo(2.45);
        assertThat(c.get(Counter.HEAP_INUSE_BYTES)).isEqualTo(1.87375616e8);
    }

    @Test
    void aFamilyWithoutAConfigMapSeriesHasCountedNoneButAMissingFamilyIsUnknown() {
        ServerCounters c = ServerCounters.parse(EARLIER);
        assertThat(c.get(Counter.LISTS_FROM_CACHE)).isZero(); // only services so far
        assertThat(ServerCounters.parse("process_cpu_seconds_total 1\n").get(Counter.WATCH_EVENTS_SENT)).isNaN();
    }

    @Test
    void aWindowIsTheDifferenceOfTwoScrapesAndTheHeapAsItIsAtTheEnd() {
        ServerCounters d = ServerCounters.parse(LATER).since(ServerCounters.parse(EARLIER));
        assertThat(d.get(Counter.WATCH_EVENTS_SENT)).isEqualTo(200);
        assertThat(d.get(Counter.WATCH_EVENTS_RECEIVED)).isEqualTo(100);
        assertThat(d.get(Counter.WATCH_EVENTS_DISPATCHED)).isZero();
        assertThat(d.get(Counter.ETCD_REQUESTS)).isEqualTo(50);
        assertThat(d.get(Counter.LISTS_FROM_CACHE)).isEqualTo(1);
        assertThat(d.get(Counter.PROCESS_CPU_SECONDS)).isCloseTo(1.05, within(1e-9));
        assertThat(d.get(Counter.HEAP_INUSE_BYTES)).isEqualTo(2e8);
    }

    @Test
    void aCounterOneScrapeLacksIsMissingFromTheWindow() {
        ServerCounters d =
                ServerCounters.parse(EARLIER).since(ServerCounters.parse("go_memstats_heap_inuse_bytes 1\n"));
        assertThat(d.get(Counter.WATCH_EVENTS_SENT)).isNaN();
        assertThat(d.get(Counter.HEAP_INUSE_BYTES)).isEqualTo(1.87375616e8);
    }
}
