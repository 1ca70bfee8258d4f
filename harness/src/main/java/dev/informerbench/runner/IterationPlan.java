package dev.informerbench.runner;

import dev.informerbench.comparison.Units;
import dev.informerbench.statistics.IterationAllocation;
import dev.informerbench.statistics.VarianceComponents;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The iterations a fork of each family's measurement runs, once the pilot has measured its rows:
 * Kalibera and Jones' optimum ({@link IterationAllocation}) from the rows' fork and iteration
 * spread and what a fork and an iteration cost here: an iteration, its length (a single shot's,
 * its score); a fork, what its process took per row less its iterations. Between
 * {@link #FEWEST} and {@link #MOST}; the user's {@code -i} is kept as given.
 */
final class IterationPlan {
    /** Two, so a fork still shows how its iterations vary (and whether they trend). */
    static final int FEWEST = 2;
    static final int MOST = 20;

    private final JmhArgs args;
    private final RowSamples samples;
    private final Map<String, Integer> perFamily = new HashMap<>();
    private final Map<String, PrecisionRecord.FamilyIterations> records = new LinkedHashMap<>();

    IterationPlan(JmhArgs args, RowSamples samples) {
        this.args = args;
        this.samples = samples;
    }

    /** The measurement's iterations a fork of {@code family}; 0: as its pilot ran. */
    int of(String family) {
        return perFamily.getOrDefault(family, 0);
    }

    List<PrecisionRecord.FamilyIterations> records() {
        return List.copyOf(records.values());
    }

    /** Allocates each family's iterations from the pilot of its rows that {@code going} takes, each in a line. */
    void allocate(List<Family> families, Predicate<RowSamples.Row> going, PrintStream log) {
        for (Family family : families) {
            List<RowSamples.Row> rows = samples.of(family.name()).stream().filter(going)
                    .filter(r -> r.pilot.stream().allMatch(forks -> forks.size() >= 2)).toList();
            if (rows.isEmpty()) {
                continue;
            }
            PrecisionRecord.FamilyIterations f = new PrecisionRecord.FamilyIterations();
            f.family = family.name();
            List<VarianceComponents> components = rows.stream().map(r -> VarianceComponents.of(r.pilot)).toList();
            f.pilotIterations = components.stream().mapToDouble(VarianceComponents::iterations).average().orElse(1);
            f.iterationSeconds = rows.stream().mapToDouble(r -> iterationSeconds(r, family)).average().orElse(1);
            f.forkSeconds = Math.max(f.iterationSeconds, rows.stream().mapToDouble(RowSamples.Row::meanForkSeconds)
                    .average().orElse(0) - f.pilotIterations * f.iterationSeconds);
            records.put(family.name(), f);
            if (UnitArgs.given(args, "i") != null) {
                f.kept = "the user's -i";
                f.iterationsPerFork = (int) Math.round(f.pilotIterations);
                continue;
            }
            f.iterationsPerFork = IterationAllocation.iterationsPerFork(components, f.forkSeconds, f.iterationSeconds,
                    FEWEST, MOST);
            f.timeFactor = IterationAllocation.timeFactor(components, f.forkSeconds, f.iterationSeconds,
                    f.iterationsPerFork, f.pilotIterations);
            perFamily.put(family.name(), f.iterationsPerFork);
            double forkCv = Math.sqrt(components.stream().mapToDouble(c -> square(c.forkCv())).average().orElse(0));
            double iterationCv = Math.sqrt(components.stream().mapToDouble(c -> square(c.iterationCv())).average()
                    .orElse(0));
            log.printf(Locale.ROOT, "[run-bench] %s: %d iterations a fork from here (the pilot's %s): forks vary"
                    + " %.1f%%, iterations %.1f%%; a fork costs %s besides iterations of %s (Kalibera & Jones: the same"
                    + " precision in %.2f× the time)%n", family.name(), f.iterationsPerFork,
                    PrecisionGoal.percentText(f.pilotIterations), forkCv, iterationCv,
                    RunProgress.words(f.forkSeconds), seconds(f.iterationSeconds), f.timeFactor);
        }
    }

    /** What a fork of {@code row} takes in the measurement: as in its processes so far, at its new iterations. */
    double forkSeconds(RowSamples.Row row) {
        double measured = row.meanForkSeconds();
        PrecisionRecord.FamilyIterations f = records.get(row.family);
        if (Double.isNaN(measured)) {
            return 0;
        }
        return f == null || f.kept != null ? measured
                : measured + (f.iterationsPerFork - f.pilotIterations) * f.iterationSeconds;
    }

    /** A single shot's iteration lasts its score; another mode's, its set time (the user's -r, or the family's). */
    private double iterationSeconds(RowSamples.Row row, Family family) {
        if (row.mode.equals("ss")) {
            double shot = row.meanScore * Units.factor(row.unit, "s/op");
            if (shot > 0) {
                return shot;
            }
        }
        String r = UnitArgs.given(args, "r");
        return r == null ? family.measurementSeconds()
                : TimeValue.fromString(UnitArgs.duration(r)).convertTo(TimeUnit.MILLISECONDS) / 1e3;
    }

    private static double square(double cv) {
        return Double.isNaN(cv) ? 0 : cv * cv;
    }

    private static String seconds(double s) {
        return s >= 1 ? RunProgress.words(s) : String.format(Locale.ROOT, "%.0f ms", s * 1e3);
    }
}
