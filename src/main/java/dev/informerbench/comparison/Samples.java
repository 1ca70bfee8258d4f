package dev.informerbench.comparison;

import java.util.Arrays;

/**
 * The independent observations of one metric in one file, the values the median, its
 * confidence interval and the rank test work on. With several forks they are the forks'
 * scores (each the mean of the fork's iteration scores): iterations of one JVM share its
 * JIT decisions and heap layout, so only forks are independent. With one fork they are the
 * iteration scores; without raw data, the single reported score.
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

    private final double[] values;
    private final Kind kind;

    /** NaN and infinite values are dropped: JMH writes "NaN" for iterations that measured nothing. */
    public Samples(double[] values, Kind kind) {
        this.values = Arrays.stream(values).filter(Double::isFinite).toArray();
        this.kind = kind;
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
        return new Samples(Arrays.stream(values).map(v -> v * factor).toArray(), kind);
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
