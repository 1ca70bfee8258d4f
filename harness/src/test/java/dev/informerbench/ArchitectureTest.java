package dev.informerbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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

    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                // Not tests: each module builds in a folder of its own, so not ArchUnit's target/test-classes.
                .withImportOption(location -> !location.contains("/test-classes/"))
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
                        "dev.informerbench.export..", "dev.informerbench.summary..", "dev.informerbench.sizing..")
                .layer("parts").definedBy("dev.informerbench.controlplane..", "dev.informerbench.accounting..",
                        "dev.informerbench.audit..",
                        "dev.informerbench.results..", "dev.informerbench.fixtures..",
                        "dev.informerbench.statistics..", "dev.informerbench.limit..", "dev.informerbench.faults..",
                        "dev.informerbench.events..",
                        "dev.informerbench.plot..")
                .layer("support").definedBy("dev.informerbench.support..", "dev.informerbench.local..",
                        "dev.informerbench.text..",
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
     * The fork side (core/ and benchmarks/, what every client's jar holds, fabric8's included) is
     * kept apart by the build: each is a module whose class path has no harness and no client
     * library, so an import of either fails to compile. This holds the two modules' declared
     * dependencies to that: core takes only JMH, the limiter and HdrHistogram; the benchmarks only core.
     */
    @Test
    void theForkSideModulesDependOnNoHarnessAndNoClient() throws IOException {
        assertThat(dependencies("core/pom.xml")).containsExactly("org.openjdk.jmh:jmh-core",
                "com.bucket4j:bucket4j_jdk17-core", "org.hdrhistogram:HdrHistogram");
        assertThat(dependencies("benchmarks/pom.xml")).containsExactly("dev.informerbench:informer-bench-core");
    }

    private static List<String> dependencies(String pom) throws IOException {
        String xml = Files.readString(HOME.resolve(pom));
        Matcher m = Pattern.compile("<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>")
                .matcher(xml);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1) + ":" + m.group(2));
        }
        return found;
    }

    @Test
    void packagesFormNoCycles() {
        slices().matching("dev.informerbench.(*)..").should().beFreeOfCycles().check(classes);
    }
}
