package dev.informerbench.statistics;

import java.util.List;

/**
 * How many measured iterations a fork should run, by Kalibera and Jones ("Rigorous benchmarking
 * in reasonable time", ISMM 2013; the optimum of a two-stage nested design, Cochran's): a fork
 * costs {@code c2} (JVM start, setup, warm-up) before its iterations, each of which costs
 * {@code c1}; its mean varies by the fork component {@code σf²} and the iteration component
 * {@code σi²} over its n iterations. The variance of a mean of F forks is (σf² + σi²/n) / F and
 * its time F (c2 + n c1): for a given precision the time is least at
 * <pre>n = √((c2 / c1) · (σi² / σf²))</pre>
 * Rows that share a process (a family's) share its iteration count: summed over them, with each
 * row's components in percent of its mean, the optimum is the same formula with the sums of
 * their σi² and σf².
 */
public final class IterationAllocation {
    private IterationAllocation() {}

    /**
     * The iterations per fork that measure {@code rows} to a given precision soonest, between
     * {@code fewest} and {@code most}: most when the forks do not vary beyond their iterations,
     * fewest when the iterations do not vary.
     *
     * @param forkSeconds what a fork costs besides its measured iterations
     * @param iterationSeconds what a measured iteration costs
     */
    public static int iterationsPerFork(List<VarianceComponents> rows, double forkSeconds, double iterationSeconds,
            int fewest, int most) {
        double iterationVariance = 0;
        double forkVariance = 0;
        for (VarianceComponents row : rows) {
            iterationVariance += Double.isNaN(row.iterationCv()) ? 0 : row.iterationCv() * row.iterationCv();
            forkVariance += Double.isNaN(row.forkCv()) ? 0 : row.forkCv() * row.forkCv();
        }
        if (rows.isEmpty() || !(forkSeconds > 0 && iterationSeconds > 0)) {
            throw new IllegalArgumentException("no rows, or no costs: " + rows.size() + " rows, a fork " + forkSeconds
                    + " s, an iteration " + iterationSeconds + " s");
        }
        if (forkVariance == 0) {
            return most;
        }
        double n = Math.sqrt(forkSeconds / iterationSeconds * iterationVariance / forkVariance);
        return (int) Math.max(fewest, Math.min(most, Math.round(n)));
    }

    /**
     * The time a given precision takes with {@code n} iterations per fork, relative to {@code from}
     * iterations: (σf² + σi²/n)(c2 + n c1) over the same at {@code from}, summed over the rows.
     */
    public static double timeFactor(List<VarianceComponents> rows, double forkSeconds, double iterationSeconds,
            double n, double from) {
        return time(rows, forkSeconds, iterationSeconds, n) / time(rows, forkSeconds, iterationSeconds, from);
    }

    private static double time(List<VarianceComponents> rows, double forkSeconds, double iterationSeconds, double n) {
        return rows.stream().mapToDouble(r -> r.forkMeanCv(n) * r.forkMeanCv(n)).sum()
                * (forkSeconds + n * iterationSeconds);
    }

    /**
     * How the variance of a fork's mean changes when its iterations go from the {@code row}'s
     * measured count to {@code iterationsPerFork}: (σf² + σi²/new) / (σf² + σi²/old); 1 when
     * that cannot be said (no count given, no components).
     */
    public static double spreadScale(VarianceComponents row, double iterationsPerFork) {
        if (!(iterationsPerFork > 0) || Double.isNaN(row.forkCv()) || Double.isNaN(row.iterationCv())) {
            return 1;
        }
        double before = row.forkMeanCv(row.iterations());
        return before == 0 ? 1 : Math.pow(row.forkMeanCv(iterationsPerFork) / before, 2);
    }
}
