package dev.informerbench.runner;

import dev.informerbench.fork.ApiRequestProfiler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The command-line options of one unit (one family, one fork) for a client whose benchmarks
 * run outside this jar: fabric8's JMH jar ({@link #jmh}) and client-go's program
 * ({@link #program}, which takes the same options, its contract). Built from data in one
 * place: the family's benchmarks, each anchored, and its params (the user's {@code -p} in
 * their place, the client's own added), its iterations and their times (the user's when given),
 * one fork, the fork's properties, the result file; then, for JMH, the user's other options.
 */
record UnitArgs(List<String> benchmarks, Map<String, String> params, String warmupIterations, String warmupTime,
        String iterations, String time, List<String> userOptions, boolean allocation) {
    /** The options a unit sets itself; the user's values of the first four replace the family's. */
    private static final Set<String> SET_HERE = Set.of("wi", "w", "i", "r", "f", "p", "rf", "rff", "foe",
            "jvmArgsAppend", "o");
    /** JMH options that take no value. */
    private static final Set<String> FLAGS = Set.of("h", "l", "lp", "lprof", "lrf");

    /**
     * The unit of {@code family} for the client whose rows carry {@code clientParam}
     * ({@code client=FABRIC8}); {@code local}: whether the target is the local control plane
     * (else the family's off-local params are forced, as a suite run does).
     */
    static UnitArgs of(Family family, JmhArgs args, String clientParam, boolean local) {
        Map<String, String> params = new TreeMap<>();
        args.params(family.params()).forEach((k, v) -> params.put(k, String.join(",", v)));
        if (!local) {
            params.putAll(family.offLocalParams());
        }
        int eq = clientParam.indexOf('=');
        params.put(clientParam.substring(0, eq), clientParam.substring(eq + 1));
        List<String[]> user = options(args.raw());
        return new UnitArgs(args.benchmarksMatching(args.include(family)).stream().map(UnitArgs::anchored).toList(),
                params, value(user, "wi", String.valueOf(family.warmupIterations())),
                duration(value(user, "w", String.valueOf(family.warmupSeconds()))),
                value(user, "i", String.valueOf(family.measurementIterations())),
                duration(value(user, "r", String.valueOf(family.measurementSeconds()))),
                user.stream().filter(o -> !SET_HERE.contains(o[0])).flatMap(o -> o[1] == null
                        ? List.of("-" + o[0]).stream() : List.of("-" + o[0], o[1]).stream()).toList(),
                family.inProcess());
    }

    /**
     * JMH's command line for the unit: what a fork is told in {@code -jvmArgsAppend} (after the
     * profile's fork options {@code forkJvm}, the heap among them, and before any
     * {@code -jvmArgsAppend} of the user's), the suite's request profiler (and JMH's GC profiler for
     * an in-process family), fail on error, JSON into {@code result}, then the user's other options,
     * then the benchmarks.
     */
    List<String> jmh(List<String> forkJvm, ForkProperties fork, Path result, List<String> userJvmArgsAppend) {
        List<String> jvmArgs = new ArrayList<>(forkJvm);
        jvmArgs.addAll(fork.jvmArgs());
        jvmArgs.addAll(userJvmArgsAppend);
        List<String> argv = common(result);
        argv.addAll(List.of("-foe", "true", "-prof", ApiRequestProfiler.class.getName(), "-jvmArgsAppend",
                String.join(" ", jvmArgs)));
        if (!userOptions.contains("-to")) { // JMH takes an option once
            argv.addAll(List.of("-to", FamilyRun.ITERATION_TIMEOUT_MINUTES + "m"));
        }
        if (allocation) {
            // as a suite run's forks of the family: bytes allocated per operation (Family#inProcess)
            argv.addAll(List.of("-prof", "gc"));
        }
        argv.addAll(userOptions);
        argv.addAll(benchmarks);
        return argv;
    }

    /**
     * client-go's program's command line: the same options (JMH's {@code -prof gc} too for an
     * in-process family: the program measures its bytes allocated per operation), the fork's
     * properties and {@code more} as {@code -D}s.
     */
    List<String> program(ForkProperties fork, Path result, List<String> more) {
        List<String> argv = common(result);
        if (allocation) {
            argv.addAll(List.of("-prof", "gc"));
        }
        argv.addAll(fork.forProgram());
        argv.addAll(more);
        argv.addAll(benchmarks);
        return argv;
    }

    private List<String> common(Path result) {
        List<String> argv = new ArrayList<>(List.of("-f", "1", "-wi", warmupIterations, "-w", warmupTime, "-i",
                iterations, "-r", time));
        params.forEach((k, v) -> argv.addAll(List.of("-p", k + "=" + v)));
        argv.addAll(List.of("-rf", "json", "-rff", result.toAbsolutePath().toString()));
        return argv;
    }

    /** The user's {@code -jvmArgsAppend} values, split as JMH splits them. */
    static List<String> userJvmArgsAppend(JmhArgs args) {
        return options(args.raw()).stream().filter(o -> o[0].equals("jvmArgsAppend") && o[1] != null)
                .flatMap(o -> List.of(o[1].strip().split("\\s+")).stream()).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * {@code args} for a process that measures only some rows of a family ({@code --precision}):
     * the user's benchmark patterns replaced by {@code rows}' benchmarks, each anchored, the
     * user's {@code -p} of a narrowed param by its values, and {@code -i} by
     * {@code iterations} when that is above 0; the user's other options as given.
     */
    static JmhArgs narrowed(JmhArgs args, RowSamples.Narrowing rows, int iterations) {
        List<String> raw = args.raw();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String a = raw.get(i);
            boolean option = a.startsWith("-") && a.length() > 1;
            int eq = a.indexOf('=');
            String name = option ? a.substring(1, eq > 0 ? eq : a.length()) : "";
            boolean takesNext = option && eq < 0 && !FLAGS.contains(name) && i + 1 < raw.size();
            String value = !option ? null : eq > 0 ? a.substring(eq + 1) : takesNext ? raw.get(i + 1) : null;
            boolean dropped = !option // a benchmark pattern: the rows' benchmarks replace it
                    || name.equals("i") && iterations > 0
                    || name.equals("p") && value != null && rows.params().containsKey(value.split("=", 2)[0]);
            if (!dropped) {
                out.add(a);
                if (takesNext) {
                    out.add(value);
                }
            }
            i += takesNext ? 1 : 0;
        }
        rows.params().forEach((k, v) -> out.addAll(List.of("-p", k + "=" + String.join(",", v))));
        if (iterations > 0) {
            out.addAll(List.of("-i", String.valueOf(iterations)));
        }
        rows.benchmarks().forEach(b -> out.add(anchored(b)));
        return JmhArgs.parse(out);
    }

    /** A benchmark's full name as a regex matching it alone (in Java's and Go's syntax alike). */
    static String anchored(String benchmark) {
        return "^" + benchmark.replaceAll("[^A-Za-z0-9_]", "\\\\$0") + "$";
    }

    /** A time as JMH and Go both read it: a bare number is seconds. */
    static String duration(String value) {
        return value.matches("\\d+") ? value + "s" : value.replace(" ", "");
    }

    /** The last value the user gave JMH option {@code name} ({@code "i"}, {@code "r"}) after --; null when none. */
    static String given(JmhArgs args, String name) {
        return value(options(args.raw()), name, null);
    }

    /** The last value the user gave option {@code name}, else {@code fallback}. */
    private static String value(List<String[]> options, String name, String fallback) {
        String v = fallback;
        for (String[] o : options) {
            if (o[0].equals(name) && o[1] != null) {
                v = o[1];
            }
        }
        return v;
    }

    /** The user's options in order, {name, value} (value null for a flag); benchmark patterns left out. */
    static List<String[]> options(List<String> raw) {
        List<String[]> options = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String a = raw.get(i);
            if (!a.startsWith("-") || a.length() < 2) {
                continue; // a benchmark pattern: the unit's benchmarks already honour it
            }
            int eq = a.indexOf('=');
            String name = a.substring(1, eq > 0 ? eq : a.length());
            if (eq > 0) {
                options.add(new String[] {name, a.substring(eq + 1)});
            } else if (FLAGS.contains(name) || i + 1 >= raw.size()) {
                options.add(new String[] {name, null});
            } else {
                options.add(new String[] {name, raw.get(++i)});
            }
        }
        return options;
    }
}
