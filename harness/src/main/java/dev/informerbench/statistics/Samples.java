package dev.informerbench.statistics;

import java.util.Arrays;
import java.util.List;

/**
 * The measurements of one metric in one result file, kept as forks × iterations: iterations of
 * one JVM share its JIT decisions and heap layout, so only forks are independent.
 * {@link #values()} are the independent observations {@link ForkStatistics} works on: the
 * forks' scores (each the mean of the fork's iterations) with several forks, the iteration
 * scores with one, the single reported score without raw data.
 */
public final class Samples {
    /** Where the values come from. */
    public enum Kind {
        FORKS("forks"), ITERATIONS("iterations"), SCORE("score");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final List<double[]> forks;
    private final double[] values;
    private final Kind kind;

    private Samples(List<double[]> forks, Kind kind) {
        this.forks = forks.stream().map(f -> Arrays.stream(f).filter(Double::isFinite).toArray())
                .filter(f -> f.length > 0).toList();
        this.kind = kind;
        this.values = this.forks.size() == 1 ? this.forks.get(0).clone()
                : this.forks.stream().mapToDouble(f -> Arrays.stream(f).average().orElse(Double.NaN)).toArray();
    }

    /**
     * Iteration values per fork, as JMH's rawData holds them: [fork][iteration]. NaN and
     * infinite values are dropped: JMH writes "NaN" for iterations that measured nothing.
     */
    public static Samples ofForks(List<double[]> forks) {
        return new Samples(forks, forks.size() >= 2 ? Kind.FORKS : Kind.ITERATIONS);
    }

    /** A reported score without raw data: one value, none when it is not finite. */
    public static Samples ofScore(double score) {
        return new Samples(List.of(new double[] {score}), Kind.SCORE);
    }

    /** The values per fork (a copy); one fork of one value for a SCORE. */
    public List<double[]> forks() {
        return forks.stream().map(double[]::clone).toList();
    }

    /** The measured iterations per fork; none for a reported score without raw data. */
    public List<double[]> iterationForks() {
        return kind == Kind.SCORE ? List.of() : forks();
    }

    /** How many forks the values come from. */
    public int forkCount() {
        return kind == Kind.SCORE ? 1 : forks.size();
    }

    public double[] values() {
        return values.clone();
    }

    public Kind kind() {
        return kind;
    }

    public int n() {
        return values.length;
    }

    /** The values in ascending order. */
    public double[] sorted() {
        double[] s = values.clone();
        Arrays.sort(s);
        return s;
    }

    /** The same observations in another unit. */
    public Samples scaled(double factor) {
        return new Samples(forks.stream().map(f -> Arrays.stream(f).map(v -> v * factor).toArray()).toList(), kind);
    }

    /** True when every value is zero (and there is at least one). */
    public boolean allZero() {
        return values.length > 0 && Arrays.stream(values).allMatch(v -> v == 0);
    }

    @Override
    public String toString() {
        return kind.label() + Arrays.toString(values);
    }
}
