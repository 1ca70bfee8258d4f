package dev.informerbench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestTotals;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clients' count against the server's, in words; and the per-JVM totals the clients' side is summed from. */
class RequestComparisonTest {
    static final RequestCounter.Counts CLIENTS = new RequestCounter.Counts(6, 9, 120, 1104, 40, 0);

    @Test
    void equalCountsAgree() {
        RequestComparison c = new RequestComparison(CLIENTS, new ServerCounts(6, 9, 120, 1104), ServerCounts.ZERO);
        assertThat(c.differences()).isEmpty();
        assertThat(c.line())
                .isEqualTo("API requests: clients and server agree (LIST 6, WATCH 9, GET 120, writes 1,104)");
    }

    @Test
    void theServersOwnLoopbackRequestsAreNamedNotCountedAgainstTheClients() {
        RequestComparison c = new RequestComparison(CLIENTS, new ServerCounts(6, 11, 120, 1104),
                new ServerCounts(0, 2, 0, 0));
        assertThat(c.differences()).isEmpty();
        assertThat(c.line()).endsWith("; the server also counted kube-apiserver's own loopback requests "
                + "(LIST 0, WATCH 2, GET 0, writes 0)");
    }

    @Test
    void eachKindThatDiffersIsSaid() {
        RequestComparison c = new RequestComparison(CLIENTS, new ServerCounts(6, 6, 121, 1104),
                new ServerCounts(0, 1, 0, 0));
        assertThat(c.differences()).containsExactly(
                "WATCH: server 5, clients 9 (besides 1 by kube-apiserver's own loopback clients)",
                "GET: server 121, clients 120");
        assertThat(c.line()).startsWith("API requests: clients and server differ: WATCH: server 5, clients 9");
    }

    @Test
    void counterThatWentDownIsNotACount() {
        RequestComparison c = new RequestComparison(CLIENTS, new ServerCounts(-100, 1, 2, 3), ServerCounts.ZERO);
        assertThat(c.differences()).singleElement().asString().contains("restart");
    }

    @Test
    void aJvmsTotalsFileHasTheSharedShapeAndTheFolderSums(@TempDir Path dir) throws Exception {
        RequestTotals.write(dir.resolve("1.json"), new RequestCounter.Counts(1, 2, 3, 4, 5, 6));
        assertThat(Files.readString(dir.resolve("1.json")))
                .isEqualTo("{\"list\":1,\"watch\":2,\"get\":3,\"write\":4,\"other\":5,\"tooManyRequests\":6}");
        // as another client's fork writes it: whitespace, another field order
        Files.writeString(dir.resolve("2.json"),
                "{ \"watch\": 20, \"list\": 10, \"get\": 30, \"write\": 40, \"other\": 50, \"tooManyRequests\": 0 }\n");
        Files.writeString(dir.resolve("notes.txt"), "not a totals file");
        assertThat(RequestTotals.sum(dir)).isEqualTo(new RequestCounter.Counts(11, 22, 33, 44, 55, 6));
        assertThat(RequestTotals.sum(dir.resolve("absent")).total()).isZero();
    }
}
