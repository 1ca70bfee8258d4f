package dev.informerbench.runner;

import static dev.informerbench.runner.PrecisionGoal.percentText;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Delta;
import dev.informerbench.results.RowKey;
import dev.informerbench.statistics.PrecisionTarget;
import dev.informerbench.statistics.PrecisionTarget.Decision;
import dev.informerbench.statistics.PrecisionTarget.State;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an adaptive run reached, row by row: the forks a side its result holds, the change it
 * detects there (compare's {@code detects}), and whether the target was reached, missed, or out
 * of this machine's reach; recorded in {@code interleave.json} ({@link PrecisionRecord}) and
 * printed after the comparison.
 */
final class PrecisionReport {
    private final PrecisionGoal goal;
    private final PrecisionTarget rule;
    private final RowSamples samples;
    private final Map<RowKey, Decision> decisions;
    private final IterationPlan iterations;

    PrecisionReport(PrecisionGoal goal, PrecisionTarget rule, RowSamples samples, Map<RowKey, Decision> decisions,
            IterationPlan iterations) {
        this.goal = goal;
        this.rule = rule;
        this.samples = samples;
        this.decisions = decisions;
        this.iterations = iterations;
    }

    /**
     * Whether a row's result is its pilot's forks: a row stopped after it (too wide to plan by, or
     * not measured on every side), or one whose measurement the budget or a stop left with fewer than 2 forks
     * a side. None without a target.
     */
    static boolean resultIsPilot(PrecisionTarget rule, RowSamples.Row row, Decision d) {
        return rule != null && (d == null || d.state() == State.PILOT || d.state() == State.CANNOT_REACH
                || fewest(row.measured) < 2);
    }

    /** A contender has no fork of the row (its client lacks the row, or every process of it failed). */
    static boolean missingASide(RowSamples.Row row) {
        for (int i = 0; i < row.pilot.size(); i++) {
            if (row.pilot.get(i).isEmpty() && row.measured.get(i).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    PrecisionRecord record(String stoppedBy, double seconds) {
        PrecisionRecord r = new PrecisionRecord();
        r.targetPercent = goal.hasTarget() ? goal.targetPercent() : null;
        r.budgetSeconds = goal.budget() == null ? null : goal.budget().toSeconds();
        r.maxForks = goal.maxForks();
        r.pilotForks = rule == null ? 0 : PrecisionTarget.PILOT_FORKS;
        r.alpha = Comparison.DEFAULT_ALPHA;
        r.power = Delta.POWER;
        r.stoppedBy = stoppedBy;
        r.seconds = seconds;
        r.families.addAll(iterations.records());
        for (RowSamples.Row row : samples.rows()) {
            r.rows.add(outcome(row));
        }
        return r;
    }

    private PrecisionRecord.RowOutcome outcome(RowSamples.Row row) {
        Decision d = decisions.get(row.key);
        boolean pilot = resultIsPilot(rule, row, d);
        List<List<double[]>> result = pilot ? row.pilot : row.measured;
        PrecisionRecord.RowOutcome o = new PrecisionRecord.RowOutcome();
        o.row = row.label();
        o.family = row.family;
        o.forks = fewest(result);
        o.detectablePercent = detects(result);
        o.result = rule == null ? "every round" : pilot ? "pilot" : "measurement";
        o.state = d == null ? null : d.state().name();
        o.plannedForks = d == null ? 0 : d.plannedForks();
        o.neededForks = d == null || d.neededForks() == Integer.MAX_VALUE ? null : d.neededForks();
        o.targetReached = goal.hasTarget() && o.detectablePercent <= goal.targetPercent();
        o.says = says(row, d, o);
        return o;
    }

    private String says(RowSamples.Row row, Decision d, PrecisionRecord.RowOutcome o) {
        String detects = String.format(Locale.ROOT, "detects %s with %d forks a side", percent(o.detectablePercent),
                o.forks);
        if (missingASide(row)) {
            return "not measured for every contender: not compared";
        }
        if (rule == null) {
            return detects;
        }
        String target = percentText(goal.targetPercent()) + "%";
        String needs = d == null || d.neededForks() == Integer.MAX_VALUE ? "more than 10,000"
                : "about " + d.neededForks();
        return switch (d == null ? State.PILOT : d.state()) {
            case REACHED -> "reached " + target + ": " + detects + " (as planned from its pilot)";
            case MISSED -> "missed " + target + ": " + detects + ", the count its pilot planned (a projection)";
            case MAX_FORKS -> (o.targetReached ? "reached " + target + ": " : "cannot reach " + target
                    + " on this machine: ") + detects + ", the maximum; its pilot's spread needs " + needs;
            case CANNOT_REACH -> "cannot reach " + target + " on this machine: its pilot " + detects + ", and its"
                    + " spread needs " + needs + " forks a side (over " + PrecisionTarget.HOPELESS + " × "
                    + goal.maxForks() + "): stopped after the pilot, whose forks are its result";
            case MEASURING -> "cut short (" + target + (o.targetReached ? " reached" : " not reached") + "): "
                    + detects + (o.result.equals("pilot") ? " (its pilot's: its measurement had fewer than 2)"
                    : " of " + d.plannedForks() + " planned");
            case PILOT -> "cut short in its pilot: " + detects;
        };
    }

    /** The lines printed after the comparison, from the record alone (compare prints them again). */
    static String text(PrecisionRecord r) {
        PrecisionGoal goal = new PrecisionGoal(r.targetPercent == null ? 0 : r.targetPercent,
                r.budgetSeconds == null ? null : Duration.ofSeconds(r.budgetSeconds), r.maxForks);
        StringBuilder out = new StringBuilder("\nPrecision (").append(goal.asked()).append("), stopped by ")
                .append(r.stoppedBy).append(" after ").append(RunProgress.words(r.seconds)).append(":\n");
        if (goal.hasTarget()) {
            out.append("  each row: a pilot of ").append(r.pilotForks).append(" forks a side, which"
                    + " plans its measurement and is not in the result files; detects: compare's, at alpha ")
                    .append(r.alpha).append(" and ").append(Math.round(r.power * 100)).append("% power\n");
        }
        r.rows.forEach(o -> out.append("  ").append(o.row).append(": ").append(o.says).append('\n'));
        if (goal.hasTarget()) {
            long reached = r.rows.stream().filter(o -> o.targetReached).count();
            out.append(String.format(Locale.ROOT, "Reached %s%% on %d of %d rows in %s.%n",
                    percentText(goal.targetPercent()), reached, r.rows.size(), RunProgress.words(r.seconds)));
        }
        return out.toString();
    }

    private double detects(List<List<double[]>> sides) {
        double most = sides.size() < 2 ? Double.POSITIVE_INFINITY : 0;
        for (int i = 1; i < sides.size(); i++) {
            most = Math.max(most, sides.get(0).size() < 2 || sides.get(i).size() < 2 ? Double.POSITIVE_INFINITY
                    : PrecisionTarget.detectablePercent(sides.get(0), sides.get(i), Comparison.DEFAULT_ALPHA,
                            Delta.POWER));
        }
        return most;
    }

    private static int fewest(List<List<double[]>> sides) {
        return sides.stream().mapToInt(List::size).min().orElse(0);
    }

    private static String percent(double p) {
        return Double.isInfinite(p) ? "∞" : String.format(Locale.ROOT, p < 10 ? "%.1f%%" : "%.0f%%", p);
    }
}
