package dev.informerbench.export;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.informerbench.comparison.Direction;
import dev.informerbench.results.JmhJson.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * github-action-benchmark's custom formats (its src/extract.ts, {@code BenchmarkResult}): a JSON
 * array of {@code {name, unit, value, range?, extra?}} per file, read by the tool
 * {@code customSmallerIsBetter} or {@code customBiggerIsBetter}. One tool per action step, so the
 * rows go to two files by which way they are better: {@code <stem>.smaller-is-better.json} and
 * {@code <stem>.bigger-is-better.json}. The action fails on an empty array (extract.ts: "No
 * benchmark result was found"), so a direction with nothing in it gets no file. {@code range} is
 * {@code "± <JMH's scoreError>"}, the form the action parses to rescale a range with its value
 * (src/extractRangeInfo.ts); a metric without a better direction or without a finite value is
 * left out and counted in a note.
 */
final class GithubActionBenchmark {
    static final String SMALLER = ".smaller-is-better.json";
    static final String BIGGER = ".bigger-is-better.json";

    private final JsonArray smaller = new JsonArray();
    private final JsonArray bigger = new JsonArray();
    private final Notes noDirection = new Notes("without a better direction");
    private final Notes notFinite = new Notes("without a finite value");

    private GithubActionBenchmark() {}

    static Export render(List<ExportInput> inputs, String stem) {
        GithubActionBenchmark g = new GithubActionBenchmark();
        for (ExportRow row : ExportRow.of(inputs)) {
            Metric p = row.entry().primary();
            g.add(row, row.primaryName(), "score of " + row.primaryName(), p,
                    MetricDirections.ofPrimary(row.entry().mode(), p.unit()));
            for (Map.Entry<String, Metric> s : row.entry().secondary().entrySet()) {
                Metric m = s.getValue();
                g.add(row, row.secondaryName(s.getKey()), s.getKey(), m,
                        MetricDirections.ofSecondary(s.getKey(), m.unit()));
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
        g.noDirection.addTo(notes);
        g.notFinite.addTo(notes);
        return new Export(files, notes);
    }

    private void add(ExportRow row, String name, String metric, Metric m, Direction direction) {
        if (direction == Direction.UNKNOWN) {
            noDirection.add(metric);
            return;
        }
        if (!Double.isFinite(m.score())) {
            notFinite.add(metric);
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
