package dev.informerbench.summary;

import dev.informerbench.results.JmhJson;
import dev.informerbench.results.LatencyFiles;
import dev.informerbench.statistics.Stationarity;
import dev.informerbench.text.ShortNumbers;
import dev.informerbench.text.TextTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The table a run ends with: every benchmark's score and the API requests made while it
 * was measured, then the question the suite exists for — how much cheaper is a read from
 * the informer's cache than a GET — and the latency percentiles of the direct GETs.
 */
public final class RunSummary {
    private RunSummary() {}

    public static String render(List<JmhJson.Entry> entries, List<LatencyFiles.Percentiles> latencies) {
        StringBuilder out = new StringBuilder();
        String answers = Headline.render(entries);
        if (!answers.isEmpty()) {
            out.append(answers).append('\n');
        }
        TextTable scores =
                new TextTable("benchmark", "params", "score", "unit", "LIST", "WATCH", "GET", "writes", "429");
        for (JmhJson.Entry e : entries) {
            Optional<String> answer = Optional.ofNullable(ANSWER_METRIC.get(e.shortName().replaceFirst("\\..*", "")));
            double value = answer.map(e::secondaryScore).orElse(Double.NaN);
            scores.row(e.shortName(), e.paramString(), Double.isNaN(value) ? scoreWithError(e.primary()) : fmt(value),
                    Double.isNaN(value) ? e.primary().unit() : answer.orElseThrow(),
                    count(e, "api.list"), count(e, "api.watch"), count(e, "api.get"), count(e, "api.write"),
                    count(e, "api.429"));
        }
        out.append(scores.aligned());
        out.append("(LIST..429: API requests during the measurement iterations, all forks; - = not recorded)\n");
        ANSWER_METRIC.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .filter(a -> entries.stream().anyMatch(e -> e.shortName().startsWith(a.getKey() + ".")))
                .forEach(a -> out.append("(").append(a.getKey()).append(": the score column shows ")
                        .append(a.getValue()).append(", the answer, in place of the fixed window the rows run for)\n"));
        out.append(tooManyRequests(entries));
        out.append(unsteady(entries));
        if (!latencies.isEmpty()) {
            out.append("\nDirect GET latency in µs (measurement iterations only; throttled includes the wait for a "
                    + "token):\n");
            TextTable lat = new TextTable("benchmark", "count", "p50", "p90", "p99", "p99.9", "max");
            for (LatencyFiles.Percentiles p : latencies) {
                lat.row(p.name(), Long.toString(p.count()), fmt(p.p50()), fmt(p.p90()), fmt(p.p99()), fmt(p.p999()),
                        fmt(p.max()));
            }
            out.append(lat.aligned());
        }
        return out.toString();
    }

    /**
     * The families whose score is a window of fixed length (the answer is what happened in it):
     * the metric that answers their question, shown in the score's place.
     */
    static final Map<String, String> ANSWER_METRIC = Map.of("ServerCost", "server.apiserverCores",
            "ResyncZero", "resync.callbacks");

    /**
     * One line per benchmark × params whose measurement saw 429 answers: they are counted, not
     * errors, but a score earned partly from rejections must not pass unnoticed. Empty when none.
     */
    static String tooManyRequests(List<JmhJson.Entry> entries) {
        StringBuilder out = new StringBuilder();
        for (JmhJson.Entry e : entries) {
            double rejected = e.secondaryScore("api.429");
            if (Double.isNaN(rejected) || rejected <= 0) {
                continue;
            }
            // DirectGet makes GETs only; elsewhere the 429s are out of all the requests.
            boolean gets = e.shortName().startsWith("DirectGet.");
            double of = gets ? e.secondaryScore("api.get") : sum(e, "api.list", "api.watch", "api.get", "api.write",
                    "api.other");
            out.append(String.format(Locale.ROOT, "%s%s: %,.0f of %,.0f %s answered 429 (API Priority and Fairness)%n",
                    e.shortName(), e.params().isEmpty() ? "" : " " + e.paramString(), rejected, of,
                    gets ? "GETs" : "requests"));
        }
        return out.toString();
    }

    /**
     * One line per benchmark × params whose measured iterations are not stationary within a
     * fork (a trend: warm-up not over; or two levels): its score is an average over a moving
     * target. Empty when none.
     */
    static String unsteady(List<JmhJson.Entry> entries) {
        StringBuilder out = new StringBuilder();
        for (JmhJson.Entry e : entries) {
            Stationarity.Result r = Stationarity.check(e.primary().samples().iterationForks());
            if (r.flagged()) {
                out.append("unsteady: ").append(e.shortName()).append(e.params().isEmpty() ? "" : " " + e.paramString())
                        .append(" — ").append(r.description()).append('\n');
            }
        }
        return out.toString();
    }

    private static double sum(JmhJson.Entry e, String... labels) {
        double total = 0;
        for (String label : labels) {
            double v = e.secondaryScore(label);
            total += Double.isNaN(v) ? 0 : v;
        }
        return total;
    }

    /**
     * Time one call takes, as its caller sees it, in ns: an avgt score is that already (JMH
     * averages per thread); a thrpt score is the rate of all threads together, so a call of a
     * closed loop takes threads / score (Little's law). For DirectGet.throttled with one thread
     * that is 1/qps, the wait its {@code .hgrm} p50 shows.
     */
    public static Optional<Double> nanosPerOp(JmhJson.Entry e) {
        double score = e.primary().score();
        String unit = e.primary().unit();
        if (Double.isNaN(score) || score <= 0) {
            return Optional.empty();
        }
        if (unit.startsWith("ops/")) {
            return Optional.of(Math.max(1, e.threads()) * unitNanos(unit.substring(4)) / score);
        }
        if (unit.endsWith("/op")) {
            return Optional.of(score * unitNanos(unit.substring(0, unit.length() - 3)));
        }
        return Optional.empty();
    }

    private static double unitNanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            default -> Double.NaN;
        };
    }

    public static String duration(double nanos) {
        if (nanos < 1e3) {
            return String.format(Locale.ROOT, "%.1f ns", nanos);
        }
        if (nanos < 1e6) {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        if (nanos < 1e9) {
            return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }

    static String times(double ratio) {
        return String.format(Locale.ROOT, "%,.0f×", ratio);
    }

    private static String scoreWithError(JmhJson.Metric m) {
        if (Double.isNaN(m.error())) {
            return fmt(m.score());
        }
        return fmt(m.score()) + " ± " + fmt(m.error());
    }

    private static String count(JmhJson.Entry e, String label) {
        double v = e.secondaryScore(label);
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }

    static String fmt(double v) {
        return ShortNumbers.format(v);
    }
}
