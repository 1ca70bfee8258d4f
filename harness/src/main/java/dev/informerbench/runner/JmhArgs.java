package dev.informerbench.runner;

import dev.informerbench.results.JmhJson;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Optional;

/**
 * JMH arguments given after {@code --}: parsed by JMH itself, and laid over each family's
 * options so what the user typed wins (iterations, forks, params, profilers, JVM args).
 * Benchmark patterns narrow the families: a family runs the benchmarks that match both. The
 * values of the suite's own params are {@link ParamValidation}'s to check.
 */
public final class JmhArgs {
    private final CommandLineOptions options;
    private final List<String> raw;

    private JmhArgs(CommandLineOptions options, List<String> raw) {
        this.options = options;
        this.raw = raw;
    }

    public static JmhArgs parse(List<String> args) {
        try {
            return new JmhArgs(new CommandLineOptions(args.toArray(String[]::new)), List.copyOf(args));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException("JMH arguments after -- are not valid: " + e.getMessage());
        }
    }

    public List<String> raw() {
        return raw;
    }

    /** The user's benchmark patterns. */
    List<String> includes() {
        return options.getIncludes();
    }

    /** The values the user gave param {@code key} with -p, empty when none (JMH's parse). */
    List<String> values(String key) {
        return options.getParameter(key).hasValue() ? List.copyOf(options.getParameter(key).get()) : List.of();
    }

    /** The fork count given with {@code -f}, or -1 when the user left it to the profile. */
    public int forks() {
        return options.getForkCount().hasValue() ? options.getForkCount().get() : -1;
    }

    /**
     * The arguments as given, with the user's {@code -f} (if any) taken out and {@code -f n}
     * appended: what one fork of an interleaved run passes on.
     */
    public List<String> withForks(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String a = raw.get(i);
            if (a.equals("-f") && i + 1 < raw.size()) {
                i++; // and its value
            } else if (!a.matches("-f=?\\d+")) {
                out.add(a);
            }
        }
        out.add("-f");
        out.add(String.valueOf(n));
        if (parse(out).forks() != n) {
            throw new IllegalArgumentException("could not set the fork count to " + n + " in " + raw);
        }
        return out;
    }

    /**
     * Checks that every benchmark pattern the user gave matches a benchmark of the suite,
     * before anything starts: a typo is bad input, not an empty run.
     */
    public void requireKnownBenchmarks() {
        List<String> names = allBenchmarks();
        for (String include : options.getIncludes()) {
            Pattern pattern = Pattern.compile(include);
            if (names.stream().noneMatch(n -> finds(pattern, n))) {
                throw new IllegalArgumentException("no benchmark matches '" + include + "' (a regex over the names the"
                        + " summary prints, or full names); benchmarks: " + names.stream().map(JmhJson::shortName)
                        .collect(Collectors.joining(", ")));
            }
        }
    }

    /** Whether a user's pattern selects a benchmark: found in its full name or in the name the summary prints. */
    static boolean finds(Pattern pattern, String fullName) {
        return pattern.matcher(fullName).find() || pattern.matcher(JmhJson.shortName(fullName)).find();
    }

    /** Every benchmark method of the suite, by its full name. */
    static List<String> allBenchmarks() {
        return benchmarkEntries().stream().map(BenchmarkListEntry::getUsername).sorted().distinct().toList();
    }

    /** JMH's list of the suite's benchmarks (the jar's META-INF/BenchmarkList): names, modes, params. */
    static List<BenchmarkListEntry> benchmarkEntries() {
        return Listed.ENTRIES;
    }

    /** The list, read once: the jar's resource does not change while it runs. */
    private static final class Listed {
        static final List<BenchmarkListEntry> ENTRIES = List.copyOf(BenchmarkList.defaultList().getAll(
                OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()),
                        VerboseMode.SILENT), List.of()));
    }

    /** The benchmark methods an include regex selects, less the user's excludes (JMH's find semantics). */
    List<String> benchmarksMatching(String include) {
        Pattern in = Pattern.compile(include);
        List<Pattern> out = options.getExcludes().stream().map(Pattern::compile).toList();
        return allBenchmarks().stream().filter(n -> in.matcher(n).find())
                .filter(n -> out.stream().noneMatch(p -> p.matcher(n).find())).toList();
    }

    /**
     * The rows (a benchmark at one combination of its {@code @Param} values, each a fork of its
     * own) an include runs with {@code params} (the family's and the user's values) in place of the
     * benchmark's declared ones: ServerCost's 18 rows are its own 3 × 3 × 2 declared values.
     */
    long rowsMatching(String include, Map<String, String[]> params) {
        Map<String, Map<String, String[]>> declared = new LinkedHashMap<>();
        benchmarkEntries().forEach(e -> declared.putIfAbsent(e.getUsername(), e.getParams().orElse(Map.of())));
        // every process runs one client's rows (its jar's, or the contender's -p client=)
        Map<String, String[]> oneClient = new LinkedHashMap<>(params);
        oneClient.putIfAbsent(FamilyRun.CLIENT_PARAM, new String[] {"ONE"});
        return benchmarksMatching(include).stream().mapToLong(n -> combinations(declared.get(n), oneClient)).sum();
    }

    /** How many combinations of its params a benchmark runs: each declared param's values, or those given. */
    static long combinations(Map<String, String[]> declared, Map<String, String[]> given) {
        long rows = 1;
        for (Map.Entry<String, String[]> param : declared.entrySet()) {
            rows *= Math.max(1, given.getOrDefault(param.getKey(), param.getValue()).length);
        }
        return rows;
    }

    /**
     * The family's include narrowed by the user's patterns, as one regex over full names (what
     * JMH matches): the user's patterns are resolved here, by full or printed name, to the
     * benchmarks they select.
     */
    String include(Family family) {
        List<String> user = options.getIncludes();
        if (user.isEmpty()) {
            return family.include();
        }
        List<Pattern> patterns = user.stream().map(Pattern::compile).toList();
        String selected = allBenchmarks().stream().filter(n -> patterns.stream().anyMatch(p -> finds(p, n)))
                .map(Pattern::quote).collect(Collectors.joining("|"));
        return "^(?=.*(?:" + family.include() + "))(?:" + (selected.isEmpty() ? "(?!)" : selected) + ")$";
    }

    /** Copies every setting the user gave onto {@code builder}. */
    void overlay(ChainedOptionsBuilder builder) {
        options.getExcludes().forEach(builder::exclude);
        when(options.getForkCount(), builder::forks);
        when(options.getWarmupIterations(), builder::warmupIterations);
        when(options.getWarmupTime(), builder::warmupTime);
        when(options.getMeasurementIterations(), builder::measurementIterations);
        when(options.getMeasurementTime(), builder::measurementTime);
        when(options.getThreads(), builder::threads);
        when(options.getTimeout(), builder::timeout);
        when(options.getTimeUnit(), builder::timeUnit);
        options.getBenchModes().forEach(builder::mode);
        // not -jvmArgsAppend: JMH keeps one list, and the suite's (the fork's heap, where the cluster is) would be
        // lost; the family run puts the user's after its own (UnitArgs.userJvmArgsAppend)
        when(options.getJvmArgsPrepend(), args -> builder.jvmArgsPrepend(args.toArray(String[]::new)));
        for (ProfilerConfig p : options.getProfilers()) {
            builder.addProfiler(p.getKlass(), p.getOpts());
        }
    }

    /**
     * The family's params with the user's {@code -p} values in place of the family's (JMH's
     * builder adds values to a param rather than replacing them, so they are merged here).
     */
    Map<String, String[]> params(Map<String, String[]> family) {
        Map<String, String[]> merged = new LinkedHashMap<>(family);
        for (String key : paramKeys(family.keySet())) {
            when(options.getParameter(key), values -> merged.put(key, values.toArray(String[]::new)));
        }
        return merged;
    }

    private static <T> void when(Optional<T> value, Consumer<T> action) {
        if (value.hasValue()) {
            action.accept(value.get());
        }
    }

    /** The values the user gave param {@code key} with -p; empty when it was not set. */
    public List<String> param(String key) {
        return options.getParameter(key).hasValue() ? List.copyOf(options.getParameter(key).get()) : List.of();
    }

    /** The benchmark methods the user's patterns select (every one without a pattern), by full name. */
    public List<String> selectedBenchmarks() {
        List<Pattern> in = options.getIncludes().stream().map(Pattern::compile).toList();
        List<Pattern> out = options.getExcludes().stream().map(Pattern::compile).toList();
        return allBenchmarks().stream().filter(n -> in.isEmpty() || in.stream().anyMatch(p -> finds(p, n)))
                .filter(n -> out.stream().noneMatch(p -> p.matcher(n).find())).toList();
    }

    /** Whether the user set param {@code key} with -p. */
    public boolean setsParam(String key) {
        return paramKeys(List.of()).contains(key);
    }

    /** Every param name the user set with -p, so params the profile does not name pass too. */
    Collection<String> paramKeys(Collection<String> known) {
        Set<String> keys = new LinkedHashSet<>(known);
        for (int i = 0; i < raw.size() - 1; i++) {
            if (raw.get(i).equals("-p")) {
                String kv = raw.get(i + 1);
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    keys.add(kv.substring(0, eq));
                }
            }
        }
        return keys;
    }
}
