package dev.informerbench.runner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One family as {@link Families} declares it: its name, its benchmarks (a class of the core's
 * {@code bench} package, all its methods or some), the question it answers, the rules of the
 * params it owns, and how it runs in each profile that has it. A profile's {@link Family} is
 * built from this: the profile's own defaults ({@link Profile#base()}), then the family's
 * settings for it.
 */
final class FamilySpec {
    /** A profile's families in the catalogue's order. */
    static final Comparator<FamilySpec> AS_DECLARED = (a, b) -> 0;

    private final String name;
    private final String include;
    private final String question;
    private final List<ParamRule> rules = new ArrayList<>();
    private final List<ParamRule> whenRun = new ArrayList<>();
    private final Map<Profile, UnaryOperator<Family.Builder>> profiles = new EnumMap<>(Profile.class);
    private boolean localOnly;
    private boolean inProcess;

    private FamilySpec(String name, String include, String question) {
        this.name = name;
        this.include = include;
        this.question = question;
    }

    /** The family {@code name}: every benchmark method of {@code benchmarkClass}, or only {@code methods}. */
    static FamilySpec family(String name, String benchmarkClass, String question, String... methods) {
        return new FamilySpec(name, Family.methods("\\." + benchmarkClass + "\\.", methods), question);
    }

    /** The rules of the params this family's benchmarks declare and the suite checks. */
    FamilySpec params(ParamRule... owned) {
        rules.addAll(List.of(owned));
        return this;
    }

    /**
     * A narrower rule for a param shared with other families, applied only when the user's
     * patterns (or, without any, the whole suite) take this family's benchmarks: a value
     * another family accepts but this one cannot run.
     */
    FamilySpec whenRun(ParamRule narrower) {
        whenRun.add(narrower);
        return this;
    }

    /** The whole family needs a server the suite owns (it restarts one): on another target it is skipped. */
    FamilySpec localOnly() {
        this.localOnly = true;
        return this;
    }

    /**
     * Its timed work stays in the fork (a cache, an index, a planted spin): no request to the
     * server in the measured operation. A profile may run such families first ({@link Profile#order()}).
     */
    FamilySpec inProcess() {
        this.inProcess = true;
        return this;
    }

    /** How the family runs in {@code profile}, over the profile's defaults; a family runs in the profiles named. */
    FamilySpec in(Profile profile, UnaryOperator<Family.Builder> settings) {
        if (profiles.putIfAbsent(profile, settings) != null) {
            throw new IllegalStateException(name + " is in " + profile.id() + " twice");
        }
        return this;
    }

    String name() {
        return name;
    }

    /** The regex of its benchmarks' full names (JMH's include); a profile may take fewer of them. */
    String include() {
        return include;
    }

    /** What it measures, as a question, in a line. */
    String question() {
        return question;
    }

    List<ParamRule> rules() {
        return Collections.unmodifiableList(rules);
    }

    List<ParamRule> whenRunRules() {
        return Collections.unmodifiableList(whenRun);
    }

    /** Whether its timed work stays in the fork ({@link #inProcess()}). */
    boolean staysInProcess() {
        return inProcess;
    }

    /** The family as it runs in {@code profile}; empty when the profile does not run it. */
    Optional<Family> in(Profile profile) {
        UnaryOperator<Family.Builder> settings = profiles.get(profile);
        if (settings == null) {
            return Optional.empty();
        }
        Family.Builder builder = Family.of(name, include);
        if (localOnly) {
            builder.localOnly();
        }
        if (inProcess) {
            builder.inProcess();
        }
        return Optional.of(settings.apply(profile.base().apply(builder)).build());
    }
}
