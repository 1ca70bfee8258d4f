package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.results.RunMetadata;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One client's units of a --clients run, each audited on its own, as one sidecar section. */
class RequestAuditTest {
    private static RunMetadata.Requests window(long clientWatch, long serverWatch, long selfWatch) {
        RunMetadata.Requests r = new RunMetadata.Requests();
        r.client = counts(1, clientWatch, 10, 2);
        r.client.put("other", 3L);
        r.client.put("tooManyRequests", 0L);
        r.server = counts(1, serverWatch, 10, 2);
        r.serverSelf = counts(0, selfWatch, 0, 0);
        return r;
    }

    private static Map<String, Long> counts(long list, long watch, long get, long write) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("list", list);
        m.put("watch", watch);
        m.put("get", get);
        m.put("write", write);
        return m;
    }

    @Test
    void addsTheWindowsAndSaysTheDifferencesOfTheSums() {
        RunMetadata.Requests agree = RequestAudit.combine(List.of(window(1, 2, 1), window(2, 2, 0)));
        assertThat(agree.client).containsEntry("watch", 3L).containsEntry("get", 20L).containsEntry("other", 6L);
        assertThat(agree.server).containsEntry("watch", 4L);
        assertThat(agree.serverSelf).containsEntry("watch", 1L);
        assertThat(agree.differences).isEmpty();

        RunMetadata.Requests differ = RequestAudit.combine(List.of(window(1, 1, 0), window(1, 3, 0)));
        assertThat(differ.differences).containsExactly("WATCH: server 4, clients 2");
    }

    @Test
    void aWindowWithoutTheServersCountLeavesItOut() {
        RunMetadata.Requests unread = new RunMetadata.Requests();
        unread.client = counts(1, 1, 0, 0);
        unread.serverUnavailable = "/metrics: 403 Forbidden";
        RunMetadata.Requests r = RequestAudit.combine(List.of(window(1, 1, 0), unread));
        assertThat(r.server).isNull();
        assertThat(r.serverUnavailable).isEqualTo("/metrics: 403 Forbidden");
        assertThat(r.client).containsEntry("list", 2L);
        assertThat(RequestAudit.combine(List.of())).isNull();
    }
}
