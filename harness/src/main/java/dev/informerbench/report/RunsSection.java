package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Table;
import dev.informerbench.results.RunMetadata;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/** What each run was: client, server, profile, forks, machine, commit and how it ended. */
final class RunsSection {
    private RunsSection() {}

    static void write(Html page, List<ReportInput> inputs, Comparison comparison) {
        page.open("section", "id=\"runs\"").element("h2", "", "Runs");
        page.open("table", "").open("tr", "").element("th", "", "");
        inputs.forEach(i -> page.element("th", "", i.label()));
        page.close("tr");
        fact(page, inputs, "result file", i -> String.valueOf(i.file().getFileName()));
        fact(page, inputs, "status", i -> meta(i, m -> m.status == null ? "not recorded" : m.status.toString()
                + (m.error == null ? "" : ": " + m.error)));
        fact(page, inputs, "client", i -> meta(i, m -> m.client == null ? (m.clientJavaVersion == null ? null
                : "client-java " + m.clientJavaVersion) : m.client + " " + m.clientVersion));
        fact(page, inputs, "API server", i -> meta(i, m -> join(m.serverVersion, m.targetKind, m.targetServer)));
        fact(page, inputs, "profile", i -> meta(i, m -> m.profile));
        List<String> forks = forks(comparison);
        fact(page, inputs, "forks per row", i -> forks.get(inputs.indexOf(i)));
        fact(page, inputs, "started", i -> meta(i, m -> m.startedAt));
        fact(page, inputs, "took", i -> meta(i, RunsSection::took));
        fact(page, inputs, "families", i -> meta(i, RunsSection::families));
        fact(page, inputs, "JMH", i -> meta(i, m -> join(m.jmhVersion, m.jmhArgs == null || m.jmhArgs.isEmpty()
                ? null : "args " + String.join(" ", m.jmhArgs))));
        fact(page, inputs, "JVM", i -> meta(i, m -> m.jvm));
        fact(page, inputs, "machine", i -> meta(i, m -> join(m.cores > 0 ? m.cores + " cores" : null,
                m.memoryBytes > 0 ? String.format(Locale.ROOT, "%.1f GiB", m.memoryBytes / (double) (1L << 30)) : null,
                m.os)));
        fact(page, inputs, "commit", i -> meta(i, m -> m.gitCommit == null ? null
                : m.gitCommit.substring(0, Math.min(12, m.gitCommit.length())) + (m.gitDirty ? " (dirty)" : "")));
        fact(page, inputs, "requests (client / server)", i -> meta(i, RunsSection::requests));
        page.close("table");
        page.element("p", "class=\"note\"", "Files without a sidecar (.meta.json), e.g. another project's JMH "
                + "output, show only what their JSON says.");
        page.close("section");
    }

    private static void fact(Html page, List<ReportInput> inputs, String name, Function<ReportInput, String> value) {
        page.open("tr", "").element("th", "", name);
        inputs.forEach(i -> {
            String v = value.apply(i);
            page.element("td", "", v == null || v.isBlank() ? "–" : v);
        });
        page.close("tr");
    }

    private static String meta(ReportInput input, Function<RunMetadata, String> value) {
        return input.meta() == null ? null : value.apply(input.meta());
    }

    private static String join(String... parts) {
        List<String> kept = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isBlank()) {
                kept.add(p);
            }
        }
        return String.join(", ", kept);
    }

    private static String took(RunMetadata m) {
        try {
            Duration d = Duration.between(Instant.parse(m.startedAt), Instant.parse(m.finishedAt));
            return String.format(Locale.ROOT, "%d min %02d s", d.toMinutes(), d.toSecondsPart());
        } catch (DateTimeParseException | NullPointerException e) {
            return null; // a run that did not finish has no end time
        }
    }

    private static String families(RunMetadata m) {
        if (m.families == null || m.families.isEmpty()) {
            return null;
        }
        long complete = m.families.stream().filter(f -> f.status == RunMetadata.Status.COMPLETE).count();
        return complete + " of " + m.families.size() + " complete";
    }

    private static String requests(RunMetadata m) {
        if (m.requests == null) {
            return null;
        }
        String client = totals(m.requests.client);
        if (m.requests.server == null) {
            return client + " / not compared: " + (m.requests.serverUnavailable == null ? "the server's count was "
                    + "not read" : m.requests.serverUnavailable);
        }
        String differences = m.requests.differences == null || m.requests.differences.isEmpty() ? "agree"
                : String.join("; ", m.requests.differences);
        return client + " / " + totals(m.requests.server) + " (" + differences + ")";
    }

    private static String totals(Map<String, Long> counts) {
        if (counts == null) {
            return "none recorded";
        }
        StringBuilder b = new StringBuilder();
        counts.forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append(' ').append(v));
        return b.toString();
    }

    /** The fork counts of each file's rows: "3", or "1-3" when rows differ. */
    private static List<String> forks(Comparison comparison) {
        List<String> all = new ArrayList<>();
        for (int f = 0; f < comparison.sources().size(); f++) {
            TreeSet<Integer> counts = new TreeSet<>();
            for (Table t : comparison.primaryTables()) {
                for (var row : t.rows()) {
                    Cell cell = row.cells().get(f);
                    if (cell.present()) {
                        counts.add(cell.samples().forkCount());
                    }
                }
            }
            all.add(counts.isEmpty() ? null : counts.first().equals(counts.last()) ? counts.first().toString()
                    : counts.first() + "–" + counts.last());
        }
        return all;
    }
}
