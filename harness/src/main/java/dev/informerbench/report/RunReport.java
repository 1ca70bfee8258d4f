package dev.informerbench.report;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.History;
import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code ./run-bench.sh report}: one HTML page for one result file or several compared with the
 * first. Per question (benchmark family) a chart of the scores with their intervals, one colour
 * per file (client or version), the change against the first file when there are several,
 * a table with the noise floor and stationarity flags and one of the API requests; then, for
 * ServerCost's rows, the server's CPU and memory against N (all files' lines on one chart); the
 * GET latency percentile curves, the runs' metadata and everything flagged. The page holds its
 * CSS and SVG inline and runs no script: it opens offline, from an artifact or a mail.
 */
public final class RunReport {
    private RunReport() {}

    /** The page for {@code files} (the first is the base), with compare's statistics settings. */
    public static String render(List<Path> files, double alpha, double minChange) {
        return render(files, alpha, minChange, false);
    }

    /**
     * As above; {@code history}: the files are versions of a client in order, and the page opens
     * with each client's history ({@link HistorySection}) before the questions.
     */
    public static String render(List<Path> files, double alpha, double minChange, boolean history) {
        List<History> histories = history ? History.of(files, alpha, Comparison.DEFAULT_CONFIDENCE, minChange)
                : List.of();
        List<ReportInput> inputs = ReportInput.of(files);
        List<String> labels = inputs.stream().map(ReportInput::label).toList();
        Comparison comparison = Comparison.of(files, labels, alpha, Comparison.DEFAULT_CONFIDENCE, minChange);
        RequestCounts requests = RequestCounts.of(files);
        Map<String, List<Table>> families = families(comparison);
        List<CostAgainstN> serverCosts = Stream.of(CostAgainstN.Question.values())
                .map(q -> CostAgainstN.of(inputs, comparison.confidence(), q)).filter(CostAgainstN::any).toList();

        List<AnswerSection.Times> answer = AnswerSection.of(inputs, comparison.confidence());
        Html page = new Html();
        page.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .element("title", "", "informer-bench report: " + String.join(" vs ", labels))
                .raw("<style>\n" + Style.CSS + "</style>\n</head>\n<body>\n");
        page.element("h1", "", "informer-bench report");
        page.open("p", "class=\"lead\"").text(lead(comparison, inputs)).close("p");
        page.open("nav", "").open("ul", "");
        if (AnswerSection.any(answer)) {
            page.open("li", "").raw("<a href=\"#answer\">A cache read against a GET</a>").close("li");
        }
        histories.forEach(h -> page.open("li", "").raw("<a href=\"#" + HistorySection.id(h) + "\">History: "
                + Html.escape(h.client()) + "</a>").close("li"));
        families.keySet().forEach(f -> page.open("li", "").raw(link(f)).close("li"));
        serverCosts.forEach(c -> page.open("li", "").raw("<a href=\"#" + c.question().id + "\">"
                + Html.escape(c.question().heading) + "</a>").close("li"));
        if (LatencySection.any(inputs)) {
            page.open("li", "").raw("<a href=\"#latency\">GET latency percentiles</a>").close("li");
        }
        page.open("li", "").raw("<a href=\"#runs\">Runs</a>").close("li");
        page.open("li", "").raw("<a href=\"#flags\">Flags</a>").close("li");
        page.close("ul").close("nav");
        if (AnswerSection.any(answer)) {
            AnswerSection.write(page, answer, comparison.confidence());
        }
        histories.forEach(h -> HistorySection.write(page, h));
        families.forEach((family, tables) -> FamilySection.write(page, family, tables, comparison, requests));
        serverCosts.forEach(c -> ServerCostSection.write(page, c));
        if (LatencySection.any(inputs)) {
            LatencySection.write(page, inputs);
        }
        RunsSection.write(page, inputs, comparison);
        FlagsSection.write(page, inputs, comparison);
        page.raw("</body>\n</html>\n");
        return page.toString();
    }

    private static String lead(Comparison comparison, List<ReportInput> inputs) {
        String what = inputs.size() == 1 ? "One run: " + inputs.get(0).label() + "."
                : inputs.size() + " runs, each against the first (" + inputs.get(0).label() + ").";
        return what + " Means are the mean of the forks' means with their "
                + ReportNumbers.plain(comparison.confidence() * 100) + "% interval (forks are the independent "
                + "units). A change is called only beyond its noise floor: the interval of the ratio widened by the "
                + "drift between runs (--min-change " + ReportNumbers.plain(comparison.minChange()) + "%), as compare "
                + "reports it.";
    }

    private static String link(String family) {
        return "<a href=\"#" + Html.anchor("f-" + family) + "\">" + Html.escape(family) + "</a>";
    }

    /** The primary tables' rows by benchmark class (the question), in the order the files list them. */
    static Map<String, List<Table>> families(Comparison comparison) {
        Map<String, List<Table>> families = new LinkedHashMap<>();
        for (Table table : comparison.primaryTables()) {
            Map<String, List<Row>> byFamily = new LinkedHashMap<>();
            table.rows().forEach(r -> byFamily.computeIfAbsent(family(r), k -> new ArrayList<>()).add(r));
            byFamily.forEach((family, rows) -> families.computeIfAbsent(family, k -> new ArrayList<>())
                    .add(new Table(true, table.metric(), table.mode(), table.unit(), table.direction(), rows, null)));
        }
        return families;
    }

    /**
     * {@code ListerGet} for {@code dev.informerbench.bench.ListerGetBenchmark.lister_t1}: the class of
     * the row's shown name, which keeps as much of the package as tells two classes of one simple name apart.
     */
    static String family(Row row) {
        int dot = row.name().lastIndexOf('.');
        return dot < 0 ? row.name() : row.name().substring(0, dot).replaceFirst("Benchmark$", "");
    }
}
