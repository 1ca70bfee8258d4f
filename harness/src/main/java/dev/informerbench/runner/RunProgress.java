package dev.informerbench.runner;

import java.util.List;
import java.util.Locale;

/**
 * Where a suite run is, said as each family starts: its position, the time so far and an
 * estimate of what is left. The estimate is what a fork of each row took here where the profile
 * says ({@link Family#forkSeconds}), else the profile's own arithmetic (forks × iterations ×
 * their length, plus what a fork spends starting, seeding and syncing), corrected by how far
 * the families so far ran over or under it on this machine, in proportion to how much of the
 * plan they were.
 */
final class RunProgress {
    /** A fork's time outside its iterations: JVM start, trial setup (seeding, informer sync), teardown. */
    static final double FORK_OVERHEAD_SECONDS = 8;

    private final String noun;
    private final List<String> names;
    private final List<Double> estimates;

    /** One planned family: its name and its estimated seconds. */
    record Planned(String name, double seconds) {}

    RunProgress(List<Planned> plan) {
        this("family", plan);
    }

    /** {@code noun}: what the steps are called in the line ({@code family}, {@code unit}). */
    RunProgress(String noun, List<Planned> plan) {
        this.noun = noun;
        this.names = plan.stream().map(Planned::name).toList();
        this.estimates = plan.stream().map(Planned::seconds).toList();
    }

    /**
     * Seconds one family should take: each of its rows (a method at one combination of its params,
     * {@link JmhArgs#rowsMatching}) in each of {@code forks} forks (the profile's, the user's
     * {@code -f}, or one for a unit of an interleaved run).
     */
    static double estimateSeconds(Family family, long rows, int forks) {
        double perFork = family.forkSeconds() > 0 ? family.forkSeconds()
                : family.warmupIterations() * family.warmupSeconds()
                        + family.measurementIterations() * family.measurementSeconds() + FORK_OVERHEAD_SECONDS;
        return rows * forks * perFork;
    }

    /** The line for step {@code index} (0-based) as it starts, {@code elapsedSeconds} into the run. */
    String startLine(int index, double elapsedSeconds) {
        double planned = estimates.subList(0, index).stream().mapToDouble(Double::doubleValue).sum();
        double left = estimates.subList(index, estimates.size()).stream().mapToDouble(Double::doubleValue).sum();
        // The pace so far counts as much as the share of the plan it covers: the first families'
        // forks (fast cache reads) start and seed faster than the later ones (relist, resync), so a
        // pace taken from them alone would promise too early an end.
        double weight = planned / (planned + left);
        double pace = planned > 0 && elapsedSeconds > 0 ? elapsedSeconds / planned : 1;
        double factor = weight * pace + (1 - weight);
        return String.format(Locale.ROOT, "%s %d of %d: %s, %s elapsed, about %s left", noun, index + 1, names.size(),
                names.get(index), words(elapsedSeconds), words(left * factor));
    }

    /** "42 s", "4 min 12 s", "1 h 05 min". */
    static String words(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60);
    }
}
