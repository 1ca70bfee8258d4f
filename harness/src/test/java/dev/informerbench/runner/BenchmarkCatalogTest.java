package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * A family's benchmarks are declared once, in their Java classes ({@code @Param}, mode, unit);
 * everything else that names them is held to those declarations here: the suite's param
 * validation accepts every declared value and every profile's, the families that run per
 * client are the ones whose benchmarks have a {@code client} param, and client-go's catalogue
 * ({@code clientgo/catalog.go}) is checked by its own test against
 * {@code clientgo/testdata/java-benchmarks.tsv}, which is what this class writes from JMH's
 * benchmark list (regenerate it with {@code -Dgolden.update=true}).
 */
class BenchmarkCatalogTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path JAVA_BENCHMARKS = HOME.resolve("clientgo/testdata/java-benchmarks.tsv");

    private static List<BenchmarkListEntry> entries() {
        return JmhArgs.benchmarkEntries();
    }

    /** One line a benchmark: name, mode, unit, threads, then each param with its declared values. */
    static String table() {
        Map<String, String> lines = new TreeMap<>();
        for (BenchmarkListEntry e : entries()) {
            String params = new TreeMap<>(e.getParams().orElse(Map.of())).entrySet().stream()
                    .map(p -> p.getKey() + "=" + String.join(",", p.getValue())).collect(Collectors.joining("\t"));
            lines.put(e.getUsername(), e.getUsername() + "\t" + mode(e.getMode()) + "\t"
                    + unit(e.getMode(), e.getTimeUnit().orElse(TimeUnit.SECONDS)) + "\t" + e.getThreads().orElse(1)
                    + (params.isEmpty() ? "" : "\t" + params));
        }
        return "# Every benchmark of the Java side as JMH lists it: name, mode, unit, threads, params (key=declared"
                + " values).\n# Written by BenchmarkCatalogTest (-Dgolden.update=true); read by catalog_test.go.\n"
                + String.join("\n", lines.values()) + "\n";
    }

    private static String mode(Mode mode) {
        return mode.shortLabel();
    }

    private static String unit(Mode mode, TimeUnit unit) {
        String u = switch (unit) {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "us";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            case MINUTES -> "min";
            default -> unit.name();
        };
        return mode == Mode.Throughput ? "ops/" + u : u + "/op";
    }

    @Test
    void clientGosCopyOfTheJavaDeclarationsIsCurrent() throws IOException {
        String now = table();
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(JAVA_BENCHMARKS, now);
        }
        assertThat(Files.readString(JAVA_BENCHMARKS)).as(JAVA_BENCHMARKS + " (rewrite with -Dgolden.update=true)")
                .isEqualTo(now);
    }

    /** Every value a benchmark declares for a param passes the suite's own check of -p. */
    @Test
    void theValidationAcceptsEveryDeclaredValue() {
        for (BenchmarkListEntry e : entries()) {
            e.getParams().orElse(Map.of()).forEach((key, values) -> Arrays.stream(values).forEach(v -> assertThatCode(
                    () -> ParamValidation.require(JmhArgs.parse(List.of(e.getUsername(), "-p", key + "=" + v))))
                    .as(e.getUsername() + " -p " + key + "=" + v).doesNotThrowAnyException()));
        }
    }

    /** Every value a profile gives a family's param passes it too, and names a param its benchmarks declare. */
    @Test
    void everyProfilesParamsAreDeclaredAndValid() {
        for (Profile profile : Profile.values()) {
            for (Family family : profile.families()) {
                Set<String> declared = entries().stream()
                        .filter(e -> Pattern.compile(family.include()).matcher(e.getUsername()).find())
                        .flatMap(e -> e.getParams().orElse(Map.of()).keySet().stream()).collect(Collectors.toSet());
                family.params().forEach((key, values) -> {
                    assertThat(declared).as(profile.id() + " " + family.name() + ": -p " + key).contains(key);
                    for (String v : values) {
                        assertThatCode(() -> ParamValidation.require(JmhArgs.parse(List.of(family.include(), "-p",
                                key + "=" + v))))
                                .as(profile.id() + " " + family.name() + " -p " + key + "=" + v)
                                .doesNotThrowAnyException();
                    }
                });
            }
        }
    }

    /** The families that run once per client are exactly those whose benchmarks have a client param. */
    @Test
    void theClientFamiliesAreTheOnesWithAClientParam() {
        Set<String> withClient = new TreeSet<>();
        for (Profile profile : Profile.values()) {
            for (Family family : profile.families()) {
                boolean client = entries().stream()
                        .filter(e -> Pattern.compile(family.include()).matcher(e.getUsername()).find())
                        .anyMatch(e -> e.getParams().orElse(Map.of()).containsKey(FamilyRun.CLIENT_PARAM));
                if (client) {
                    withClient.add(family.name());
                }
            }
        }
        assertThat(new TreeSet<>(MultiVersionRunner.CLIENT_FAMILIES)).isEqualTo(withClient);
    }
}
