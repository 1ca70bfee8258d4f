package dev.informerbench.runner;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The suite's own params given with {@code -p} after {@code --}, checked before anything starts:
 * a bad value is refused with what is accepted, not found by a fork halfway through a run. What
 * JMH's options mean is {@link JmhArgs}'s; what the suite's params may be is here.
 */
public final class ParamValidation {
    private ParamValidation() {}

    /** Refuses the first value of a suite param that is not accepted, saying what is. */
    public static void require(JmhArgs args) {
        for (String key : args.paramKeys(List.of())) {
            for (String value : args.values(key)) {
                String problem = switch (key) {
                    case "objects" -> atLeast(value, 1, "an integer of at least 1");
                    case "burst", "handlers", "controllers" -> atLeast(value, 1, "an integer of at least 1");
                    case "churnPerSecond" -> atLeast(value, 0, "an integer of at least 0 (0: a quiet namespace)");
                    case "objectKiB" -> atMost(value, 0, 900,
                            "an integer from 0 to 900 (a ConfigMap holds at most 1 MiB)");
                    case "pollMillis" -> atLeast(value, 1000,
                            "an integer of at least 1000 (a poller reads each object once per period)");
                    case "approach" -> !value.strip().matches("LIST_WATCH|WATCH_LIST|POLL")
                            ? "LIST_WATCH, WATCH_LIST or POLL"
                            : value.strip().equals("POLL") && selects(args, ".RestartStormBenchmark.")
                            ? "LIST_WATCH or WATCH_LIST for RestartStorm, whose informers come back after a restart "
                                    + "(POLL is ServerCost's: name it alone, -- ServerCost)"
                            : null;
                    case "resyncMillis" -> value.strip().equals("0") ? null : atLeast(value, 1000,
                            "0 (no resync) or an integer of at least 1000"
                                    + " (client-java's shortest resync period is 1 s)");
                    case "windowMillis" -> atLeast(value, 1, "an integer of at least 1");
                    case "qps" -> positiveNumber(value);
                    case "fault" -> value.strip().matches("CONNECTION_RESET|APISERVER_RESTART") ? null
                            : "CONNECTION_RESET or APISERVER_RESTART";
                    default -> null;
                };
                if (problem != null) {
                    throw new IllegalArgumentException("-p " + key + "=" + value + ": " + key + " must be " + problem);
                }
            }
        }
    }

    private static String atLeast(String value, long min, String accepted) {
        try {
            return Long.parseLong(value.strip()) >= min ? null : accepted;
        } catch (NumberFormatException e) {
            return accepted;
        }
    }

    private static String atMost(String value, long min, long max, String accepted) {
        try {
            long v = Long.parseLong(value.strip());
            return v >= min && v <= max ? null : accepted;
        } catch (NumberFormatException e) {
            return accepted;
        }
    }

    private static String positiveNumber(String value) {
        try {
            double qps = Double.parseDouble(value.strip());
            return qps > 0 && Double.isFinite(qps) ? null : "a number above 0";
        } catch (NumberFormatException e) {
            return "a number above 0";
        }
    }

    /** Whether the user's patterns (or, without any, the whole suite) take a benchmark named with {@code part}. */
    private static boolean selects(JmhArgs args, String part) {
        List<Pattern> in = args.includes().stream().map(Pattern::compile).toList();
        return JmhArgs.allBenchmarks().stream().filter(n -> n.contains(part))
                .anyMatch(n -> in.isEmpty() || in.stream().anyMatch(p -> JmhArgs.finds(p, n)));
    }

}
