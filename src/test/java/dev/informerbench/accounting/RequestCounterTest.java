package dev.informerbench.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What every client's HTTP hook reports, counted the same way. */
class RequestCounterTest {
    @Test
    void countsEachRequestByKindAndEvery429() {
        RequestCounter counter = new RequestCounter();
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "limit=500");
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "watch=true&resourceVersion=12");
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps/cm-00001", null);
        counter.answered(429);
        counter.answered(200);
        counter.sent("PUT", "/api/v1/namespaces/ns/configmaps/cm-00001", null);
        counter.sent("GET", "/version", null);
        assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(1, 1, 1, 1, 1, 1));
        assertThat(counter.firstUrl(RequestKind.WATCH)).isEqualTo("/api/v1/namespaces/ns/configmaps?watch=true&resourceVersion=12");
        assertThat(counter.last()).isEqualTo(RequestKind.OTHER);
    }

    /** A LIST without a resourceVersion is a consistent read from etcd: client-java sends it after a 410. */
    @Test
    void tellsListsWithoutResourceVersion() {
        RequestCounter counter = new RequestCounter();
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "resourceVersion=0&limit=500");
        assertThat(counter.listsWithoutResourceVersion()).isZero();
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "resourceVersion=&limit=500");
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "limit=500");
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", null);
        assertThat(counter.listsWithoutResourceVersion()).isEqualTo(3);
    }
}
