package dev.informerbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which package may use which, read from the compiled classes (harness and benchmarks, not
 * tests). From the top: the command line; the runs it starts; what those build on (the code
 * inside a JMH fork, the benchmarks, the choice of cluster, comparing and exporting result files); the parts
 * (the local control plane, request accounting, result files, fixtures, statistics, the client
 * rate limiter, fault injection, drawing charts); and at the bottom small support that knows none of them.
 */
class ArchitectureTest {
    /** The benchmarks that run for every client; the other families are client-java's alone for now. */
    static final String CLIENT_DIMENSION =
            "dev\\.informerbench\\.bench\\.(ListerGet|DirectGet|SyncAndMemory|Relist)Benchmark.*";

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
                        "dev.informerbench.results..", "dev.informerbench.fixtures..",
                        "dev.informerbench.statistics..", "dev.informerbench.limit..", "dev.informerbench.faults..",
                        "dev.informerbench.plot..")
                .layer("support").definedBy("dev.informerbench.support..", "dev.informerbench.metrics..")
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

    @Test
    void packagesFormNoCycles() {
        slices().matching("dev.informerbench.(*)..").should().beFreeOfCycles().check(classes);
    }
}
