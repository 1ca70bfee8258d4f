package dev.informerbench.sizing;

import dev.informerbench.client.ClientType;
import dev.informerbench.statistics.LinearFit;
import dev.informerbench.text.ShortNumbers;
import dev.informerbench.text.TextTable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code size}'s text: the estimate with its points and checks, or the held-out check of every series. */
public final class SizingReport {
    private static final String BAR = HeldOutCheck.BAR_PERCENT + "%";
    private SizingReport() {}

    /** The sizing of {@code answer}, its fits read from {@code from}. */
    public static String answer(Sizing.Answer answer, String from) {
        CacheSeries s = answer.series();
        int rows = answer.kinds().stream().mapToInt(k -> k.model().points().size()).sum();
        StringBuilder out = new StringBuilder();
        out.append(s.contenderOnJvm()).append(", remedy ").append(s.remedy().id())
                .append(": heap ≈ a + b·N per kind, least squares over ").append(rows).append(" rows of ")
                .append(MemoryData.BENCHMARK).append(" in ").append(from).append("\n\n");
        TextTable table = new TextTable("kind", "objects", "a (MiB)", "b (bytes/object)", "estimate (MiB)",
                "fitted on", "largest residual");
        for (Sizing.KindEstimate k : answer.kinds()) {
            HeapModel m = k.model();
            table.row(k.kind().plural(), count(k.objects()), ShortNumbers.format(m.interceptMiB()),
                    String.format(Locale.ROOT, "%,.0f", m.bytesPerObject()), ShortNumbers.format(k.estimateMiB()),
                    counts(m.fit().distinctX()), percent(m.fit().largestRelativeResidual()));
        }
        table.row("total", count(answer.totalObjects()), "", "", ShortNumbers.format(answer.totalMiB()), "", "");
        out.append(table.aligned()).append('\n');
        boolean go = s.client() == ClientType.CLIENT_GO;
        out.append(String.format(Locale.ROOT, "suggested heap: %s = %s MiB × (1 + %s) × 2, rounded up%n",
                go ? "GOMEMLIMIT=" + answer.suggestedMiB() + "MiB" : "-Xmx" + answer.suggestedMiB() + "m",
                ShortNumbers.format(answer.totalMiB()), percent(answer.largestError())));
        out.append("  ").append(percent(answer.largestError())).append(": the largest relative error of these lines on"
                + " their own data (residuals, held-out checks)\n");
        out.append(go ? "  × 2: GOGC=100 lets Go's heap grow to twice the live heap before it collects\n"
                : "  × 2: the live set at most half the heap, G1's free regions to evacuate into\n");
        out.append("  a rule of thumb, not a measurement: docs/sizing.md\n");
        out.append("  the caches only (each kind an informer, a its own part): add what the rest of the process keeps"
                + " live\n\n");
        out.append("held-out check (the line through the smaller sizes, extrapolated to the largest):\n");
        for (Sizing.KindEstimate k : answer.kinds()) {
            out.append("  ").append(k.kind().plural()).append(": ").append(heldOut(k.model())).append('\n');
        }
        out.append("\npoints\n");
        TextTable points = new TextTable("kind", "objects", "measured (MiB)", "fitted (MiB)", "residual", "file");
        for (Sizing.KindEstimate k : answer.kinds()) {
            LinearFit fit = k.model().fit();
            for (int i = 0; i < fit.points(); i++) {
                MemoryPoint p = k.model().points().get(i);
                points.row(k.kind().plural(), count(p.objects()), ShortNumbers.format(fit.y(i)),
                        ShortNumbers.format(fit.predict(fit.x(i))), signed(fit.relativeResidual(i)), p.file());
            }
        }
        return out.append(points.aligned()).toString();
    }

    private static String heldOut(HeapModel m) {
        if (m.heldOut().isEmpty()) {
            return "not checked: " + m.fit().distinctX().length + " sizes measured (a check needs 3)";
        }
        LinearFit.HeldOut h = m.heldOut().get();
        return String.format(Locale.ROOT, "fitted on %s, predicts %s MiB at %s; measured %s MiB: %s, %s",
                counts(h.fit().distinctX()), ShortNumbers.format(h.predicted()), count((long) h.at()),
                ShortNumbers.format(h.measured()), signed(h.relativeError()),
                (HeldOutCheck.within(h) ? "within " : "beyond ") + BAR);
    }

    /** The held-out check of {@code check}'s series, read from {@code from}. */
    public static String check(HeldOutCheck check, String from) {
        StringBuilder out = new StringBuilder("held-out check of " + MemoryData.BENCHMARK + " in " + from + ": each"
                + " series' line through its smaller sizes, extrapolated to its largest (the bar: " + BAR + ")\n\n");
        TextTable table = new TextTable("client", "JVM", "kind", "remedy", "fitted on", "held out", "predicted (MiB)",
                "measured (MiB)", "error", "within " + BAR);
        List<HeapModel> checked = check.models();
        for (HeapModel m : checked) {
            LinearFit.HeldOut h = m.heldOut().get();
            CacheSeries s = m.series();
            table.row(s.contender(), s.jvm().toString(), s.kind().plural(), s.remedy().id(),
                    counts(h.fit().distinctX()), count((long) h.at()), ShortNumbers.format(h.predicted()),
                    ShortNumbers.format(h.measured()), signed(h.relativeError()),
                    HeldOutCheck.within(h) ? "yes" : "no");
        }
        out.append(table.aligned()).append('\n');
        List<String> unchecked = check.unchecked().stream().map(s -> s.contenderOnJvm() + " " + s.kind().plural()
                + " " + s.remedy().id()).toList();
        out.append(checked.stream().filter(m -> HeldOutCheck.within(m.heldOut().get())).count()).append(" of ")
                .append(checked.size()).append(" series within ").append(BAR)
                .append("; not checked (fewer than 3 sizes): ")
                .append(unchecked.isEmpty() ? "none" : String.join(", ", unchecked)).append('\n');
        return out.toString();
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String counts(double[] xs) {
        return Arrays.stream(xs).mapToObj(x -> count((long) x)).collect(Collectors.joining(" · "));
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private static String signed(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * share);
    }
}
