package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.RunMetadata;

/**
 * A run's requests as its clients counted them against kube-apiserver's own count. LIST, GET and
 * writes must agree exactly. A WATCH is counted by the server only when it is served and ends; a
 * client stopping an informer can cancel a WATCH it has just sent before the server serves it, so
 * the clients may count one WATCH more than the server (seen once in a smoke run: 46 against 45),
 * never fewer, and never more than one.
 */
final class ServerAgreement {
    private ServerAgreement() {}

    static void assertAgree(RunMetadata.Requests requests, String who) {
        assertThat(requests).as(who + ": requests").isNotNull();
        assertThat(requests.server).as(who + ": " + requests.serverUnavailable).isNotNull();
        String counts = who + ": clients " + requests.client + ", server " + requests.server + ", of it its own "
                + requests.serverSelf;
        for (String kind : new String[] {"list", "get", "write"}) {
            assertThat(requests.client.get(kind)).as(counts).isEqualTo(external(requests, kind));
        }
        assertThat(requests.client.get("watch") - external(requests, "watch")).as(counts).isBetween(0L, 1L);
    }

    private static long external(RunMetadata.Requests requests, String kind) {
        return requests.server.get(kind) - requests.serverSelf.getOrDefault(kind, 0L);
    }
}
