package dev.informerbench.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code precision} section of {@code interleave.json}: what {@code --precision} and
 * {@code --budget} asked, how each family's iterations were allocated after the pilot, and what
 * each row reached, in the words the run printed.
 */
final class PrecisionRecord {
    /** The detectable change asked, in percent; null without --precision. */
    public Double targetPercent;
    /** The budget in seconds; null without --budget. */
    public Long budgetSeconds;
    public int maxForks;
    /** The pilot's forks a side, left out of the result files (0 without a target). */
    public int pilotForks;
    public double alpha;
    public double power;
    /** Why the run stopped: every row's plan, the budget, the maximum, or an interruption. */
    public String stoppedBy;
    public double seconds;
    public List<FamilyIterations> families = new ArrayList<>();
    public List<RowOutcome> rows = new ArrayList<>();

    /** Kalibera and Jones' iterations a fork for a family's measurement, and the costs they rest on. */
    static final class FamilyIterations {
        public String family;
        public double pilotIterations;
        public int iterationsPerFork;
        public double forkSeconds;
        public double iterationSeconds;
        /** The time the same precision takes at these iterations, relative to the pilot's. */
        public double timeFactor;
        /** Why the iterations were kept: the user's -i, or no spread to split; null when allocated. */
        public String kept;
    }

    /** One row at the end of the run. */
    static final class RowOutcome {
        public String row;
        public String family;
        /** PrecisionTarget's state (REACHED, MISSED, MAX_FORKS, CANNOT_REACH; MEASURING or PILOT when cut short). */
        public String state;
        public boolean targetReached;
        public double detectablePercent;
        /** The forks a side the result files hold for the row. */
        public int forks;
        public int plannedForks;
        /** What the target needs by the pilot's spread; null when beyond counting. */
        public Integer neededForks;
        /** Where its result forks come from: measurement, or pilot (a row stopped after it, or never measured). */
        public String result;
        public String says;
    }
}
