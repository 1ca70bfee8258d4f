package dev.informerbench.statistics;

import dev.informerbench.text.ShortNumbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether the measured iterations of one benchmark × params row are stationary: the same
 * level from the first measured iteration to the last within each fork. Two departures are
 * flagged:
 * <ul>
 * <li>{@link Kind#TREND}: the iterations climb or fall (warm-up not over, a heap filling up).
 * Flagged when {@link MannKendall}'s test, pooled over the forks, gives p &lt; {@link #ALPHA}
 * and the drift, a Theil–Sen line per fork from its first to its last measured iteration
 * relative to its start, median over the forks, is at least {@link #MIN_DRIFT}: significant
 * and large enough to matter.</li>
 * <li>{@link Kind#TWO_LEVELS}: a fork's iterations split into a before and an after segment
 * (each of at least {@link #MIN_SEGMENT} iterations) at two clearly different levels, as when
 * the JIT changes its mind mid-fork. Flagged when that holds in a majority of the forks that
 * have at least {@code 2 * MIN_SEGMENT} iterations (or in the only one).</li>
 * </ul>
 * Forks at different levels from each other are not non-stationarity: every statistic here is
 * computed within a fork, and only then pooled. Pure logic, no I/O.
 */
public final class Stationarity {
    private Stationarity() {}

    /**
     * Significance level of the pooled trend test. A row is one test and a run has a few dozen
     * rows, so 1% keeps a spurious trend flag to well under one per run, while a real
     * warm-up (a monotone climb over six iterations, exact p = 0.003) still reaches it.
     */
    public static final double ALPHA = 0.01;

    /**
     * Smallest relative drift from the first to the last measured iteration worth a flag.
     * Below 5% the drift is within the run-to-run noise of these benchmarks and would not
     * change a conclusion; a significant but tiny drift over many iterations is not news.
     */
    public static final double MIN_DRIFT = 0.05;

    /**
     * Smallest difference between the two levels of a step, relative to the lower one. A 10%
     * jump inside one JVM is more than the noise between iterations and large enough to move
     * a score; smaller steps are left to the trend test.
     */
    public static final double MIN_STEP = 0.10;

    /**
     * The gap between the two segment means must be at least this many times the larger
     * segment's range. Three ranges apart means the two segments do not overlap by a wide
     * margin; it also keeps a straight-line trend out (its best split gives at most 2×), so a
     * trend is reported as a trend.
     */
    public static final double STEP_VS_SPREAD = 3.0;

    /** Each segment of a step has at least two iterations: one odd iteration is not a level. */
    public static final int MIN_SEGMENT = 2;

    /** Forks with fewer iterations say nothing about a trend (S of two iterations is ±1). */
    static final int MIN_TREND_ITERATIONS = 3;

    /** The verdict on a row. */
    public enum Kind {
        /** Judged and steady. */
        OK,
        /** Too few measured iterations per fork to judge either a trend or a step. */
        TOO_FEW,
        /** The measured iterations climb or fall. */
        TREND,
        /** The measured iterations of a fork sit at two levels, one after the other. */
        TWO_LEVELS
    }

    /** Which way a trend goes or a step jumps, in the score's own units (up = larger numbers). */
    public enum Direction { UP, DOWN, NONE }

    /**
     * The verdict on a row and the numbers behind it.
     *
     * @param kind the verdict
     * @param direction of a trend or step; {@code NONE} for OK and TOO_FEW
     * @param driftPercent TREND: the relative change from the first to the last measured
     *        iteration (Theil–Sen line, median over forks), signed, in %; NaN otherwise
     * @param pValue two-sided p-value of the pooled Mann-Kendall test; NaN when not computed
     * @param levelBefore TWO_LEVELS: the mean of the segment before the step; NaN otherwise
     * @param levelAfter TWO_LEVELS: the mean of the segment after the step; NaN otherwise
     * @param iterationsBefore TWO_LEVELS: iterations before the step; 0 otherwise
     * @param iterationsAfter TWO_LEVELS: iterations after the step; 0 otherwise
     * @param forksFlagged TWO_LEVELS: forks with a step; TREND: forks drifting the flagged way
     * @param forksJudged forks with enough iterations to take part
     * @param description one line for a human, without the row's name
     */
    public record Result(Kind kind, Direction direction, double driftPercent, double pValue, double levelBefore,
            double levelAfter, int iterationsBefore, int iterationsAfter, int forksFlagged, int forksJudged,
            String description) {
        /** TREND or TWO_LEVELS: worth a line in a summary. */
        public boolean flagged() {
            return kind == Kind.TREND || kind == Kind.TWO_LEVELS;
        }
    }

    /**
     * Judges a row from its measured iteration scores per fork (JMH's {@code rawData},
     * [fork][iteration], in the order they ran). Non-finite values are dropped.
     */
    public static Result check(List<double[]> forks) {
        List<double[]> clean = new ArrayList<>();
        for (double[] fork : forks) {
            double[] finite = Arrays.stream(fork).filter(Double::isFinite).toArray();
            if (finite.length > 0) {
                clean.add(finite);
            }
        }
        List<double[]> trendForks = clean.stream().filter(f -> f.length >= MIN_TREND_ITERATIONS).toList();
        List<double[]> stepForks = clean.stream().filter(f -> f.length >= 2 * MIN_SEGMENT).toList();
        boolean trendJudged = !trendForks.isEmpty() && MannKendall.smallestPValue(trendForks) < ALPHA;
        boolean stepJudged = !stepForks.isEmpty();
        if (!trendJudged && !stepJudged) {
            return new Result(Kind.TOO_FEW, Direction.NONE, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, 0,
                    clean.size(), "too few measured iterations to judge (" + iterationCounts(clean) + ")");
        }

        if (stepJudged) {
            List<Step> steps = new ArrayList<>();
            for (double[] fork : stepForks) {
                Step s = Step.find(fork);
                if (s != null) {
                    steps.add(s);
                }
            }
            if (2 * steps.size() > stepForks.size()) {
                steps.sort((a, b) -> Double.compare(Math.abs(a.relative()), Math.abs(b.relative())));
                Step typical = steps.get((steps.size() - 1) / 2);
                Direction d = typical.after() > typical.before() ? Direction.UP : Direction.DOWN;
                String where = stepForks.size() == 1 && clean.size() == 1 ? ""
                        : " in " + steps.size() + " of " + stepForks.size() + " forks, e.g.";
                String text = String.format(Locale.ROOT,
                        "measured iterations split into two levels%s %d at %s then %d at %s (%+.0f%%; JIT change?)",
                        where, typical.countBefore(), fmt(typical.before()), typical.countAfter(), fmt(typical.after()),
                        100 * typical.relative());
                return new Result(Kind.TWO_LEVELS, d, Double.NaN, Double.NaN, typical.before(), typical.after(),
                        typical.countBefore(), typical.countAfter(), steps.size(), stepForks.size(), text);
            }
        }

        double p = Double.NaN;
        if (trendJudged) {
            long s = 0;
            for (double[] fork : trendForks) {
                s += MannKendall.s(fork);
            }
            p = MannKendall.pValue(trendForks, s);
            double[] drifts = trendForks.stream().mapToDouble(Stationarity::relativeDrift).toArray();
            double drift = median(drifts);
            boolean sameWay = s != 0 && Math.signum(drift) == Math.signum(s);
            if (p < ALPHA && Math.abs(drift) >= MIN_DRIFT && sameWay) {
                Direction d = drift > 0 ? Direction.UP : Direction.DOWN;
                int agreeing = (int) Arrays.stream(drifts).filter(x -> Math.signum(x) == Math.signum(drift)).count();
                String across = trendForks.size() == 1 ? ""
                        : String.format(Locale.ROOT, ", median of %d forks", trendForks.size());
                String text = String.format(Locale.ROOT,
                        "measured iterations trend %s %.0f%% (p=%s%s; warm-up not over?)",
                        d == Direction.UP ? "up" : "down", Math.abs(100 * drift), pText(p), across);
                return new Result(Kind.TREND, d, 100 * drift, p, Double.NaN, Double.NaN, 0, 0, agreeing,
                        trendForks.size(), text);
            }
        }
        String text = "steady over " + iterationCounts(clean)
                + (trendJudged ? "" : " (too few iterations for a trend test)")
                + (stepJudged ? "" : " (too few iterations for a step test)");
        return new Result(Kind.OK, Direction.NONE, Double.NaN, p, Double.NaN, Double.NaN, 0, 0, 0,
                Math.max(trendForks.size(), stepForks.size()), text);
    }

    // ---- trend ----

    /**
     * One fork's drift: its Theil–Sen line (median pairwise slope, median intercept) from the
     * first iteration to the last, relative to the line's start (to the fork's median when the
     * start is not positive).
     */
    static double relativeDrift(double[] x) {
        int n = x.length;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                slopes[k++] = (x[j] - x[i]) / (j - i);
            }
        }
        double slope = median(slopes);
        double[] intercepts = new double[n];
        Arrays.setAll(intercepts, i -> x[i] - slope * i);
        double start = median(intercepts);
        double base = start > 0 ? start : Math.abs(median(x));
        return base > 0 ? slope * (n - 1) / base : 0;
    }

    // ---- helpers ----

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** "1 fork × 6 iterations", "3 forks × 5 iterations", "2 forks × 3-4 iterations". */
    private static String iterationCounts(List<double[]> forks) {
        if (forks.isEmpty()) {
            return "no measured iterations";
        }
        int min = forks.stream().mapToInt(f -> f.length).min().orElse(0);
        int max = forks.stream().mapToInt(f -> f.length).max().orElse(0);
        return forks.size() + (forks.size() == 1 ? " fork × " : " forks × ")
                + (min == max ? "" + min : min + "-" + max) + (max == 1 ? " iteration" : " iterations");
    }

    private static String pText(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    static String fmt(double v) {
        return ShortNumbers.format(v);
    }
}
