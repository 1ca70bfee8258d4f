package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.plot.Axis;
import dev.informerbench.plot.DotWhiskerFigure;
import dev.informerbench.results.JmhJson;
import dev.informerbench.summary.RunSummary;
import dev.informerbench.statistics.ForkStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The page's first figure: the question the suite is named for. A read from the informer's
 * cache, a GET and a GET behind the client-side limiter, as the time one caller waits, on one
 * log axis (they are six decades apart), every file a colour; and the two ratios in a table.
 */
final class AnswerSection {
    /** The three rows, as the summary names them. */
    private static final List<String> ROWS = List.of("ListerGet.lister_t1", "DirectGet.unthrottled",
            "DirectGet.throttled");
    private static final List<String> LABELS = List.of("a cache read (Lister.get, 1 thread)",
            "a GET (one caller, back to back)", "a GET behind the client's limiter (QPS 5, burst 10)");

    /** The suite's own benchmarks: another project's ListerGetBenchmark answers another question. */
    private static final String SUITE = "dev.informerbench.";

    private AnswerSection() {}

    /** Per file, the three rows' time per call with its interval; null where the file has no such row. */
    record Times(String label, List<ForkStatistics.Interval> rows) {}

    static List<Times> of(List<ReportInput> inputs, double confidence) {
        List<Times> out = new ArrayList<>();
        for (ReportInput input : inputs) {
            List<JmhJson.Entry> entries = JmhJson.read(input.file());
            List<ForkStatistics.Interval> rows = new ArrayList<>();
            for (String name : ROWS) {
                rows.add(entries.stream().filter(e -> e.benchmark().startsWith(SUITE) && e.shortName().equals(name)
                        && "1000".equals(e.params().getOrDefault("objects", "1000"))).findFirst()
                        .flatMap(e -> nanos(e, confidence)).orElse(null));
            }
            out.add(new Times(input.label(), rows));
        }
        return out;
    }

    /** Whether any file has a cache read and a GET: else there is no question to answer on this page. */
    static boolean any(List<Times> times) {
        return times.stream().anyMatch(t -> t.rows().get(0) != null && (t.rows().get(1) != null
                || t.rows().get(2) != null));
    }

    /**
     * The time one call takes, in ns, with its interval: an avgt score is that; a throughput's
     * interval is turned over (threads / rate), its ends swapping places.
     */
    static Optional<ForkStatistics.Interval> nanos(JmhJson.Entry e, double confidence) {
        Optional<Double> center = RunSummary.nanosPerOp(e);
        if (center.isEmpty()) {
            return Optional.empty();
        }
        ForkStatistics.Interval ci = Cell.of(e.primary(), e.primary().unit(), confidence).ci();
        double per = center.get() / ci.estimate();
        boolean inverse = e.primary().unit().startsWith("ops/");
        if (!ci.bounded()) {
            return Optional.of(new ForkStatistics.Interval(center.get(), Double.NaN, Double.NaN, ci.units(), false));
        }
        double low = inverse ? center.get() * ci.estimate() / ci.high() : ci.low() * per;
        double high = inverse ? center.get() * ci.estimate() / ci.low() : ci.high() * per;
        return Optional.of(new ForkStatistics.Interval(center.get(), low, high, ci.units(), true));
    }

    static void write(Html page, List<Times> times, double confidence) {
        page.open("section", "id=\"answer\"").element("h2", "", "A cache read against a GET");
        String pct = ReportNumbers.plain(confidence * 100) + "%";
        List<DotWhiskerFigure.Row> rows = new ArrayList<>();
        for (int r = 0; r < ROWS.size(); r++) {
            List<DotWhiskerFigure.Point> points = new ArrayList<>();
            for (Times t : times) {
                ForkStatistics.Interval ci = t.rows().get(r);
                points.add(ci == null ? null : new DotWhiskerFigure.Point(ci.estimate(), ci.bounded() ? ci.low()
                        : Double.NaN, ci.bounded() ? ci.high() : Double.NaN, ci.bounded()));
            }
            rows.add(new DotWhiskerFigure.Row(LABELS.get(r), points));
        }
        DotWhiskerFigure figure = new DotWhiskerFigure("The time one caller waits for an object",
                times.stream().map(Times::label).toList(), List.of(new DotWhiskerFigure.Panel("per call (ns, lower is"
                        + " better)", Axis.Scale.LOG, " ns", OptionalDouble.empty(), 0, rows)),
                new DotWhiskerFigure.Legend("mean ± " + pct + " CI", "no interval", "missing"),
                "Dot: the mean of the forks' means, as the time of one call (a GET's rate turned over: threads /"
                        + " GETs per second). Whiskers: its " + pct + " interval over forks. Log axis: the rows are"
                        + " decades apart. 1,000 objects.");
        page.raw(Figures.wrap(figure.svg()));
        page.open("div", "class=\"scroll\"").open("table", "").open("tr", "").element("th", "", "run");
        LABELS.forEach(l -> page.element("th", "", l));
        page.element("th", "", "a GET / a cache read").element("th", "", "a throttled GET / a cache read")
                .close("tr");
        for (Times t : times) {
            page.open("tr", "").element("td", "", t.label());
            t.rows().forEach(ci -> page.element("td", "", ci == null ? "missing" : RunSummary.duration(ci.estimate())));
            page.element("td", "", ratio(t, 1)).element("td", "", ratio(t, 2)).close("tr");
        }
        page.close("table").close("div").close("section");
    }

    private static String ratio(Times t, int row) {
        ForkStatistics.Interval read = t.rows().get(0);
        ForkStatistics.Interval other = t.rows().get(row);
        return read == null || other == null ? "-" : String.format(Locale.ROOT, "%,.0f×",
                other.estimate() / read.estimate());
    }
}
