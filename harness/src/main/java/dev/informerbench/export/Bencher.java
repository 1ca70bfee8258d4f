package dev.informerbench.export;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import dev.informerbench.results.JmhJson.Metric;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The Bencher Metric Format (bencher.dev/docs/reference/bencher-metric-format): {@code {"<benchmark>":
 * {"<measure>": {"value", "lower_value"?, "upper_value"?}}}}, one benchmark per row with its params
 * in its name (Bencher's own java_jmh adapter keys by benchmark alone, so rows that differ in
 * params overwrite each other). The score goes under Bencher's built-in measures, converted as its
 * java_jmh adapter converts (lib/bencher_adapter/src/adapters/java/jmh.rs): a time per operation
 * to {@code latency} in nanoseconds, operations per time to {@code throughput} per second. So the
 * units are right without setting anything up, and a project that used the adapter keeps its
 * measures. A score in another unit, and every secondary metric, is a custom measure under a slug
 * of its name ({@code heap.bytesPerObject} → {@code heap-bytes-per-object}); Bencher would create
 * it on first upload with a generic unit, so the export writes the {@code bencher measure create}
 * commands that give each its unit. The secondary metrics are {@link Watched}'s, as for
 * github-action-benchmark. lower/upper are score ∓ JMH's error where it is finite.
 */
final class Bencher {
    /** lib/bencher_valid/src/benchmark_name.rs: MAX_BENCHMARK_NAME_LEN, in bytes. */
    static final int MAX_NAME_BYTES = 1024;
    /** lib/bencher_valid/src/lib.rs: MAX_LEN of a slug. */
    static final int MAX_SLUG = 64;
    /** The file of {@code bencher measure create} commands next to the export. */
    static final String MEASURES = ".bencher-measures.sh";

    private Bencher() {}

    static Export render(List<ExportInput> inputs, String stem) {
        JsonObject root = new JsonObject();
        Map<Watched.Reason, GithubActionBenchmark.Notes> leftOut = new EnumMap<>(Watched.Reason.class);
        for (Watched.Reason r : Watched.Reason.values()) {
            leftOut.put(r, new GithubActionBenchmark.Notes(r.text()));
        }
        GithubActionBenchmark.Notes notFinite = leftOut.get(Watched.Reason.NOT_FINITE);
        Map<String, String[]> custom = new TreeMap<>(); // slug -> name, unit
        for (ExportRow row : ExportRow.of(inputs)) {
            String name = row.primaryName();
            if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw new IllegalArgumentException("benchmark name over Bencher's " + MAX_NAME_BYTES + " bytes: "
                        + name.substring(0, 80) + "...");
            }
            JsonObject measures = new JsonObject();
            Metric p = row.entry().primary();
            double factor = factor(p.unit());
            String primary = primarySlug(p.unit());
            if (add(measures, primary, p, Double.isNaN(factor) ? 1 : factor, notFinite, "score of " + name)
                    && Double.isNaN(factor)) {
                custom.putIfAbsent(primary, new String[] {"score (" + p.unit() + ")", p.unit()});
            }
            for (Map.Entry<String, Metric> s : row.entry().secondary().entrySet()) {
                // Bencher needs no direction (its thresholds say which side alerts): another tool's metrics stay.
                Optional<Watched.Reason> out = Watched.leftOut(s.getKey(), s.getValue())
                        .filter(r -> r != Watched.Reason.NO_DIRECTION && r != Watched.Reason.NOT_FINITE);
                if (out.isPresent()) {
                    leftOut.get(out.get()).add(s.getKey());
                    continue;
                }
                String slug = unique(measures, slug(s.getKey()));
                if (add(measures, slug, s.getValue(), 1, notFinite, s.getKey())) {
                    custom.putIfAbsent(slug, new String[] {s.getKey(), s.getValue().unit()});
                }
            }
            if (measures.size() > 0) {
                root.add(name, measures);
            }
        }
        List<String> notes = new ArrayList<>();
        leftOut.values().forEach(n -> n.addTo(notes));
        String text = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
        List<ExportFile> files = new ArrayList<>(List.of(new ExportFile(stem + ".bencher.json", text)));
        if (!custom.isEmpty()) {
            files.add(new ExportFile(stem + MEASURES, measures(custom)));
            notes.add(custom.size() + " custom measure" + (custom.size() == 1 ? "" : "s") + ": create "
                    + (custom.size() == 1 ? "it" : "them") + " once per project with " + stem + MEASURES
                    + " before the first upload, or Bencher makes them with a generic unit");
        }
        return new Export(files, notes);
    }

    /**
     * The {@code bencher measure create} commands (its CLI: services/cli/src/parser/project/measure.rs:
     * project, {@code --name}, {@code --slug}, {@code --units}) for the custom measures of the export.
     */
    static String measures(Map<String, String[]> custom) {
        StringBuilder b = new StringBuilder("#!/bin/sh\n")
                .append("# Bencher measures of this export, with their units: run once per project before the first\n")
                .append("# upload (BENCHER_PROJECT, and BENCHER_API_TOKEN as for bencher run). A measure that exists\n")
                .append("# already is refused by Bencher and left as it is; the other lines still run.\n")
                .append(": \"${BENCHER_PROJECT:?the Bencher project slug}\"\n");
        custom.forEach((slug, nameAndUnit) -> b.append("bencher measure create \"$BENCHER_PROJECT\" --name ")
                .append(shellQuote(nameAndUnit[0])).append(" --slug ").append(slug).append(" --units ")
                .append(shellQuote(nameAndUnit[1])).append('\n'));
        return b.toString();
    }

    private static String shellQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Adds the measure; false when its value is not finite (counted in {@code notFinite}). */
    private static boolean add(JsonObject measures, String slug, Metric m, double factor,
            GithubActionBenchmark.Notes notFinite, String metric) {
        if (!Double.isFinite(m.score())) {
            notFinite.add(metric);
            return false;
        }
        JsonObject o = new JsonObject();
        o.addProperty("value", m.score() * factor);
        if (Double.isFinite(m.error())) {
            // A count or a time is never below 0, whatever a wide error says (Bencher's java_jmh clamps too).
            double low = m.score() - m.error();
            o.addProperty("lower_value", (m.score() >= 0 ? Math.max(0, low) : low) * factor);
            o.addProperty("upper_value", (m.score() + m.error()) * factor);
        }
        measures.add(slug, o);
        return true;
    }

    /** The built-in measure a score in {@code unit} converts to, or a custom slug of the unit. */
    static String primarySlug(String unit) {
        if (Double.isFinite(nanos(timeOf(unit, true)))) {
            return "latency";
        }
        if (Double.isFinite(nanos(timeOf(unit, false)))) {
            return "throughput";
        }
        String slug = slug(unit);
        return slug.isEmpty() ? "score" : "score-" + slug;
    }

    /** The factor to nanoseconds per operation or operations per second; NaN for another unit. */
    static double factor(String unit) {
        double perOp = nanos(timeOf(unit, true));
        return Double.isFinite(perOp) ? perOp : 1e9 / nanos(timeOf(unit, false));
    }

    private static String timeOf(String unit, boolean perOp) {
        if (perOp) {
            return unit.endsWith("/op") ? unit.substring(0, unit.length() - 3) : "";
        }
        return unit.startsWith("ops/") ? unit.substring(4) : "";
    }

    /** JMH's time units (TimeValue), in nanoseconds. */
    private static double nanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs", "\u03bcs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            case "hr" -> 3600e9;
            case "day" -> 86400e9;
            default -> Double.NaN;
        };
    }

    /**
     * A Bencher slug (lib/bencher_valid/src/slug.rs: a fixed point of the slug crate's slugify, 64
     * bytes at most): lowercase ASCII letters and digits in runs joined by single dashes; a
     * camelCase word is split where a capital starts a new word ({@code bytesPerObject} →
     * {@code bytes-per-object}, {@code fromSendP99Us} → {@code from-send-p99-us}; not inside
     * {@code retainedMiB} → {@code retained-mib}).
     */
    static String slug(String text) {
        String words = text.replaceAll("(?<=[a-z0-9])(?=[A-Z][a-z0-9])|(?<=[A-Z])(?=[A-Z][a-z])", "-");
        String slug = words.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return slug.length() <= MAX_SLUG ? slug : slug.substring(0, MAX_SLUG).replaceAll("-+$", "");
    }

    /** A slug not yet used by this benchmark (two metric names can make one slug): -2, -3 added. */
    private static String unique(JsonObject measures, String slug) {
        String base = slug.isEmpty() ? "metric" : slug;
        String candidate = base;
        for (int n = 2; measures.has(candidate) || candidate.equals("latency") || candidate.equals("throughput"); n++) {
            String tail = "-" + n;
            candidate = (base.length() + tail.length() <= MAX_SLUG ? base : base.substring(0, MAX_SLUG - tail.length())
                    .replaceAll("-+$", "")) + tail;
        }
        return candidate;
    }
}
