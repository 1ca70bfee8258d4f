package dev.informerbench.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * How an interleaved multi-version run is cut: units of one family × one fork round, round
 * by round, and in each unit the versions' order, rotated by one from unit to unit so that
 * none always goes first.
 */
final class InterleavePlan {
    private InterleavePlan() {}

    /** One family in one fork round. */
    record Unit(int round, Family family) {}

    /**
     * The units of {@code selected} (a profile's families, or some of them), round by round,
     * families in their order within a round; round r holds the families whose fork count is at
     * least r.
     */
    static List<Unit> units(List<Family> selected, JmhArgs args) {
        int userForks = args.forks();
        List<Family> families = selected.stream()
                .filter(f -> !args.benchmarksMatching(args.include(f)).isEmpty()).toList();
        int rounds = families.stream().mapToInt(f -> forks(f, userForks)).max().orElse(0);
        List<Unit> units = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            for (Family f : families) {
                if (forks(f, userForks) >= r) {
                    units.add(new Unit(r, f));
                }
            }
        }
        return units;
    }

    /** The number of fork rounds of {@code units}. */
    static int rounds(List<Unit> units) {
        return units.stream().mapToInt(Unit::round).max().orElse(0);
    }

    /** A family's fork count: {@code -f} when given (-f 0, in-process, is one round), else the profile's. */
    private static int forks(Family f, int userForks) {
        return userForks >= 0 ? Math.max(1, userForks) : f.forks();
    }

    /** The order of {@code n} versions in the {@code unit}-th unit: rotated by one each unit. */
    static int[] order(int unit, int n) {
        int[] order = new int[n];
        for (int j = 0; j < n; j++) {
            order[j] = (j + unit) % n;
        }
        return order;
    }
}
