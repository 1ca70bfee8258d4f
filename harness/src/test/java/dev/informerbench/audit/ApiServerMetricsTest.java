package dev.informerbench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.PrometheusText;
import dev.informerbench.accounting.RequestKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading kube-apiserver's /metrics: the text format, and the counts per kind for the suite's resources. */
class ApiServerMetricsTest {
    /** Lines of a real local control plane v1.36.3's /metrics, trimmed (ServerRequestCountIT's run). */
    static String fixture() throws IOException {
        try (InputStream in = ApiServerMetricsTest.class.getResourceAsStream("apiserver-metrics.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void countsTheSuitesResourcesByKindAndTheServersOwnApart() throws IOException {
        ApiServerMetrics.Snapshot s = ApiServerMetrics.parse(fixture());
        // configmaps and namespaces in the core group, any code and scope; /readyz, services, flowschemas left out
        assertThat(s.all()).isEqualTo(new ServerCounts(3, 1, 29, 31));
        assertThat(s.self()).isEqualTo(new ServerCounts(0, 0, 18, 9));
    }

    @Test
    void verbsAsKubeApiserverReportsThem() {
        assertThat(ApiServerMetrics.kind("LIST")).contains(RequestKind.LIST);
        assertThat(ApiServerMetrics.kind("WATCH")).contains(RequestKind.WATCH);
        assertThat(ApiServerMetrics.kind("WATCHLIST")).contains(RequestKind.WATCH);
        assertThat(ApiServerMetrics.kind("GET")).contains(RequestKind.GET);
        for (String write : List.of("POST", "PUT", "PATCH", "DELETE", "DELETECOLLECTION", "APPLY")) {
            assertThat(ApiServerMetrics.kind(write)).as(write).contains(RequestKind.WRITE);
        }
        assertThat(ApiServerMetrics.kind("CONNECT")).isEmpty();
        assertThat(ApiServerMetrics.kind("other")).isEmpty();
    }

    @Test
    void aSnapshotMinusAnEarlierOneIsWhatHappenedBetween() {
        ApiServerMetrics.Snapshot before = new ApiServerMetrics.Snapshot(new ServerCounts(1, 2, 3, 4),
                new ServerCounts(0, 1, 0, 0));
        ApiServerMetrics.Snapshot after = new ApiServerMetrics.Snapshot(new ServerCounts(3, 5, 13, 24),
                new ServerCounts(0, 2, 0, 1));
        assertThat(after.minus(before)).isEqualTo(new ApiServerMetrics.Snapshot(new ServerCounts(2, 3, 10, 20),
                new ServerCounts(0, 1, 0, 1)));
    }

    @Test
    void labelsInAnyOrderEscapedQuotesAndExponents() {
        String text = """
                # HELP apiserver_request_total Counter of apiserver requests.
                # TYPE apiserver_request_total counter
                apiserver_request_total{verb="GET",resource="configmaps",group="",code="200"} 1e+06
                apiserver_request_total{code="200", resource="namespaces",verb="LIST",group="", \
                x="a \\"quoted\\" \\\\ value"} 2.5e1 1700000000000
                apiserver_request_total{group="",resource="configmaps",verb="WATCHLIST"} 3
                apiserver_request_total{group="apps",resource="configmaps",verb="GET"} 7
                apiserver_request_total_other{group="",resource="configmaps",verb="GET"} 9
                apiserver_request_total_bucket{group="",resource="configmaps",verb="GET",le="+Inf"} 9
                """;
        assertThat(ApiServerMetrics.parse(text).all()).isEqualTo(new ServerCounts(25, 3, 1_000_000, 0));
        PrometheusText.Sample quoted = PrometheusText.samples(text, "apiserver_request_total").get(1);
        assertThat(quoted.label("x")).isEqualTo("a \"quoted\" \\ value");
        assertThat(quoted.label("missing")).isEmpty();
    }
}
