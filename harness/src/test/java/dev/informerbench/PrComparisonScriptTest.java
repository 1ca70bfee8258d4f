package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.runner.ClientSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code .github/scripts/pr-comparison.sh}, which decides what the benchmark workflow compares for a
 * pull request and names the files it compares, run with bash on small checkouts and run folders.
 */
class PrComparisonScriptTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path SCRIPT = HOME.resolve(".github/scripts/pr-comparison.sh");

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
        /** The key=value lines of {@code versions}. */
        Map<String, String> outputs() {
            Map<String, String> map = new LinkedHashMap<>();
            out.lines().forEach(l -> map.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
            return map;
        }
    }

    private static Result run(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.waitFor(), out, err);
    }

    /** A checkout: the root pom's two client versions, clientgo/go.mod's client-go, one source file. */
    private Path checkout(String name, String clientJava, String fabric8, String clientGo, String source)
            throws IOException {
        Path root = Files.createDirectories(dir.resolve(name));
        Files.writeString(root.resolve("pom.xml"), """
                <project>
                  <properties>
                    <kubernetes.client.version>%s</kubernetes.client.version>
                    <kube.version>1.36.3</kube.version>
                    <fabric8.version>%s</fabric8.version>
                  </properties>
                </project>
                """.formatted(clientJava, fabric8));
        Files.createDirectories(root.resolve("clientgo"));
        Files.writeString(root.resolve("clientgo/go.mod"), "module x\n\ngo 1.26.0\n\nrequire (\n"
                + "\tk8s.io/api v" + clientGo + "\n\tk8s.io/client-go v" + clientGo + "\n)\n");
        Files.writeString(root.resolve("clientgo/go.sum"), "k8s.io/client-go v" + clientGo + " h1:x\n");
        Files.createDirectories(root.resolve("core"));
        Files.writeString(root.resolve("core/A.java"), source);
        // what a checkout has that is no change: git's files and a build's output
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve(".git/HEAD"), name);
        Files.createDirectories(root.resolve("target"));
        Files.writeString(root.resolve("target/benchmarks.jar"), name);
        return root;
    }

    private Map<String, String> versions(Path base, Path head, String... mode) throws Exception {
        List<String> args = new ArrayList<>(List.of("versions", base.toString(), head.toString()));
        args.addAll(List.of(mode));
        Result r = run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        return r.outputs();
    }

    @Test
    void nothingChangedIsTheSuitesComparison() throws Exception {
        Map<String, String> out = versions(checkout("base", "27.0.0", "8.0.0", "0.36.3", "a"),
                checkout("head", "27.0.0", "8.0.0", "0.36.3", "a"));
        assertThat(out).containsExactly(Map.entry("comparison", "suite"), Map.entry("clients", ""),
                Map.entry("changes", ""), Map.entry("client_go", ""), Map.entry("side_clients", ""),
                Map.entry("other", "0"));
    }

    /** The --clients list is one the suite takes, its columns the old version, the new, and the old's repeat. */
    @Test
    void aClientJavaVersionIsOneInterleavedRunOfOldNewOld() throws Exception {
        Map<String, String> out = versions(checkout("base", "27.0.0", "8.0.0", "0.36.3", "a"),
                checkout("head", "27.1.0", "8.0.0", "0.36.3", "a"));
        assertThat(out).containsEntry("comparison", "clients").containsEntry("changes", "client-java:27.0.0:27.1.0")
                .containsEntry("other", "0").containsEntry("side_clients", "");
        assertThat(ClientSpec.labels(ClientSpec.parse(out.get("clients"), type -> "unused")))
                .containsExactly("client-java 27.0.0", "client-java 27.1.0", "client-java 27.0.0 #2");
    }

    @Test
    void bothJavaClientsAndTheSuitesCodeChanged() throws Exception {
        Result r = run("versions", checkout("base", "27.0.0", "8.0.0", "0.36.3", "a").toString(),
                checkout("head", "27.1.0", "8.0.1", "0.36.3", "b").toString());
        assertThat(r.outputs()).containsEntry("comparison", "clients")
                .containsEntry("changes", "client-java:27.0.0:27.1.0 fabric8:8.0.0:8.0.1").containsEntry("other", "1");
        assertThat(ClientSpec.labels(ClientSpec.parse(r.outputs().get("clients"), type -> "unused"))).containsExactly(
                "client-java 27.0.0", "client-java 27.1.0", "client-java 27.0.0 #2", "fabric8 8.0.0", "fabric8 8.0.1",
                "fabric8 8.0.0 #2");
        assertThat(r.err()).isEqualTo("also changed: core/A.java\n");
    }

    /** client-go takes no version in --clients: base and head, each building its own, with --clients client-go. */
    @Test
    void aClientGoVersionIsTheSuitesComparisonOfClientGo() throws Exception {
        Map<String, String> out = versions(checkout("base", "27.0.0", "8.0.0", "0.36.3", "a"),
                checkout("head", "27.0.0", "8.0.0", "0.37.0", "a"));
        assertThat(out).containsEntry("comparison", "suite").containsEntry("clients", "")
                .containsEntry("client_go", "0.36.3:0.37.0").containsEntry("side_clients", "client-go")
                .containsEntry("other", "0");
    }

    @Test
    void suiteComparesBaseAndHeadWhateverChangedAndAnotherPomLineIsTheSuites() throws Exception {
        Path base = checkout("base", "27.0.0", "8.0.0", "0.36.3", "a");
        Path head = checkout("head", "27.1.0", "8.0.0", "0.36.3", "a");
        assertThat(versions(base, head, "suite")).containsEntry("comparison", "suite").containsEntry("clients", "")
                .containsEntry("changes", "client-java:27.0.0:27.1.0");
        Path pom = head.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("1.36.3", "1.37.0"));
        assertThat(versions(base, head)).containsEntry("comparison", "clients").containsEntry("other", "1");
        assertThat(run("versions", base.toString(), head.toString(), "interleaved").code()).isEqualTo(1);
        assertThat(run("versions", base.toString()).code()).isEqualTo(2);
    }

    /** An interleaved run's merged files, copied to names that say which contender each is. */
    @Test
    void contendersAreNamedAfterTheirClientAndVersion() throws Exception {
        Path run = Files.createDirectories(dir.resolve("20261204T155342Z_clients"));
        for (String stem : List.of("client-java-27.0.0_k8s-1.36.3", "client-java-27.0.0_k8s-1.36.3_2",
                "client-java-27.1.0_k8s-1.36.3")) {
            for (String ext : List.of(".json", ".meta.json", ".summary.txt")) {
                Files.writeString(run.resolve("20261204T155342Z_" + stem + ext), stem + ext);
            }
        }
        Files.createDirectories(run.resolve("parts/r1-ListerGet-client-java-27.0.0"));
        Files.writeString(run.resolve("parts/r1-ListerGet-client-java-27.0.0/x_client-java-27.0.0_k8s-1.json"), "[]");
        Result r = run("contenders", run.toString(), "client-java", "27.0.0", "27.1.0");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines()).containsExactly(run.resolve("client-java-27.0.0.json").toString(),
                run.resolve("client-java-27.1.0.json").toString(),
                run.resolve("client-java-27.0.0-again.json").toString());
        assertThat(Files.readString(run.resolve("client-java-27.0.0-again.meta.json")))
                .isEqualTo("client-java-27.0.0_k8s-1.36.3_2.meta.json");
        assertThat(Files.readString(run.resolve("client-java-27.0.0.summary.txt")))
                .isEqualTo("client-java-27.0.0_k8s-1.36.3.summary.txt");

        Result missing = run("contenders", run.toString(), "fabric8", "8.0.0", "8.0.1");
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.err()).contains("found 0 results of fabric8 8.0.0").contains("its build or every unit");
    }

    /** A side's one result, renamed with its sidecar and latency files: a plain run's, or a --clients folder's. */
    @Test
    void aSidesResultIsRenamedInItsFolder() throws Exception {
        Path plain = Files.createDirectories(dir.resolve("runs/base"));
        String stem = "20261204T124437Z_client-java-27.0.0_k8s-1.36.3";
        for (String ext : List.of(".json", ".meta.json", ".DirectGet.unthrottled-objects=1000.hgrm")) {
            Files.writeString(plain.resolve(stem + ext), ext);
        }
        Result r = run("side", plain.toString(), "base");
        assertThat(r.out().strip()).isEqualTo(plain.resolve("base.json").toString());
        try (var files = Files.list(plain)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("base.json",
                    "base.meta.json", "base.DirectGet.unthrottled-objects=1000.hgrm");
        }

        Path folder = Files.createDirectories(dir.resolve("runs/head/20261204T124437Z_clients/parts/r1-ListerGet"));
        Files.writeString(folder.resolve("20261204T124437Z_client-go-0.37.0_k8s-1.36.3.json"), "[]");
        Path clients = folder.getParent().getParent();
        Files.writeString(clients.resolve("20261204T124437Z_client-go-0.37.0_k8s-1.36.3.json"), "[]");
        Files.writeString(clients.resolve("interleave.json"), "{}");
        assertThat(run("side", dir.resolve("runs/head").toString(), "head").out().strip())
                .isEqualTo(clients.resolve("head.json").toString());

        Result none = run("side", dir.resolve("runs/head").toString(), "head");
        assertThat(none.code()).isEqualTo(1);
        assertThat(none.err()).contains("expected one result file");
    }
}
