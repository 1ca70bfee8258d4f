package dev.informerbench.runner;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Delta;
import dev.informerbench.results.RowKey;
import dev.informerbench.statistics.PrecisionTarget;
import dev.informerbench.statistics.PrecisionTarget.Decision;
import dev.informerbench.statistics.PrecisionTarget.State;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * An interleaved run with {@code --precision} or {@code --budget}: fork rounds, each running every
 * family that has a row still going, every contender taking its turn as in a fixed run, until no
 * row goes on, the budget would not hold the next round (by the rounds so far), or a row has
 * its maximum. With a target, the first {@link PrecisionTarget#PILOT_FORKS} rounds are the pilot;
 * after it each family's measurement gets Kalibera and Jones' iterations a fork
 * ({@link IterationPlan}), and after every round {@link PrecisionTarget} says which rows go on;
 * a later round's processes run only those ({@link UnitArgs#narrowed}). Without one, every row
 * goes on to the budget or the maximum.
 */
final class PrecisionRounds {
    private final PrecisionGoal goal;
    private final PrecisionTarget rule;
    private final List<Family> families;
    private final List<Contender> contenders;
    private final JmhArgs args;
    private final Interleave record;
    private final Path sidecar;
    private final PrintStream log;
    private final RowSamples samples;
    private final IterationPlan iterations;
    private final Map<RowKey, Decision> decisions = new HashMap<>();
    private String stoppedBy = "every row's plan";
    private LongSupplier clock = System::nanoTime;
    private int rounds;

    PrecisionRounds(PrecisionGoal goal, List<Family> families, List<Contender> contenders, JmhArgs args,
            Interleave record, Path sidecar, PrintStream log) {
        this.goal = goal;
        this.rule = goal.hasTarget()
                ? new PrecisionTarget(goal.targetPercent(), goal.maxForks(), Comparison.DEFAULT_ALPHA, Delta.POWER)
                : null;
        this.families = families;
        this.contenders = contenders;
        this.args = args;
        this.record = record;
        this.sidecar = sidecar;
        this.log = log;
        this.samples = new RowSamples(contenders.size());
        this.iterations = new IterationPlan(args, samples);
        record.order = "rounds while a row goes on (" + goal.asked() + "): each runs every family with a row going, "
                + "every contender once, one fork each, only the rows going after the pilot; the contenders' order "
                + "rotates by one from family to family";
    }

    /** The same rounds timed by {@code nanos} in place of {@link System#nanoTime} (a test's clock). */
    PrecisionRounds clock(LongSupplier nanos) {
        this.clock = nanos;
        return this;
    }

    /** The most rounds of {@code goal}: the pilot's and the maximum's. */
    static int maxRounds(PrecisionGoal goal) {
        return (goal.hasTarget() ? PrecisionTarget.PILOT_FORKS : 0) + goal.maxForks();
    }

    private int maxRounds() {
        return maxRounds(goal);
    }

    /** Runs the rounds until every row stops, the budget ends or a stop; returns each contender's runs. */
    List<List<Interleave.Run>> run(UnitLauncher jvms) throws IOException, InterruptedException {
        List<List<Interleave.Run>> runsOf = new ArrayList<>();
        contenders.forEach(c -> runsOf.add(new ArrayList<>()));
        log.printf("[run-bench] %s: rounds of every row still going, interleaved (%s)%n", goal.asked(), sidecar);
        long t0 = clock.getAsLong();
        double pilotSeconds = PrecisionTarget.PILOT_FORKS * roundSeconds(families);
        if (rule != null && goal.budget() != null && pilotSeconds > goal.budget().toSeconds()) {
            log.printf("[run-bench] the pilot alone (%d rounds) should take about %s by the profile, more than the"
                    + " budget: no row will be planned; give more time, or fewer rows (a pattern after --)%n",
                    PrecisionTarget.PILOT_FORKS, RunProgress.words(pilotSeconds));
        }
        int unit = 0;
        for (int round = 1; round <= maxRounds() && !jvms.stopping(); round++) {
            boolean pilot = rule != null && round <= PrecisionTarget.PILOT_FORKS;
            List<Family> next = families.stream().filter(f -> samples.of(f.name()).isEmpty()
                    || !continuing(f.name()).isEmpty()).toList();
            double elapsed = (clock.getAsLong() - t0) / 1e9;
            double roundSeconds = roundSeconds(next);
            if (next.isEmpty() || goal.budget() != null && elapsed + roundSeconds > goal.budget().toSeconds()) {
                stoppedBy = next.isEmpty() ? stoppedBy : "budget";
                if (!next.isEmpty()) {
                    log.printf("[run-bench] the budget: round %d would take about %s, and %s of %s is left%n", round,
                            RunProgress.words(roundSeconds), RunProgress.words(goal.budget().toSeconds() - elapsed),
                            RunProgress.words(goal.budget().toSeconds()));
                }
                break;
            }
            for (Family f : next) {
                JmhArgs unitArgs = pilot || round == 1 || rule == null ? null
                        : UnitArgs.narrowed(args, samples.narrowing(f.name(), continuing(f.name())),
                                iterations.of(f.name()));
                for (int i : InterleavePlan.order(unit, contenders.size())) {
                    Contender c = contenders.get(i);
                    if (c.artifact() == null || jvms.stopping()) {
                        continue;
                    }
                    log.printf("%n[run-bench] %s%n", progress(round, f, c, (clock.getAsLong() - t0) / 1e9));
                    Interleave.Run run = jvms.run(new InterleavePlan.Unit(round, f), c, unitArgs);
                    run.pilot = pilot ? Boolean.TRUE : null;
                    run.position = record.runs.size() + 1;
                    record.runs.add(run);
                    runsOf.get(i).add(run);
                    record.write(sidecar);
                    absorb(run, i, f, pilot);
                }
                unit++;
            }
            rounds = round;
            if (pilot && round == PrecisionTarget.PILOT_FORKS) {
                // the iterations of the rows that go on: a row stopped after its pilot does not weigh
                decide();
                iterations.allocate(families, r -> !decisions.get(r.key).state().stops(), log);
            }
            decide();
        }
        stoppedBy = jvms.stopping() ? "interrupted" : rounds == maxRounds() && anyContinuing() ? "the maximum"
                : stoppedBy;
        PrecisionReport report = new PrecisionReport(goal, rule, samples, decisions, iterations);
        record.precision = report.record(stoppedBy, (clock.getAsLong() - t0) / 1e9);
        record.write(sidecar);
        return runsOf;
    }

    /** Adds what {@code run} measured to the rows; a file that cannot be read costs its forks, said in a line. */
    private void absorb(Interleave.Run run, int contender, Family family, boolean pilot) {
        try {
            if (run.resultFile != null) {
                samples.add(contender, family.name(), sidecar.resolveSibling(run.resultFile), pilot, seconds(run));
            }
        } catch (RuntimeException unreadable) {
            log.printf("[run-bench] %s: its forks are not counted: %s%n", run.resultFile, unreadable.getMessage());
        }
    }

    /** Whether {@code run}'s forks of {@code row} belong in the result files ({@link VersionMerge#merge}). */
    boolean inResult(Interleave.Run run, RowKey row) {
        RowSamples.Row r = samples.rows().stream().filter(x -> x.key.equals(row)).findFirst().orElse(null);
        boolean fromPilot = r != null && PrecisionReport.resultIsPilot(rule, r, decisions.get(row));
        return Boolean.TRUE.equals(run.pilot) == fromPilot;
    }

    /** What the run says at its end, row by row. */
    String summary() {
        return PrecisionReport.text(record.precision);
    }

    private void decide() {
        if (rule == null) {
            return;
        }
        for (RowSamples.Row row : samples.rows()) {
            decisions.put(row.key, rule.decide(row.pilot, row.measured, iterations.of(row.family)));
        }
    }

    /** The rows of {@code family} that go on: every one without a target; else those the rule has not stopped. */
    private List<RowSamples.Row> continuing(String family) {
        return samples.of(family).stream().filter(r -> {
            Decision d = decisions.get(r.key);
            return rule == null || d == null || !d.state().stops() && !(d.state() == State.PILOT
                    && rounds >= PrecisionTarget.PILOT_FORKS && PrecisionReport.missingASide(r));
        }).toList();
    }

    private boolean anyContinuing() {
        return families.stream().anyMatch(f -> !continuing(f.name()).isEmpty());
    }

    /**
     * What a round of {@code next} should take: each family's rows still going times what a fork
     * of them took so far (at the measurement's iterations), once per contender; before any, the
     * profile's arithmetic ({@link RunProgress#estimateSeconds}).
     */
    private double roundSeconds(List<Family> next) {
        long built = contenders.stream().filter(c -> c.artifact() != null).count();
        double seconds = 0;
        for (Family f : next) {
            List<RowSamples.Row> rows = continuing(f.name());
            seconds += rows.isEmpty() ? RunProgress.estimateSeconds(f, args.rowsMatching(args.include(f),
                    args.params(f.params())), 1) : rows.stream().mapToDouble(iterations::forkSeconds).sum();
        }
        return seconds * built;
    }

    /** The line as a process starts: where the run is, and about how long is left (within the budget). */
    private String progress(int round, Family family, Contender contender, double elapsed) {
        boolean pilot = rule != null && round <= PrecisionTarget.PILOT_FORKS;
        double left = pilot ? (PrecisionTarget.PILOT_FORKS - round + 1) * roundSeconds(families)
                : rule == null ? (maxRounds() - round + 1) * roundSeconds(families) : measurementLeft();
        String budget = goal.budget() == null ? "" : String.format(", budget %s left",
                RunProgress.words(Math.max(0, goal.budget().toSeconds() - elapsed)));
        if (goal.budget() != null) {
            left = Math.min(left, Math.max(0, goal.budget().toSeconds() - elapsed));
        }
        long rows = samples.of(family.name()).isEmpty() ? args.rowsMatching(args.include(family),
                args.params(family.params())) : continuing(family.name()).size();
        return String.format("round %d%s: %s, %s, %d row%s going; %s elapsed, about %s %s%s", round,
                pilot ? " (pilot " + round + " of " + PrecisionTarget.PILOT_FORKS + ")" : "", family.name(),
                contender.label(), rows, rows == 1 ? "" : "s", RunProgress.words(elapsed), RunProgress.words(left),
                pilot ? "to the pilot's end" : "left", budget);
    }

    /** The measurement's planned forks not yet run, at what a fork of each row took, for every contender. */
    private double measurementLeft() {
        long built = contenders.stream().filter(c -> c.artifact() != null).count();
        return samples.rows().stream().filter(r -> decisions.containsKey(r.key)
                && decisions.get(r.key).state() == State.MEASURING).mapToDouble(r -> {
                    Decision d = decisions.get(r.key);
                    return (d.plannedForks() - d.forks()) * iterations.forkSeconds(r);
                }).sum() * built;
    }

    private static double seconds(Interleave.Run run) {
        return Duration.between(Instant.parse(run.startedAt), Instant.parse(run.finishedAt)).toMillis() / 1e3;
    }
}
