package dev.informerbench.export;

import dev.informerbench.comparison.ReportNumbers;
import dev.informerbench.results.JmhJson.Metric;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which entries of a github-action-benchmark export may fail a build at the action's
 * {@code alert-threshold} T, decided from A/A pairs of the machine the dashboard is fed from (the
 * same code run twice) and not from the run being exported, so the set that alerts is the same
 * from run to run.
 *
 * <p>An entry alerts when every A/A pair that has it shows it steady: both runs' intervals within
 * ±(T−1)/(T+1) of their value — two runs that steady, whose intervals hold the same true value,
 * differ by at most T — and the two values apart by at most √T (half the threshold on a log scale:
 * a rule of thumb from one ratio per pair) for the drift between runs that no interval inside one
 * file shows (a row whose forks agree in each run but whose runs do not). So the gate holds for
 * runs as steady as its A/A pairs, and no further. Everything else is charted without alerting.
 * Files not named by this suite carry no client label: their rows are matched by name alone. On
 * this machine, with 3 forks, A/A pairs of all ten families for three clients let 45-62 of 192
 * entries alert at 150%, and a gate covers only the hours its pairs saw
 * (notebook/experiments/20261202T122800Z_export-check-gate/).
 */
final class AlertGate {
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");

    private final double threshold;
    private final Map<String, Verdict> verdicts = new HashMap<>();
    private final Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);

    private AlertGate(double threshold) {
        this.threshold = threshold;
    }

    /**
     * The gate of {@code pairs} (base, repeat, base, repeat, …: each pair one client and version
     * run twice) at {@code threshold}, given as the action takes it ({@code 150%}).
     */
    static AlertGate of(List<Path> pairs, String threshold) {
        double t = threshold(threshold);
        if (pairs.isEmpty() || pairs.size() % 2 != 0) {
            throw new IllegalArgumentException("--aa takes pairs of files, BASE.json,REPEAT.json (the same code run "
                    + "twice); got " + pairs.size() + " file" + (pairs.size() == 1 ? "" : "s"));
        }
        AlertGate gate = new AlertGate(t);
        for (int i = 0; i < pairs.size(); i += 2) {
            ExportInput base = ExportInput.read(List.of(pairs.get(i))).get(0);
            ExportInput repeat = ExportInput.read(List.of(pairs.get(i + 1))).get(0);
            if (base.client() != repeat.client() || base.client() && !base.label().equals(repeat.label())) {
                throw new IllegalArgumentException("--aa " + pairs.get(i) + "," + pairs.get(i + 1)
                        + ": an A/A pair is one client and version run twice, not " + base.label() + " and "
                        + repeat.label());
            }
            gate.add(base, repeat);
        }
        return gate;
    }

    /** {@code 150%} as 1.5; anything else, or not above 100%, is one line. */
    static double threshold(String text) {
        Matcher m = PERCENT.matcher(text == null ? "" : text.strip());
        double t = m.matches() ? Double.parseDouble(m.group(1)) / 100 : Double.NaN;
        if (!(t > 1)) {
            throw new IllegalArgumentException("--alert-threshold: " + text
                    + " is not a percentage above 100% (as the action's alert-threshold, e.g. 150%)");
        }
        return t;
    }

    double threshold() {
        return threshold;
    }

    /** The widest interval, relative to its value, an entry may have in an A/A run and alert. */
    double maxRelativeError() {
        return (threshold - 1) / (threshold + 1);
    }

    /** The largest ratio between the two runs of an A/A pair at which an entry may alert. */
    double maxDrift() {
        return Math.sqrt(threshold);
    }

    /** Whether the entry {@code name} of {@code input}'s rows alerts, and if not why; counted for the note. */
    Verdict judge(ExportInput input, String name) {
        Verdict v = verdicts.getOrDefault(key(input, name), Verdict.NOT_IN_AA);
        counts.merge(v, 1, Integer::sum);
        return v;
    }

    /** What the export says of the gate: how many entries alert, and why the others do not. */
    String note(String stem) {
        int gated = counts.getOrDefault(Verdict.GATED, 0);
        int all = counts.values().stream().mapToInt(Integer::intValue).sum();
        List<String> why = new ArrayList<>();
        for (Verdict v : Verdict.values()) {
            if (v != Verdict.GATED && counts.getOrDefault(v, 0) > 0) {
                why.add(counts.get(v) + " " + v.text(this));
            }
        }
        return String.format(Locale.ROOT, "alert gate at %s%%: %d of %d entries may fail the build (steady in the A/A "
                + "pairs given with --aa); %s",
                percent(threshold), gated, all, why.isEmpty() ? "none is charted only"
                        : "the others are charted only, in " + stem + GithubActionBenchmark.UNGATED + "*.json: "
                        + String.join(", ", why));
    }

    /** A fraction as a percentage to a tenth, {@code 1.5} as {@code 150}. */
    static String percent(double fraction) {
        return ReportNumbers.plain(Math.round(fraction * 1000) / 10.0);
    }

    private void add(ExportInput base, ExportInput repeat) {
        Map<String, Metric> other = metrics(repeat);
        metrics(base).forEach((name, m) -> {
            Metric r = other.get(name);
            if (r != null) {
                verdicts.merge(key(base, name), verdict(m, r), Verdict::worse);
            }
        });
    }

    private Verdict verdict(Metric a, Metric b) {
        if (!steady(a) || !steady(b) || Math.signum(a.score()) != Math.signum(b.score())) {
            return Verdict.WIDE;
        }
        double ratio = Math.abs(a.score()) / Math.abs(b.score());
        return Math.max(ratio, 1 / ratio) <= maxDrift() ? Verdict.GATED : Verdict.DRIFTED;
    }

    private boolean steady(Metric m) {
        return Double.isFinite(m.score()) && m.score() != 0 && Double.isFinite(m.error())
                && m.error() <= maxRelativeError() * Math.abs(m.score());
    }

    /** Every row's score and secondary metrics of a file, by their names in an export. */
    private static Map<String, Metric> metrics(ExportInput input) {
        Map<String, Metric> all = new HashMap<>();
        for (ExportRow row : ExportRow.of(List.of(input))) {
            all.put(row.name(), row.entry().primary());
            row.entry().secondary().forEach((metric, m) -> all.put(ExportNames.secondary(row.name(), metric), m));
        }
        return all;
    }

    /** A row's key across files: its name in a file and, for the suite's files, the client and version. */
    private static String key(ExportInput input, String name) {
        return (input.client() ? input.label().replaceFirst("#\\d+$", "") : "") + "\n" + name;
    }

    /** Whether an entry alerts; the ways it does not, worst last. */
    enum Verdict {
        GATED,
        NOT_IN_AA,
        DRIFTED,
        WIDE;

        Verdict worse(Verdict other) {
            return compareTo(other) >= 0 ? this : other;
        }

        String text(AlertGate gate) {
            return switch (this) {
                case GATED -> "steady";
                case NOT_IN_AA -> "not in the A/A files";
                case DRIFTED -> String.format(Locale.ROOT, "apart by more than %.2f× between the A/A runs",
                        gate.maxDrift());
                case WIDE -> String.format(Locale.ROOT, "with an interval wider than ±%s%% in an A/A run (or none, "
                        + "a value of 0, a change of sign)", percent(gate.maxRelativeError()));
            };
        }
    }
}
