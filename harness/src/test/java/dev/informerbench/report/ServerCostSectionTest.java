package dev.informerbench.report;

import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.withSecondary;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import dev.informerbench.metrics.SuiteMetric;
import dev.informerbench.results.Golden;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ServerCost's section, from two committed client files of results/20261202T161047Z_clients trimmed
 * to LIST_WATCH and POLL and to the four /proc measures (src/test/resources/.../report/servercost/);
 * client-go's rows at controllers=10 have the four removed, standing for windows whose server hid
 * /proc. The section is pinned in {@code golden/report/server-cost.html}, its charts cut to their titles.
 */
class ServerCostSectionTest {
    private static final Path DIR = Path.of("harness", "src", "test", "resources", "dev", "informerbench", "report",
            "servercost");
    /** Real runs copied from results/ (src/test/resources/runs/). */
    private static final Path RUNS = Path.of("harness", "src", "test", "resources", "runs");
    private static final Path JAVA = DIR.resolve("20261202T161047Z_client-java-27.0.0_k8s-1.36.3.json");
    private static final Path GO = DIR.resolve("20261202T161047Z_client-go-0.36.3_k8s-1.36.3.json");
    private static final String WINDOW = "dev.informerbench.bench.ServerCostBenchmark.window";

    @TempDir
    Path dir;

    private static CostAgainstN twoClients() {
        return CostAgainstN.of(ReportInput.of(List.of(JAVA, GO)), Comparison.DEFAULT_CONFIDENCE,
                CostAgainstN.Question.STEADY);
    }

    @Test
    void twoClientsSectionMatchesItsGolden() {
        Html page = new Html();
        ServerCostSection.write(page, twoClients());
        Golden.assertMatches("report/server-cost.html", RunReportTest.withoutChartBodies(page.toString()));
    }

    @Test
    void everyFilesLinesShareOneChartPerMeasure() {
        CostAgainstN data = twoClients();
        assertThat(data.lines()).extracting(CostAgainstN.Line::name).containsExactly("client-java 27.0.0 · LIST_WATCH",
                "client-java 27.0.0 · POLL", "client-go 0.36.3 · LIST_WATCH", "client-go 0.36.3 · POLL");
        assertThat(data.clients()).isEqualTo(2);
        assertThat(data.churns()).containsExactly("0", "10");
        assertThat(data.ns()).containsExactly("1", "10", "100");
        assertThat(data.shared()).isEqualTo("objects=100, pollMillis=10000, windowMillis=4000");
        String page = RunReport.render(List.of(JAVA, GO), 0.05, 13);
        assertThat(page).contains("<a href=\"#server-cost\">", "<section id=\"server-cost\">",
                "kube-apiserver CPU against N controllers", "etcd peak memory against N controllers");
    }

    /** The chart's value is the family table's: one Cell, computed once, by compare's statistics. */
    @Test
    void aPointIsTheMeanAndIntervalTheTablesShow() {
        CostAgainstN data = twoClients();
        Comparison comparison = Comparison.of(List.of(JAVA, GO), List.of("java", "go"), 0.05,
                Comparison.DEFAULT_CONFIDENCE);
        Table table = comparison.tables().stream().filter(t -> t.metric().equals("server.apiserverCores"))
                .findFirst().orElseThrow();
        Row row = table.rows().stream().filter(r -> r.params().startsWith("approach=POLL,churnPerSecond=0,"
                + "controllers=100,")).findFirst().orElseThrow();
        CostAgainstN.Line go = data.lines().get(3);
        Cell cell = data.cell(go, "0", "100", SuiteMetric.SERVER_APISERVER_CORES);
        assertThat(cell.ci()).isEqualTo(row.cells().get(1).ci());
        assertThat(cell.center()).isBetween(0.9, 1.0);
        assertThat(cell.n()).isEqualTo(2);
    }

    @Test
    void aMeasureTheServerDidNotGiveIsMissingNotZero() {
        CostAgainstN data = twoClients();
        CostAgainstN.Line go = data.lines().get(2);
        Cell hidden = data.cell(go, "10", "10", SuiteMetric.SERVER_ETCD_PEAK_MIB);
        assertThat(hidden.present()).isFalse();
        assertThat(hidden.missing()).isEqualTo("not recorded");
        assertThat(data.cell(go, "10", "100", SuiteMetric.SERVER_ETCD_PEAK_MIB).present()).isTrue();
        Html page = new Html();
        ServerCostSection.write(page, data);
        // 4 measures × 2 lines × 2 churn rates: a cell each, and the charts mark them under the axis.
        assertThat(page.toString().split("missing \\(not recorded\\)", -1)).hasSize(17);
        assertThat(Figures.serverCost(data, SuiteMetric.SERVER_ETCD_PEAK_MIB, "etcd"))
                .contains(">missing:</text>", ">not measured</text>").doesNotContain("NaN");
    }

    @Test
    void aMeasureNoRowHasIsSaidInsteadOfDrawn() {
        Path file = write(dir, "hidden.json", row("POLL", "1", "CLIENT_JAVA", false),
                row("POLL", "10", "CLIENT_JAVA", false));
        Html page = new Html();
        ServerCostSection.write(page,
                CostAgainstN.of(ReportInput.of(List.of(file)), 0.95, CostAgainstN.Question.STEADY));
        assertThat(page.toString()).doesNotContain("<svg", "<table").contains(
                "kube-apiserver CPU: not measured in any row (none has server.apiserverCores");
    }

    /** all-clients.json: one file, the clients told apart by their client param. */
    @Test
    void oneFileOfSeveralClientsGetsALinePerClient() {
        Path file = write(dir, "all-clients.json", row("POLL", "1", "CLIENT_JAVA", true),
                row("POLL", "1", "FABRIC8", true), row("POLL", "10", "FABRIC8", true));
        CostAgainstN data = CostAgainstN.of(ReportInput.of(List.of(file)), 0.95, CostAgainstN.Question.STEADY);
        assertThat(data.lines()).extracting(CostAgainstN.Line::name).containsExactly(
                "all-clients.json CLIENT_JAVA · POLL", "all-clients.json FABRIC8 · POLL");
        assertThat(data.cell(data.lines().get(0), "0", "10", SuiteMetric.SERVER_APISERVER_CORES)).isNull();
        assertThat(data.clients()).isEqualTo(2);
    }

    @Test
    void filesWithoutServerCostRowsHaveNoSuchSection() {
        Path aa = RUNS.resolve("20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json");
        assertThat(CostAgainstN.of(ReportInput.of(List.of(aa)), 0.95, CostAgainstN.Question.STEADY).any()).isFalse();
        assertThat(RunReport.render(List.of(aa), 0.05, 13)).doesNotContain("server-cost");
    }

    private static JsonObject row(String approach, String n, String client, boolean measured) {
        JsonObject e = withParams(entry(WINDOW, "ss", "ms/op", forks(2, 4000)), "approach", approach,
                "churnPerSecond", "0", "client", client, "controllers", n, "objects", "100");
        if (measured) {
            withSecondary(e, "server.apiserverCores", "cores", forks(2, 0.1 * Double.parseDouble(n)));
        }
        return e;
    }

    /**
     * A RestartStorm run (fabric8's, committed; pinned with its sidecar) has a section of its own, a
     * panel per object size.
     */
    @Test
    void aStormRunHasItsOwnSectionByObjectSize() {
        Path storm = RUNS.resolve("20261203T071648Z_clients/20261203T071648Z_fabric8-8.0.0_k8s-1.36.3.json");
        CostAgainstN data = CostAgainstN.of(ReportInput.of(List.of(storm)), 0.95, CostAgainstN.Question.STORM);
        assertThat(data.lines()).extracting(CostAgainstN.Line::name)
                .containsExactly("fabric8 8.0.0 · LIST_WATCH", "fabric8 8.0.0 · WATCH_LIST");
        assertThat(data.ns()).containsExactly("10", "100");
        assertThat(data.churns()).containsExactly("100");
        assertThat(data.measured(SuiteMetric.SERVER_APISERVER_PEAK_MIB)).isTrue();
        assertThat(CostAgainstN.of(ReportInput.of(List.of(storm)), 0.95, CostAgainstN.Question.STEADY).any()).isFalse();
        Html page = new Html();
        ServerCostSection.write(page, data);
        assertThat(page.toString()).contains("<section id=\"restart-storm\">", "objectKiB=100 (KiB more per object)");
    }
}
