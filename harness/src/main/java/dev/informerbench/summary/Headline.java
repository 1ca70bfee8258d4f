package dev.informerbench.summary;

import dev.informerbench.results.JmhJson;
import dev.informerbench.text.TextTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The answers a run gives, before its rows: the questions the suite is named for, each in one
 * line of plain words, from whichever of their rows the run measured. A cache read first, then
 * what a GET costs against it (unthrottled, and behind a client-side limiter), then what list
 * reads, a sync, a relist, a resync round and N controllers cost. A question whose rows the run
 * did not measure is left out.
 */
public final class Headline {
    private Headline() {}

    /** One answered question: what was asked, the answer, and what the answer is made of or compared to. */
    record Answer(String question, String answer, String detail) {}

    /** The answers as a table under a heading; empty when the run answered none of the questions. */
    public static String render(List<JmhJson.Entry> entries) {
        List<Answer> answers = answers(entries);
        if (answers.isEmpty()) {
            return "";
        }
        TextTable table = new TextTable("question", "answer", "what it takes");
        answers.forEach(a -> table.row(a.question(), a.answer(), a.detail()));
        return "The answers (means over all forks; every row and its interval follows below):\n" + table.aligned();
    }

    static List<Answer> answers(List<JmhJson.Entry> entries) {
        List<Answer> out = new ArrayList<>();
        Optional<JmhJson.Entry> read = first(entries, "ListerGet.lister_t1");
        Optional<Double> readNs = read.flatMap(RunSummary::nanosPerOp);
        read.ifPresent(e -> out.add(new Answer("a read from the informer's cache (Lister.get, 1 thread, "
                + objects(e) + ")", RunSummary.duration(readNs.orElse(Double.NaN)), requests(e))));
        first(entries, "DirectGet.unthrottled").ifPresent(e -> out.add(get(e, "a GET, one caller back to back ("
                + objects(e) + ")", readNs)));
        first(entries, "DirectGet.throttled").ifPresent(e -> out.add(get(e, "a GET behind QPS "
                + e.params().getOrDefault("qps", "?") + " / burst " + e.params().getOrDefault("burst", "?")
                + " (the limiter's wait included)", readNs)));
        first(entries, "IndexerList.list").ifPresent(e -> out.add(new Answer("indexer.list(), a copy of the cache ("
                + objects(e) + ")", RunSummary.duration(RunSummary.nanosPerOp(e).orElse(Double.NaN)), requests(e))));
        first(entries, "SyncAndMemory.sync").ifPresent(e -> out.add(new Answer("an informer's start until synced ("
                + objects(e) + ")", RunSummary.duration(RunSummary.nanosPerOp(e).orElse(Double.NaN)),
                join(requests(e).replaceFirst("(\\d.*)$", "$1 a sync"), heapPerObject(e)))));
        first(entries, "Relist.recover").ifPresent(e -> out.add(new Answer("recovery from a broken watch ("
                + e.params().getOrDefault("fault", "?").toLowerCase(Locale.ROOT).replace('_', ' ') + ", "
                + objects(e) + ")", RunSummary.duration(RunSummary.nanosPerOp(e).orElse(Double.NaN)),
                number(e.secondaryScore("recovery.lists"), "%.2f") + " LIST, "
                        + number(e.secondaryScore("recovery.watches"), "%.2f") + " WATCH a recovery")));
        entries.stream().filter(e -> e.shortName().startsWith("ResyncFanout.")
                && "1".equals(e.params().getOrDefault("handlers", "1"))
                && !Double.isNaN(e.secondaryScore("resync.periodMs"))).findFirst()
                .ifPresent(e -> out.add(resync(e)));
        first(entries, "ResyncZero.window", "resyncMillis", "0").ifPresent(e -> out.add(new Answer(
                "resync period 0: resync callbacks in " + number(e.secondaryScore("window.seconds"), "%.0f") + " s",
                number(e.secondaryScore("resync.callbacks"), "%,.0f"), "(a period of 0 turns resync off)")));
        serverCost(entries).ifPresent(out::add);
        return out;
    }

    private static Answer get(JmhJson.Entry e, String question, Optional<Double> readNs) {
        double ns = RunSummary.nanosPerOp(e).orElse(Double.NaN);
        String detail = readNs.map(r -> RunSummary.times(ns / r) + " a cache read; ").orElse("") + requests(e);
        return new Answer(question, RunSummary.duration(ns), detail);
    }

    private static Answer resync(JmhJson.Entry e) {
        return new Answer("a resync round (period " + e.params().getOrDefault("resyncMillis", "?") + " ms, "
                + objects(e) + ", 1 handler)",
                "every " + RunSummary.duration(e.secondaryScore("resync.periodMs") * 1e6),
                number(e.secondaryScore("resync.meanCallbacksPerRound"), "%,.0f") + " callbacks a round, "
                        + requests(e) + " (a replay from memory)");
    }

    /** kube-apiserver's CPU under the most controllers the run had: informers (LIST+WATCH) and pollers. */
    private static Optional<Answer> serverCost(List<JmhJson.Entry> entries) {
        List<JmhJson.Entry> rows = entries.stream().filter(e -> e.shortName().startsWith("ServerCost.")).toList();
        int most = rows.stream().mapToInt(e -> Integer.parseInt(e.params().getOrDefault("controllers", "0")))
                .max().orElse(0);
        if (most == 0) {
            return Optional.empty();
        }
        StringBuilder answer = new StringBuilder();
        for (String approach : List.of("LIST_WATCH", "WATCH_LIST", "POLL")) {
            rows.stream().filter(e -> e.params().getOrDefault("controllers", "").equals(String.valueOf(most))
                    && approach.equals(e.params().get("approach"))
                    && !"0".equals(e.params().getOrDefault("churnPerSecond", "")))
                    .findFirst().ifPresent(e -> answer.append(answer.isEmpty() ? "" : ", ")
                            .append(approach.equals("POLL") ? "pollers " : approach.toLowerCase(Locale.ROOT)
                                    .replace('_', '+') + " ")
                            .append(number(e.secondaryScore("server.apiserverCores"), "%.3f")));
        }
        return answer.isEmpty() ? Optional.empty() : Optional.of(new Answer("kube-apiserver's CPU under " + most
                + " controllers (cores)", answer.toString(), "informers against pollers of the same objects"));
    }

    private static Optional<JmhJson.Entry> first(List<JmhJson.Entry> entries, String shortName) {
        return entries.stream().filter(e -> e.shortName().equals(shortName)).findFirst();
    }

    private static Optional<JmhJson.Entry> first(List<JmhJson.Entry> entries, String shortName, String param,
            String value) {
        return entries.stream().filter(e -> e.shortName().equals(shortName) && value.equals(e.params().get(param)))
                .findFirst();
    }

    private static String objects(JmhJson.Entry e) {
        String n = e.params().get("objects");
        return n == null ? "the family's objects" : String.format(Locale.ROOT, "%,d objects", Long.parseLong(n));
    }

    /** The requests an operation made: each API counter over the operations it counted (ops.all), or "0 requests". */
    static String requests(JmhJson.Entry e) {
        double ops = e.secondaryScore("ops.all");
        if (Double.isNaN(ops) || ops <= 0) {
            return "requests not recorded";
        }
        List<String> parts = new ArrayList<>();
        for (String verb : List.of("list", "watch", "get", "write")) {
            double n = e.secondaryScore("api." + verb);
            if (!Double.isNaN(n) && n > 0) {
                parts.add(number(n / ops, n / ops >= 10 ? "%,.0f" : "%.2f").replaceFirst("\\.00$", "") + " "
                        + verb.toUpperCase(Locale.ROOT));
            }
        }
        if (parts.isEmpty()) {
            return Double.isNaN(e.secondaryScore("api.get")) ? "requests not recorded" : "0 requests";
        }
        return String.join(", ", parts);
    }

    /** The heap an informer keeps per cached object, in words; null when the row did not measure it. */
    private static String heapPerObject(JmhJson.Entry e) {
        double bytes = e.secondaryScore("heap.bytesPerObject");
        return Double.isNaN(bytes) ? null : number(bytes, "%,.0f") + " bytes of heap per cached object";
    }

    /** The parts that are there, "; " between them. */
    private static String join(String... parts) {
        return Arrays.stream(parts).filter(p -> p != null).collect(Collectors.joining("; "));
    }

    private static String number(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }
}
