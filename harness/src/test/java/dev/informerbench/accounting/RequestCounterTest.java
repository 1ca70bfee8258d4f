package dev.informerbench.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.support.Await;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** What every client's HTTP hook reports, counted the same way. */
class RequestCounterTest {
    @Test
    void countsEachRequestByKindAndEvery429() {
        RequestCounter counter = new RequestCounter();
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "limit=500");
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "watch=true&resourceVersion=12");
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps/cm-00001", null);
        counter.answered(RequestKind.GET, 429);
        counter.answered(RequestKind.GET, 200);
        counter.sent("PUT", "/api/v1/namespaces/ns/configmaps/cm-00001", null);
        counter.sent("GET", "/version", null);
        assertThat(counter.snapshot()).isEqualTo(new RequestCounter.Counts(1, 1, 1, 1, 1, 1));
        assertThat(counter.firstUrl(RequestKind.WATCH))
                .isEqualTo("/api/v1/namespaces/ns/configmaps?watch=true&resourceVersion=12");
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

    /** A WATCH is the server's once its stream opens; one sent and refused (or dropped) is not. */
    @Test
    void countsWatchesTheServerOpened() throws InterruptedException {
        RequestCounter counter = new RequestCounter();
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "watch=true");
        counter.answered(RequestKind.WATCH, 410);
        counter.sent("GET", "/api/v1/namespaces/ns/configmaps", "watch=true");
        assertThat(counter.watchesOpened()).isZero();
        assertThatThrownBy(() -> counter.awaitWatches(0, 1, Duration.ofMillis(50)))
                .isInstanceOf(Await.TimedOut.class).hasMessageContaining("0 so far, 2 WATCHes sent");
        counter.answered(RequestKind.WATCH, 200);
        counter.answered(RequestKind.WATCH, 101);
        counter.answered(RequestKind.GET, 200);
        assertThat(counter.watchesOpened()).isEqualTo(2);
        counter.awaitWatches(0, 2, Duration.ofMillis(50));
    }
}
