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
 * costs; what is left out is counted in a note, by reason. With an {@link AlertGate} (export
 * {@code --aa}), only the entries it finds steady go to those two files, the ones a step with
 * {@code fail-on-alert} reads; the others to {@code <stem>.ungated.*}, for a step that charts
 * without failing, and an entry too noisy in this run stays in its file: the sets are the A/A's,
 * not the run's, but for entries of value 0 or without a finite value, which stay out.
 */
final class GithubActionBenchmark {
    static final String SMALLER = ".smaller-is-better.json";
    static final String BIGGER = ".bigger-is-better.json";
    static final String UNGATED = ".ungated";

    private final JsonArray smaller = new JsonArray();
    private final JsonArray bigger = new JsonArray();
    private final JsonArray ungatedSmaller = new JsonArray();
    private final JsonArray ungatedBigger = new JsonArray();
    private final AlertGate gate;
    private final Map<Watched.Reason, Notes> leftOut = new EnumMap<>(Watched.Reason.class);

    private GithubActionBenchmark(AlertGate gate) {
        this.gate = gate;
        for (Watched.Reason r : Watched.Reason.values()) {
            leftOut.put(r, new Notes(r.text()));
        }
    }

    /** The export of {@code inputs}; {@code gate} null for every charted entry in the files that alert. */
    static Export render(List<ExportInput> inputs, String stem, AlertGate gate) {
        GithubActionBenchmark g = new GithubActionBenchmark(gate);
        for (ExportRow row : ExportRow.of(inputs)) {
            Metric p = row.entry().primary();
            if (!Double.isFinite(p.score())) {
                g.leftOut.get(Watched.Reason.NOT_FINITE).add("score of " + row.primaryName());
            } else {
                g.add(row, row.name(), p, Direction.ofPrimary(row.entry().mode(), p.unit()));
            }
            for (Map.Entry<String, Metric> s : row.entry().secondary().entrySet()) {
                Metric m = s.getValue();
                Optional<Watched.Reason> out = Watched.leftOut(s.getKey(), m);
                if (out.isPresent() && !(out.get() == Watched.Reason.TOO_NOISY && gate != null)) {
                    g.leftOut.get(out.get()).add(s.getKey());
                } else {
                    g.add(row, ExportNames.secondary(row.name(), s.getKey()), m,
                            Direction.ofSecondary(s.getKey(), m.unit()));
                }
            }
        }
        List<ExportFile> files = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<Map.Entry<String, JsonArray>> sides = new ArrayList<>(List.of(Map.entry(SMALLER, g.smaller),
                Map.entry(BIGGER, g.bigger)));
        if (gate != null) {
            sides.add(Map.entry(UNGATED + SMALLER, g.ungatedSmaller));
            sides.add(Map.entry(UNGATED + BIGGER, g.ungatedBigger));
        }
        for (var side : sides) {
            if (side.getValue().isEmpty()) {
                notes.add("no " + (side.getKey().startsWith(UNGATED) ? "ungated " : "") + "metric where "
                        + (side.getKey().endsWith(SMALLER) ? "smaller" : "bigger") + " is better: " + stem
                        + side.getKey() + " not written (the action fails on an empty array)");
            } else {
                files.add(new ExportFile(stem + side.getKey(), json(side.getValue())));
            }
        }
        g.leftOut.values().forEach(n -> n.addTo(notes));
        if (gate != null) {
            notes.add(gate.note(stem));
        }
        return new Export(files, notes);
    }

    /** {@code name}: the entry's name in its file, without the file's label. */
    private void add(ExportRow row, String name, Metric m, Direction direction) {
        if (direction == Direction.UNKNOWN) {
            leftOut.get(Watched.Reason.NO_DIRECTION).add(name + row.suffix());
            return;
        }
        boolean alerts = gate == null || gate.judge(row.input(), name) == AlertGate.Verdict.GATED;
        JsonObject o = new JsonObject();
        o.addProperty("name", name + row.suffix());
        o.addProperty("unit", m.unit());
        o.addProperty("value", m.score());
        if (Double.isFinite(m.error())) {
            o.addProperty("range", "± " + ExportRow.number(m.error()));
        }
        o.addProperty("extra", extra(row, m));
        boolean higher = direction == Direction.HIGHER_IS_BETTER;
        (alerts ? higher ? bigger : smaller : higher ? ungatedBigger : ungatedSmaller).add(o);
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
