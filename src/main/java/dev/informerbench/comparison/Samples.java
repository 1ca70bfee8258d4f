package dev.informerbench.comparison;

import java.util.Arrays;
import java.util.List;

/**
 * The measurements of one metric in one file, kept as forks × iterations: iterations of one
 * JVM share its JIT decisions and heap layout, so only forks are independent. {@link #values()}
 * are the independent observations ({@link dev.informerbench.statistics.ForkStatistics} works
 * on them): the
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

    /**
     * Independent values of one kind: FORKS, each value a fork's score; ITERATIONS, the
     * iterations of one fork; SCORE, the reported score. NaN and infinite values are dropped:
     * JMH writes "NaN" for iterations that measured nothing.
     */
    public Samples(double[] values, Kind kind) {
        this(kind == Kind.FORKS
                ? Arrays.stream(values).filter(Double::isFinite).mapToObj(v -> new double[] {v}).toList()
                : List.of(Arrays.stream(values).filter(Double::isFinite).toArray()), kind);
    }

    private Samples(List<double[]> forks, Kind kind) {
        this.forks = forks.stream().map(f -> Arrays.stream(f).filter(Double::isFinite).toArray())
                .filter(f -> f.length > 0).toList();
        this.kind = kind;
        this.values = this.forks.size() == 1 ? this.forks.get(0).clone()
                : this.forks.stream().mapToDouble(f -> Arrays.stream(f).average().orElse(Double.NaN)).toArray();
    }

    /** Iteration values per fork, as JMH's rawData holds them: [fork][iteration]. */
    public static Samples ofForks(List<double[]> forks) {
        return new Samples(forks, forks.size() >= 2 ? Kind.FORKS : Kind.ITERATIONS);
    }

    /** The values per fork (a copy); one fork of one value for a SCORE. */
    public List<double[]> forks() {
        return forks.stream().map(double[]::clone).toList();
    }

    /** The measured iterations per fork; none for a reported score without raw data or fork scores alone. */
    public List<double[]> iterationForks() {
        return kind == Kind.SCORE ? List.of() : forks();
    }

    /** How many forks the values come from. */
    public int forkCount() {
        return kind == Kind.SCORE ? 1 : forks.size();
    }

    public static Samples empty(Kind kind) {
        return new Samples(new double[0], kind);
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

    public boolean isEmpty() {
        return values.length == 0;
    }

    /** The values in ascending order. */
    public double[] sorted() {
        double[] s = values.clone();
        Arrays.sort(s);
        return s;
    }

    /** The median (the mean of the two middle values for an even count); NaN when empty. */
    public double median() {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = sorted();
        int mid = s.length / 2;
        return s.length % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
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
