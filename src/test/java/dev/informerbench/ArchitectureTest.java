package dev.informerbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Which package may use which, read from the compiled classes (harness and benchmarks, not
 * tests). From the top: the command line; the runs it starts; what those build on (the code
 * inside a JMH fork, the benchmarks, the choice of cluster, comparing and exporting result files); the parts
 * (the local control plane, request accounting, result files, fixtures, statistics, the client
 * rate limiter, fault injection, drawing charts); and at the bottom small support that knows none of them.
 */
class ArchitectureTest {
    /** The benchmark classes that run for every client: those with a {@code client} param, as JMH lists them. */
    static final String CLIENT_DIMENSION = BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(
            new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT), List.of()).stream()
            .filter(e -> e.getParams().orElse(Map.of()).containsKey("client"))
            .map(e -> Pattern.quote(e.getUsername().substring(0, e.getUsername().lastIndexOf('.'))))
            .distinct().collect(Collectors.joining("|", "(?:", ")(?:\\$.*)?"));

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.informerbench");
    }

    @Test
    void noPackageUsesOneAboveIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("dev.informerbench.cli..")
                .layer("runs").definedBy("dev.informerbench.runner..", "dev.informerbench.scenario..",
                        "dev.informerbench.report..")
                .layer("building blocks").definedBy("dev.informerbench.fork..", "dev.informerbench.bench..",
                        "dev.informerbench.client..", "dev.informerbench.clientjava..",
                        "dev.informerbench.target..", "dev.informerbench.comparison..",
                        "dev.informerbench.export..")
                .layer("parts").definedBy("dev.informerbench.controlplane..", "dev.informerbench.accounting..",
                        "dev.informerbench.audit..",
                        "dev.informerbench.results..", "dev.informerbench.fixtures..",
                        "dev.informerbench.statistics..", "dev.informerbench.limit..", "dev.informerbench.faults..",
                        "dev.informerbench.events..",
                        "dev.informerbench.plot..")
                .layer("support").definedBy("dev.informerbench.support..", "dev.informerbench.local..",
                        "dev.informerbench.metrics..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("runs").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("building blocks").mayOnlyBeAccessedByLayers("cli", "runs")
                .whereLayer("parts").mayOnlyBeAccessedByLayers("cli", "runs", "building blocks")
                .whereLayer("support").mayOnlyBeAccessedByLayers("cli", "runs", "building blocks", "parts")
                .check(classes);
    }

    /**
     * The benchmarks with a client dimension know no client library: each client's adapter does
     * (see the client package). fabric8's jar compiles them without client-java.
     */
    @Test
    void benchmarksOfEveryClientUseNoClientLibrary() {
        noClasses().that().haveNameMatching(CLIENT_DIMENSION)
                .should().dependOnClassesThat().resideInAnyPackage("io.kubernetes..", "io.fabric8..", "okhttp3..")
                .check(classes);
    }

    /**
     * The fork-side core (core/src: what every client's jar compiles, fabric8's included) uses
     * nothing of the suite outside it: no harness, no client-java adapter. Read from the source
     * tree, so a file moved in or out changes the rule with it.
     */
    @Test
    void theForkSideCoreUsesNothingOutsideIt() throws IOException {
        Set<String> core = new HashSet<>();
        for (Path root : List.of(Path.of("core/src/main/java"), Path.of("core/src/jmh/java"))) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> core.add(root.relativize(f).toString()
                        .replace(".java", "").replace('/', '.')));
            }
        }
        assertThat(core).contains("dev.informerbench.client.ClientAdapter", "dev.informerbench.fork.ApiRequestProfiler",
                "dev.informerbench.bench.ListerGetBenchmark").hasSizeGreaterThan(30);
        DescribedPredicate<JavaClass> inCore = DescribedPredicate.describe("in core/",
                c -> core.contains(topLevel(c.getName())));
        DescribedPredicate<JavaClass> suiteOutsideCore = DescribedPredicate.describe("of the suite outside core/",
                c -> {
                    JavaClass type = c.isArray() ? c.getBaseComponentType() : c;
                    return type.getPackageName().startsWith("dev.informerbench")
                            && !type.getPackageName().contains("jmh_generated")
                            && !core.contains(topLevel(type.getName()));
                });
        noClasses().that(inCore).should().dependOnClassesThat(suiteOutsideCore).check(classes);
        // Nor any client library but through its adapter: the core is what fabric8's jar compiles.
        noClasses().that(inCore).should().dependOnClassesThat()
                .resideInAnyPackage("io.kubernetes..", "io.fabric8..", "okhttp3..").check(classes);
    }

    private static String topLevel(String name) {
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    @Test
    void packagesFormNoCycles() {
        slices().matching("dev.informerbench.(*)..").should().beFreeOfCycles().check(classes);
    }
}
