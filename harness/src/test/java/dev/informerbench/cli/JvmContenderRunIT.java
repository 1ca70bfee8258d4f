package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.local.Jdks;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM as a contender: one client-java on JDK 17 and on JDK 25 with compact object headers, in
 * one interleaved run of one cheap row. Each has its own file, label and sidecar, which names the
 * JDK its forks ran on as that JDK said it; the JMH JSON says the same from the forks themselves;
 * and what reads the files later ({@code compare --history}, {@code export}) keeps them apart.
 */
class JvmContenderRunIT {
    private static final String COMPACT = "-XX:+UseCompactObjectHeaders";

    @RegisterExtension
    final CapturedOutput output = new CapturedOutput();

    @Test
    void aClientOnTwoJdksRunsInTwoFilesEachOnItsOwnJdk(@TempDir Path dir) throws Exception {
        assumeTrue(Jdks.find(25, Jdks.Roots.here()).isPresent(), "no JDK 25 on this machine");
        System.setProperty("informerbench.runLock", dir.resolve("run.lock").toString());

        int exit = Main.run("run", "--profile", "smoke", "--clients", "client-java on jdk17,client-java on jdk25 "
                + COMPACT, "--results", dir.resolve("results").toString(), "--", "ListerGet.lister_t1", "-wi", "0",
                "-i", "1", "-r", "1s");

        assertThat(exit).as(output.err()).isZero();
        Path folder;
        try (Stream<Path> runs = Files.list(dir.resolve("results"))) {
            folder = runs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        List<Path> files;
        try (Stream<Path> all = Files.list(folder)) {
            files = all.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith(".meta.json")
                    && f.getFileName().toString().contains("_client-java-")).sorted().toList();
        }
        assertThat(files).extracting(f -> f.getFileName().toString().replaceFirst("^\\d{8}T\\d{6}Z_", ""))
                .allMatch(n -> n.matches("client-java-[0-9.]+-on-jdk(17|25-XX-\\+UseCompactObjectHeaders)_k8s-.*"))
                .hasSize(2);
        Path on17 = files.stream().filter(f -> f.toString().contains("-on-jdk17_")).findFirst().orElseThrow();
        Path on25 = files.stream().filter(f -> f.toString().contains("-on-jdk25-")).findFirst().orElseThrow();

        RunMetadata meta17 = ResultFile.readMetadata(sidecar(on17));
        RunMetadata meta25 = ResultFile.readMetadata(sidecar(on25));
        assertThat(meta25.label).isEqualTo("client-java " + meta25.clientVersion + " on JDK 25 " + COMPACT);
        assertThat(meta17.label).isEqualTo("client-java " + meta17.clientVersion + " on JDK 17");
        assertThat(meta25.forkJdk.asked).isEqualTo("jdk25");
        assertThat(meta25.forkJdk.javaVersion).startsWith("25");
        assertThat(meta25.forkJdk.javaVendor).isNotBlank();
        assertThat(meta25.forkJdk.flags).containsExactly(COMPACT);
        assertThat(Path.of(meta25.forkJdk.home).resolve("release")).content().contains("JAVA_VERSION=\"25");
        assertThat(meta17.forkJdk.javaVersion).startsWith("17");
        assertThat(meta17.forkJdk.flags).isEmpty();
        assertThat(meta25.jdk).as("the harness stays where it runs").isEqualTo(System.getProperty("java.version"));

        // what the forks themselves said, in JMH's own fields
        for (JsonElement e : JsonParser.parseString(Files.readString(on25)).getAsJsonArray()) {
            JsonObject row = e.getAsJsonObject();
            assertThat(row.get("jdkVersion").getAsString()).startsWith("25");
            assertThat(row.get("jvm").getAsString()).isEqualTo(meta25.forkJdk.home + "/bin/java");
            assertThat(row.get("jvmArgs").toString()).contains(COMPACT);
        }
        for (JsonElement e : JsonParser.parseString(Files.readString(on17)).getAsJsonArray()) {
            assertThat(e.getAsJsonObject().get("jdkVersion").getAsString()).startsWith("17");
            assertThat(e.getAsJsonObject().get("jvmArgs").toString()).doesNotContain(COMPACT);
        }
        assertThat(Files.readString(folder.resolve("comparison.txt"))).contains(meta17.label).contains(meta25.label);

        List<String> names = files.stream().map(Path::toString).toList();
        output.reset();
        assertThat(Main.run(Stream.concat(Stream.of("compare", "--history"), names.stream())
                .toArray(String[]::new))).as(output.err()).isZero();
        assertThat(output.out()).contains(meta17.label).contains(meta25.label);
        Path csv = Files.createDirectories(dir.resolve("export"));
        assertThat(Main.run(Stream.concat(Stream.of("export", "--format", "csv", "--output", csv.toString()),
                names.stream()).toArray(String[]::new))).as(output.err()).isZero();
        try (Stream<Path> written = Files.list(csv)) {
            assertThat(Files.readString(written.findFirst().orElseThrow()))
                    .contains("client-java-" + meta17.clientVersion + "-on-jdk17,")
                    .contains("client-java-" + meta25.clientVersion + "-on-jdk25-XX-+UseCompactObjectHeaders,");
        }
        List<String> parts = new ArrayList<>();
        try (Stream<Path> all = Files.list(folder.resolve("parts"))) {
            all.forEach(p -> parts.add(p.getFileName().toString()));
        }
        assertThat(parts).as("one folder per unit and contender").hasSize(2).doesNotHaveDuplicates();
    }

    /** The sidecar beside a result file. */
    private static Path sidecar(Path json) {
        return json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", ".meta.json"));
    }
}
