package dev.informerbench.export;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.informerbench.comparison.Direction;
import dev.informerbench.results.JmhJson.Metric;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * github-action-benchmark's custom formats (its src/extract.ts, {@code BenchmarkResult}): a JSON
 * array of {@code {name, unit, value, range?, extra?}} per file, read by the tool
 * {@code customSmallerIsBetter} or {@code customBiggerIsBetter}. One tool per action step, so the
 * rows go to two files by which way they are better: {@code <stem>.smaller-is-better.json} and
 * {@code <stem>.bigger-is-better.json}. The action fails on an empty array (extract.ts: "No
 * benchmark result was found"), so a direction with nothing in it gets no file. {@code range} is
 * {@code "± <JMH's scoreError>"}, the form the action parses to rescale a range with its value
 * (src/extractRangeInfo.ts). What is charted is {@link Watched}'s: the scores and the suite's
 * costs; what is left out is counted in a note, by reason.
 */
final class GithubActionBenchmark {
    static final String SMALLER = ".smaller-is-better.json";
    static final String BIGGER = ".bigger-is-better.json";

    private final JsonArray smaller = new JsonArray();
    private final JsonArray bigger = new JsonArray();
    private final Map<Watched.Reason, Notes> leftOut = new EnumMap<>(Watched.Reason.class);

    private GithubActionBenchmark() {
        for (Watched.Reason r : Watched.Reason.values()) {
            leftOut.put(r, new Notes(r.text()));
        }
    }

    static Export render(List<ExportInput> inputs, String stem) {
        GithubActionBenchmark g = new GithubActionBenchmark();
        for (ExportRow row : ExportRow.of(inputs)) {
            Metric p = row.entry().primary();
            if (!Double.isFinite(p.score())) {
                g.leftOut.get(Watched.Reason.NOT_FINITE).add("score of " + row.primaryName());
            } else {
                g.add(row, row.primaryName(), p, Direction.ofPrimary(row.entry().mode(), p.unit()));
            }
            for (Map.Entry<String, Metric> s : row.entry().secondary().entrySet()) {
                Metric m = s.getValue();
                Optional<Watched.Reason> out = Watched.leftOut(s.getKey(), m);
                if (out.isPresent()) {
                    g.leftOut.get(out.get()).add(s.getKey());
                } else {
                    g.add(row, row.secondaryName(s.getKey()), m, Direction.ofSecondary(s.getKey(), m.unit()));
                }
            }
        }
        List<ExportFile> files = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (var side : List.of(Map.entry(SMALLER, g.smaller), Map.entry(BIGGER, g.bigger))) {
            if (side.getValue().isEmpty()) {
                notes.add("no metric where " + (side.getKey().equals(SMALLER) ? "smaller" : "bigger")
                        + " is better: " + stem + side.getKey() + " not written (the action fails on an empty array)");
            } else {
                files.add(new ExportFile(stem + side.getKey(), json(side.getValue())));
            }
        }
        g.leftOut.values().forEach(n -> n.addTo(notes));
        return new Export(files, notes);
    }

    private void add(ExportRow row, String name, Metric m, Direction direction) {
        if (direction == Direction.UNKNOWN) {
            leftOut.get(Watched.Reason.NO_DIRECTION).add(name);
            return;
        }
        JsonObject o = new JsonObject();
        o.addProperty("name", name);
        o.addProperty("unit", m.unit());
        o.addProperty("value", m.score());
        if (Double.isFinite(m.error())) {
            o.addProperty("range", "± " + ExportRow.number(m.error()));
        }
        o.addProperty("extra", extra(row, m));
        (direction == Direction.HIGHER_IS_BETTER ? bigger : smaller).add(o);
    }

    /** What the action shows in a point's tooltip. */
    private static String extra(ExportRow row, Metric m) {
        StringBuilder b = new StringBuilder("mode: ").append(row.entry().mode());
        String runs = ExportRow.runs(m);
        if (!runs.isEmpty()) {
            b.append("\nforks × iterations: ").append(runs);
        }
        b.append("\nunit: ").append(m.unit());
        if (row.input().client() || !row.suffix().isEmpty()) {
            b.append("\nfile: ").append(row.input().label());
        }
        return b.toString();
    }

    static String json(JsonArray array) {
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(array) + "\n";
    }

    /** Metrics left out for one reason: how many, and their names. */
    static final class Notes {
        private final String reason;
        private final TreeSet<String> names = new TreeSet<>();
        private int count;

        Notes(String reason) {
            this.reason = reason;
        }

        void add(String metric) {
            names.add(metric);
            count++;
        }

        void addTo(List<String> notes) {
            if (count > 0) {
                notes.add("left out " + count + " metric" + (count == 1 ? "" : "s") + " " + reason + ": "
                        + String.join(", ", names));
            }
        }
    }
}
