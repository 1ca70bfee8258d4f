package dev.informerbench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The suite's own params given with {@code -p} after {@code --}, checked before anything starts:
 * a bad value is refused with what is accepted, not found by a fork halfway through a run. What
 * JMH's options mean is {@link JmhArgs}'s; what the suite's params may be, each family's entry in
 * {@link Families} says (its {@link ParamRule}s), and here they are applied.
 */
public final class ParamValidation {
    private ParamValidation() {}

    /** Each checked param's rule, by key: declared by the families, a shared one once. */
    private static final Map<String, ParamRule> RULES = new LinkedHashMap<>();

    static {
        for (FamilySpec family : Families.ALL) {
            for (ParamRule rule : family.rules()) {
                ParamRule before = RULES.putIfAbsent(rule.key(), rule);
                if (before != null && before != rule) {
                    throw new IllegalStateException(family.name() + " declares a rule of its own for " + rule.key()
                            + ", which another family declares too: share one (Families)");
                }
            }
        }
    }

    /** Refuses the first value of a suite param that is not accepted, saying what is. */
    public static void require(JmhArgs args) {
        for (String key : args.paramKeys(List.of())) {
            ParamRule rule = RULES.get(key);
            for (String value : args.values(key)) {
                String problem = rule == null ? null : rule.problem(value);
                for (FamilySpec family : Families.ALL) {
                    for (ParamRule narrower : family.whenRunRules()) {
                        if (problem == null && narrower.key().equals(key) && narrower.problem(value) != null
                                && selects(args, family)) {
                            problem = narrower.problem(value);
                        }
                    }
                }
                if (problem != null) {
                    throw new IllegalArgumentException("-p " + key + "=" + value + ": " + key + " must be " + problem);
                }
            }
        }
    }

    /** The params the suite checks, by key: a test's view of the rules. */
    static Map<String, ParamRule> rules() {
        return Map.copyOf(RULES);
    }

    /** Whether the user's patterns (or, without any, the whole suite) take a benchmark of {@code family}. */
    private static boolean selects(JmhArgs args, FamilySpec family) {
        Pattern own = Pattern.compile(family.include());
        List<Pattern> in = args.includes().stream().map(Pattern::compile).toList();
        return JmhArgs.allBenchmarks().stream().filter(n -> own.matcher(n).find())
                .anyMatch(n -> in.isEmpty() || in.stream().anyMatch(p -> JmhArgs.finds(p, n)));
    }
}
