package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JMH run inside a profile: the benchmarks matching {@code include}, with the params
 * and iteration shape that suit them (a throttled GET needs 10 s iterations, a cache read
 * does not). An {@code inProcess} family's timed work makes no request: its forks also run JMH's
 * GC profiler, whose bytes allocated per operation no busy machine blurs.
 */
public record Family(String name, String include, Map<String, String[]> params, Map<String, String> offLocalParams,
        Map<ClientType, Map<String, String[]>> clientParams, List<String> forkHeap, boolean localOnly, int forks,
        int warmupIterations, int warmupSeconds, int measurementIterations, int measurementSeconds,
        double forkSeconds, boolean inProcess) {

    /**
     * The JVM options of this family's forks in {@code profile}: the profile's, its own heap in
     * place of the profile's.
     */
    public List<String> forkJvm(Profile profile) {
        return forkHeap.isEmpty() ? profile.forkJvm() : forkHeap;
    }

    static Builder of(String name, String include) {
        return new Builder(name, include);
    }

    /**
     * {@code classInclude} (a class's name between escaped dots) narrowed to {@code methods}:
     * {@code \.C\.m$} for one, {@code \.C\.(m|n)$} for several, unchanged for none.
     */
    static String methods(String classInclude, String... methods) {
        if (!classInclude.endsWith("\\.")) {
            throw new IllegalArgumentException(classInclude + " is narrowed already");
        }
        return switch (methods.length) {
            case 0 -> classInclude;
            case 1 -> classInclude + methods[0] + "$";
            default -> classInclude + "(" + String.join("|", methods) + ")$";
        };
    }

    static final class Builder {
        private final String name;
        private String include;
        private final Map<String, String[]> params = new LinkedHashMap<>();
        private final Map<String, String> offLocalParams = new LinkedHashMap<>();
        private final Map<ClientType, Map<String, String[]>> clientParams = new EnumMap<>(ClientType.class);
        private List<String> forkHeap = List.of();
        private boolean localOnly;
        private int forks = 1;
        private int warmupIterations = 2;
        private int warmupSeconds = 1;
        private int measurementIterations = 3;
        private int measurementSeconds = 1;
        private double forkSeconds;
        private boolean inProcess;

        private Builder(String name, String include) {
            this.name = name;
            this.include = include;
        }

        /** Only these methods of the family's benchmark class ({@link Family#methods}). */
        Builder methods(String... names) {
            this.include = Family.methods(include, names);
            return this;
        }

        Builder param(String key, String... values) {
            params.put(key, values);
            return this;
        }

        /**
         * A param value forced on targets other than the local control plane: for variants that
         * need a server the suite owns (restarting it), which a user's cluster is not.
         */
        Builder paramOffLocal(String key, String value) {
            offLocalParams.put(key, value);
            return this;
        }

        /**
         * Param values for one client's jar only, in place of the family's: for a variant that client
         * does not have (a user's own -p still wins, and is then the fork's to refuse).
         */
        Builder paramFor(ClientType client, String key, String... values) {
            clientParams.computeIfAbsent(client, c -> new LinkedHashMap<>()).put(key, values);
            return this;
        }

        /**
         * A heap for this family's forks in place of the profile's: for a family whose forks hold more
         * than the profile's heap by design (N informers, each a copy of the namespace).
         */
        Builder forkHeap(String... options) {
            this.forkHeap = List.of(options);
            return this;
        }

        /** The whole family needs a server the suite owns (it restarts one): on another target it is skipped. */
        Builder localOnly() {
            this.localOnly = true;
            return this;
        }

        Builder forks(int forks) {
            this.forks = forks;
            return this;
        }

        Builder warmup(int iterations, int seconds) {
            this.warmupIterations = iterations;
            this.warmupSeconds = seconds;
            return this;
        }

        Builder measurement(int iterations, int seconds) {
            this.measurementIterations = iterations;
            this.measurementSeconds = seconds;
            return this;
        }

        /**
         * What a fork of one row took here, measured: the progress line's estimate in place of the
         * plan's arithmetic, which cannot know a single shot's length or a fork's setup (a resync
         * round to wait for, a thousand objects to sync).
         */
        Builder forkSeconds(double seconds) {
            this.forkSeconds = seconds;
            return this;
        }

        /** Its timed work stays in the fork: allocation per operation is measured too. */
        Builder inProcess() {
            this.inProcess = true;
            return this;
        }

        Family build() {
            return new Family(name, include, Map.copyOf(params), Map.copyOf(offLocalParams),
                    Map.copyOf(clientParams), forkHeap, localOnly, forks,
                    warmupIterations, warmupSeconds, measurementIterations, measurementSeconds, forkSeconds,
                    inProcess);
        }
    }
}
