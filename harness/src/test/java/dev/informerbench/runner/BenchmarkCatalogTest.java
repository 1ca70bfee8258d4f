package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.informerbench.client.ClientType;
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
 * A family's benchmarks are declared once, in their Java classes ({@code @Param}, mode, unit), and
 * how the suite runs them once, in the catalogue ({@link Families}); everything else that names
 * them is held to those declarations here: every benchmark is in one family, a family's param
 * rules are for params its benchmarks declare, the validation accepts every declared value and
 * every profile's, and the families that run per client are the ones fabric8's jar and client-go's
 * program hold. client-go's side is held both ways through two files this class writes from JMH's
 * benchmark list and the catalogue (regenerate them with {@code -Dgolden.update=true}):
 * {@code clientgo/testdata/java-benchmarks.tsv} (client-go's catalogue, {@code clientgo/catalog.go},
 * is checked against it by {@code catalog_test.go}) and {@code java-profiles.tsv} (each profile's
 * param values, which {@code catalog_test.go} runs through client-go's own checks); and one file
 * {@code catalog_test.go} writes, {@code go-benchmarks.tsv}, which is checked here.
 */
class BenchmarkCatalogTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path JAVA_BENCHMARKS = HOME.resolve("clientgo/testdata/java-benchmarks.tsv");
    private static final Path JAVA_PROFILES = HOME.resolve("clientgo/testdata/java-profiles.tsv");
    private static final Path GO_BENCHMARKS = HOME.resolve("clientgo/testdata/go-benchmarks.tsv");

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

    /**
     * One line a family in a profile: profile, family, include, then each param with its values
     * ({@code key=v1,v2}), each value forced off the local control plane ({@code offLocal:key=v}),
     * each value for one client's jar only ({@code CLIENT_JAVA:key=v}).
     */
    static String profilesTable() {
        StringBuilder out = new StringBuilder("# Each profile's families as the catalogue (runner/Families.java) gives"
                + " them: profile, family, include, params (key=values;\n# offLocal:key=value off the local control"
                + " plane; CLIENT:key=values for one client only). Written by BenchmarkCatalogTest\n"
                + "# (-Dgolden.update=true); read by catalog_test.go, which runs every value through client-go's"
                + " checks.\n");
        for (Profile profile : Profile.values()) {
            for (Family f : profile.families()) {
                out.append(profile.id()).append('\t').append(f.name()).append('\t').append(f.include());
                new TreeMap<>(f.params()).forEach((k, v) -> out.append('\t').append(k).append('=')
                        .append(String.join(",", v)));
                new TreeMap<>(f.offLocalParams()).forEach((k, v) -> out.append("\toffLocal:").append(k).append('=')
                        .append(v));
                new TreeMap<>(f.clientParams()).forEach((client, params) -> new TreeMap<>(params).forEach((k, v) ->
                        out.append('\t').append(client.name()).append(':').append(k).append('=')
                                .append(String.join(",", v))));
                out.append('\n');
            }
        }
        return out.toString();
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
        current(JAVA_BENCHMARKS, table());
    }

    @Test
    void clientGosCopyOfTheProfilesIsCurrent() throws IOException {
        current(JAVA_PROFILES, profilesTable());
    }

    private static void current(Path file, String now) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(file, now);
        }
        assertThat(Files.readString(file)).as(file + " (rewrite with -Dgolden.update=true)").isEqualTo(now);
    }

    /** The benchmarks an include takes, by full name. */
    private static List<BenchmarkListEntry> of(String include) {
        Pattern p = Pattern.compile(include);
        return entries().stream().filter(e -> p.matcher(e.getUsername()).find()).toList();
    }

    /** Every benchmark is in exactly one family of the catalogue: a new class needs its entry. */
    @Test
    void everyBenchmarkIsInOneFamily() {
        for (BenchmarkListEntry e : entries()) {
            assertThat(Families.ALL).as(e.getUsername()).filteredOn(f -> Pattern.compile(f.include())
                    .matcher(e.getUsername()).find()).hasSize(1);
        }
        for (FamilySpec f : Families.ALL) {
            assertThat(of(f.include())).as(f.name() + " " + f.include()).isNotEmpty();
            assertThat(f.question()).as(f.name()).endsWith("?");
        }
    }

    /** A family's param rules are for params its own benchmarks declare. */
    @Test
    void aFamilysRulesAreForItsOwnParams() {
        for (FamilySpec f : Families.ALL) {
            Set<String> declared = of(f.include()).stream()
                    .flatMap(e -> e.getParams().orElse(Map.of()).keySet().stream()).collect(Collectors.toSet());
            for (ParamRule rule : f.rules()) {
                assertThat(declared).as(f.name() + "'s rule for " + rule.key()).contains(rule.key());
            }
            for (ParamRule rule : f.whenRunRules()) {
                assertThat(ParamValidation.rules()).as(f.name() + " narrows " + rule.key()).containsKey(rule.key());
                assertThat(declared).as(f.name() + "'s rule for " + rule.key()).contains(rule.key());
            }
        }
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
                Set<String> declared = of(family.include()).stream()
                        .flatMap(e -> e.getParams().orElse(Map.of()).keySet().stream()).collect(Collectors.toSet());
                Map<String, String[]> given = new TreeMap<>(family.params());
                family.offLocalParams().forEach((k, v) -> given.put("offLocal " + k, new String[] {v}));
                family.clientParams().forEach((c, params) -> params.forEach((k, v) -> given.put(c + " " + k, v)));
                given.forEach((name, values) -> {
                    String key = name.substring(name.indexOf(' ') + 1);
                    assertThat(declared).as(profile.id() + " " + family.name() + ": -p " + name).contains(key);
                    for (String v : values) {
                        assertThatCode(() -> ParamValidation.require(JmhArgs.parse(List.of(family.include(), "-p",
                                key + "=" + v))))
                                .as(profile.id() + " " + family.name() + " -p " + name + "=" + v)
                                .doesNotThrowAnyException();
                    }
                });
            }
        }
    }

    /** client-go's benchmarks (go-benchmarks.tsv, from clientgo/catalog.go), by name: mode, unit, threads, params. */
    private static Map<String, List<String>> goBenchmarks() throws IOException {
        Map<String, List<String>> out = new TreeMap<>();
        for (String line : Files.readAllLines(GO_BENCHMARKS)) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                List<String> cells = List.of(line.split("\t"));
                out.put(cells.get(0), cells.subList(1, cells.size()));
            }
        }
        assertThat(out).as(GO_BENCHMARKS.toString()).hasSizeGreaterThan(10);
        return out;
    }

    /**
     * Each client-go benchmark is the Java one of its name: its mode, unit, threads, params and their
     * declared values (client's apart), and a family of the catalogue.
     */
    @Test
    void clientGosCatalogueIsTheJavaDeclarations() throws IOException {
        Map<String, String> java = new TreeMap<>();
        for (String line : table().split("\n")) {
            if (!line.startsWith("#")) {
                java.put(line.substring(0, line.indexOf('\t')), line.substring(line.indexOf('\t') + 1));
            }
        }
        goBenchmarks().forEach((name, cells) -> {
            assertThat(java).as("client-go's " + name + ": a Java benchmark of that name").containsKey(name);
            String javaSide = java.get(name).replaceAll("client=[A-Z0-9_,]+", "client=*");
            assertThat(String.join("\t", cells).replaceAll("client=[A-Z0-9_,]+", "client=*"))
                    .as("client-go's " + name + " (mode, unit, threads, params), against Java's").isEqualTo(javaSide);
            assertThat(Families.ALL).as("client-go's " + name + ": in a family")
                    .anyMatch(f -> Pattern.compile(f.include()).matcher(name).find());
        });
    }

    /**
     * The families that run once per client are exactly those whose benchmarks have a client param,
     * and each is in fabric8's jar (its benchmarks' client values) and in client-go's program.
     */
    @Test
    void theClientFamiliesAreTheOnesEveryClientRuns() throws IOException {
        Set<String> withClient = new TreeSet<>();
        Set<String> fabric8 = new TreeSet<>();
        Set<String> clientGo = new TreeSet<>();
        Set<String> go = goBenchmarks().keySet();
        for (FamilySpec family : Families.ALL) {
            for (BenchmarkListEntry e : of(family.include())) {
                String[] clients = e.getParams().orElse(Map.of()).get(FamilyRun.CLIENT_PARAM);
                if (clients != null) {
                    withClient.add(family.name());
                    if (Arrays.asList(clients).contains(ClientType.FABRIC8.name())) {
                        fabric8.add(family.name());
                    }
                }
                if (go.contains(e.getUsername())) {
                    clientGo.add(family.name());
                }
            }
        }
        assertThat(new TreeSet<>(MultiVersionRunner.CLIENT_FAMILIES)).isEqualTo(withClient).isEqualTo(fabric8)
                .as("the families client-go's program has a benchmark of").isEqualTo(clientGo);
    }
}
