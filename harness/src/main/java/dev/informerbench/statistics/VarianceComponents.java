package dev.informerbench.statistics;

import java.util.Arrays;
import java.util.List;

/**
 * Where the variance of one row comes from, level by level, as Kalibera and Jones split it
 * ("Rigorous benchmarking in reasonable time", ISMM 2013): iterations inside a fork, forks
 * (JVMs) inside a run, and runs (result files) of the same code. Each level's component is
 * what its means vary by beyond what the level below already explains (method of moments,
 * clamped at 0), given as a coefficient of variation: percent of the grand mean.
 *
 * <p>What it is for: spending a run's time where it buys precision. When the fork level
 * dominates, more and shorter forks narrow an interval; when the iteration level does, longer
 * iterations or more of them; a run level that is not 0 is drift that no interval inside a
 * file can see. {@link #forksFor} turns the components into the forks a comparison needs.
 *
 * @param mean the mean of the runs' means
 * @param iterationCv the standard deviation of iterations inside a fork, in % of the mean; NaN when no
 *     fork has two. Iterations are taken as independent: what makes them move together (a slow
 *     drift inside a fork) shows at the fork level
 * @param forkCv the standard deviation of fork means beyond their iterations' share, in %
 * @param runCv the standard deviation of the files' means beyond their forks' share, in %; NaN with
 *     one file. For runs made apart in time, their drift; for the contenders of one interleaved A/A
 *     run, what still tells one contender's forks from the other's
 * @param forks forks per run (the mean over the runs)
 * @param iterations measured iterations per fork (the mean over the forks)
 */
public record VarianceComponents(double mean, double iterationCv, double forkCv, double runCv, double forks,
        double iterations) {

    /**
     * The components of one row measured in several runs: {@code runs.get(r).get(f)} holds the
     * measured iterations of fork f of run r. Forks without iterations are left out; a run needs
     * one fork and a fork one iteration to count.
     */
    public static VarianceComponents of(List<List<double[]>> runs) {
        List<List<double[]>> kept = runs.stream()
                .map(forks -> forks.stream().map(f -> Arrays.stream(f).filter(Double::isFinite).toArray())
                        .filter(f -> f.length > 0).toList())
                .filter(forks -> !forks.isEmpty()).toList();
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("no measured iterations");
        }
        // Level 1: iterations inside a fork, pooled over every fork with two or more.
        double within = 0;
        int withinDf = 0;
        int forkCount = 0;
        double iterationSum = 0;
        double inverseIterations = 0;
        for (List<double[]> forks : kept) {
            for (double[] f : forks) {
                forkCount++;
                iterationSum += f.length;
                inverseIterations += 1.0 / f.length;
                if (f.length >= 2) {
                    within += ForkStatistics.variance(f) * (f.length - 1);
                    withinDf += f.length - 1;
                }
            }
        }
        double iterationVar = withinDf == 0 ? Double.NaN : within / withinDf;
        // Level 2: fork means inside a run, beyond what their iterations explain (a fork mean holds
        // its iterations' variance over its own count: the mean of 1/n, for forks of unequal length).
        double forkMeanSquares = 0;
        int forkMeanDf = 0;
        double inverseForks = 0;
        double[] runMeans = new double[kept.size()];
        for (int r = 0; r < kept.size(); r++) {
            double[] forkMeans = kept.get(r).stream().mapToDouble(f -> ForkStatistics.mean(f)).toArray();
            runMeans[r] = ForkStatistics.mean(forkMeans);
            inverseForks += 1.0 / forkMeans.length;
            if (forkMeans.length >= 2) {
                forkMeanSquares += ForkStatistics.variance(forkMeans) * (forkMeans.length - 1);
                forkMeanDf += forkMeans.length - 1;
            }
        }
        double observedForkVar = forkMeanDf == 0 ? Double.NaN : forkMeanSquares / forkMeanDf;
        double iterationShare = Double.isNaN(iterationVar) ? 0 : iterationVar * inverseIterations / forkCount;
        double forkVar = Math.max(0, observedForkVar - iterationShare);
        // Level 3: run means, beyond what their forks explain.
        double runVar = Double.NaN;
        if (kept.size() >= 2 && forkMeanDf > 0) {
            runVar = Math.max(0, ForkStatistics.variance(runMeans) - observedForkVar * inverseForks / kept.size());
        }
        double mean = ForkStatistics.mean(runMeans);
        return new VarianceComponents(mean, cv(iterationVar, mean), cv(forkMeanDf == 0 ? Double.NaN : forkVar, mean),
                cv(runVar, mean), (double) forkCount / kept.size(), iterationSum / forkCount);
    }

    /**
     * The standard deviation of one fork's mean in % (its own fork component and its share of
     * the iteration noise, for {@code iterationsPerFork} iterations).
     */
    public double forkMeanCv(double iterationsPerFork) {
        double iteration = Double.isNaN(iterationCv) ? 0 : iterationCv;
        return Math.sqrt(forkCv * forkCv + iteration * iteration / iterationsPerFork);
    }

    /**
     * The forks per side two contenders of one interleaved run need for this row's comparison
     * to call a change of {@code changePercent} with {@code power} at significance
     * {@code alpha} (Welch's t with about 2n - 2 degrees of freedom), with
     * {@code iterationsPerFork}; the run level is left out, since interleaving puts it on both
     * sides alike. At least 2; {@link Integer#MAX_VALUE} when no count up to 1,000 does.
     */
    public int forksFor(double changePercent, double power, double alpha, double iterationsPerFork) {
        double sd = forkMeanCv(iterationsPerFork) / 100;
        double target = Math.log1p(changePercent / 100);
        for (int n = 2; n <= 1000; n++) {
            double df = 2.0 * n - 2;
            double reach = (ForkStatistics.t(df, 1 - alpha) + quantile(df, power)) * sd * Math.sqrt(2.0 / n);
            if (reach <= target) {
                return n;
            }
        }
        return Integer.MAX_VALUE;
    }

    private static double quantile(double df, double p) {
        return org.apache.commons.statistics.distribution.TDistribution.of(df).inverseCumulativeProbability(p);
    }

    private static double cv(double variance, double mean) {
        return Double.isNaN(variance) ? Double.NaN : 100 * Math.sqrt(variance) / Math.abs(mean);
    }
}
