package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client under test runs with its own dependencies: for a client-java version V, every
 * artifact in the runtime graph of a project that depends on {@code io.kubernetes:client-java:V}
 * alone is in the runtime graph the suite gets with {@code -Dkubernetes.client.version=V}
 * (the graph {@code mvn package} shades into that version's {@code benchmarks.jar}), at the
 * same version. A dependency of the suite's own that is also in client-java's graph would
 * otherwise win by Maven's nearest-wins rule and users of V would never run that graph.
 *
 * <p>Both graphs come from Maven itself ({@code dependency:collect}, runtime scope) run on this
 * project and on a generated one, so the answer is the one the build gets.
 *
 * <p>Which versions: by default the one this build uses ({@code kubernetes.client.version},
 * 27.0.0 unless overridden), about 10 s. {@code -Dinformerbench.depgraph.versions=all} checks
 * every release {@code --client-versions} accepts (20.0.0 and later, from client-java's Maven
 * metadata), or give a comma-separated list:
 * <pre>mvn -B test -Dtest=ClientDependencyGraphIT -Dinformerbench.depgraph.versions=all</pre>
 */
class ClientDependencyGraphIT {
    private static final String CLIENT = "io.kubernetes:client-java";
    private static final Pattern RELEASE = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");
    private static final Pattern METADATA_VERSION = Pattern.compile("<version>([^<]+)</version>");
    /** {@code group:artifact:type[:classifier]:version:scope}, as dependency:collect lists them. */
    private static final Pattern LISTED = Pattern.compile(
            "^\\s+([^:\\s]+):([^:\\s]+):([^:\\s]+)(?::([^:\\s]+))?:([^:\\s]+):([a-z]+)(?:\\s.*)?$");

    @TempDir
    Path tmp;

    @Test
    void eachClientVersionRunsWithItsOwnDependencies() throws Exception {
        List<String> versions = versionsToCheck();
        assertThat(versions).as("client-java versions to check").isNotEmpty();
        long start = System.nanoTime();

        Map<String, Map<String, String>> reference = referenceGraphs(versions);
        Map<String, Map<String, String>> suite = suiteGraphs(versions);

        List<String> problems = new ArrayList<>();
        for (String v : versions) {
            Map<String, String> ref = reference.get(v);
            Map<String, String> got = suite.get(v);
            assertThat(ref).as("client-java %s's own graph", v).containsKey(CLIENT);
            ref.forEach((artifact, version) -> {
                String have = got.get(artifact);
                if (have == null) {
                    problems.add("client-java " + v + ": " + artifact + " " + version
                            + " is missing from the suite's runtime graph");
                } else if (!have.equals(version)) {
                    problems.add("client-java " + v + ": " + artifact + " is " + have + " in the suite's jar, but "
                            + "client-java " + v + " brings " + version);
                }
            });
        }
        System.out.printf("[depgraph] checked client-java %s in %.1f s%n", versions,
                (System.nanoTime() - start) / 1e9);
        assertThat(problems).as("artifacts of client-java's graph the suite overrides (fix pom.xml: the suite's own "
                + "dependencies must not change the client's)").isEmpty();
    }

    /** The versions named by {@code informerbench.depgraph.versions}, else the one this build uses. */
    private List<String> versionsToCheck() throws Exception {
        String asked = System.getProperty("informerbench.depgraph.versions", "").strip();
        if (asked.isEmpty() || asked.startsWith("${")) {
            return List.of(buildVersion());
        }
        if (asked.equals("all")) {
            return acceptedReleases();
        }
        List<String> versions = new ArrayList<>();
        for (String v : asked.split(",")) {
            versions.add(v.strip());
        }
        return versions;
    }

    /** {@code kubernetes.client.version} as surefire passes it, else as pom.xml declares it. */
    static String buildVersion() throws IOException {
        String v = System.getProperty("informerbench.clientVersion", "");
        if (!v.isBlank() && !v.startsWith("${")) {
            return v.strip();
        }
        Matcher m = Pattern.compile("<kubernetes\\.client\\.version>([^<]+)</kubernetes\\.client\\.version>")
                .matcher(Files.readString(home().resolve("pom.xml")));
        assertThat(m.find()).as("kubernetes.client.version in pom.xml").isTrue();
        return m.group(1).strip();
    }

    /**
     * Every client-java release {@code --client-versions} accepts that Maven finds: a range
     * dependency makes Maven fetch client-java's metadata into the local repository.
     */
    private List<String> acceptedReleases() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("versions"));
        Files.writeString(dir.resolve("pom.xml"), pom("versions", "[" + ClientVersions.OLDEST_MAJOR + ".0.0,)",
                "<exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId></exclusion></exclusions>"));
        mvn(dir, List.of("-U", collectGoal(), "-DoutputFile=" + dir.resolve("deps.txt")));
        TreeSet<String> found = new TreeSet<>(Comparator.comparing(ClientDependencyGraphIT::versionKey));
        Path meta = localRepository().resolve("io/kubernetes/client-java");
        try (Stream<Path> files = Files.list(meta)) {
            for (Path f : files.filter(f -> f.getFileName().toString().matches("maven-metadata.*\\.xml")).toList()) {
                Matcher m = METADATA_VERSION.matcher(Files.readString(f));
                while (m.find()) {
                    Matcher r = RELEASE.matcher(m.group(1));
                    if (r.matches() && Integer.parseInt(r.group(1)) >= ClientVersions.OLDEST_MAJOR) {
                        found.add(m.group(1));
                    }
                }
            }
        }
        return new ArrayList<>(found);
    }

    /** One reactor with a project per version that depends on client-java alone: one Maven run for all. */
    private Map<String, Map<String, String>> referenceGraphs(List<String> versions) throws Exception {
        return referenceGraphs(versions, tmp);
    }

    /** {@link #referenceGraphs(List)} in {@code tmp}: version to ({@code group:artifact[:classifier]} to version). */
    static Map<String, Map<String, String>> referenceGraphs(List<String> versions, Path tmp) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("reference"));
        StringBuilder modules = new StringBuilder();
        for (String v : versions) {
            Path module = Files.createDirectories(root.resolve(v));
            Files.writeString(module.resolve("pom.xml"), pom("reference-" + v, v, ""));
            modules.append("<module>").append(v).append("</module>");
        }
        Files.writeString(root.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.informerbench.depgraph</groupId>
                  <artifactId>reference</artifactId>
                  <version>1</version>
                  <packaging>pom</packaging>
                  <modules>%s</modules>
                </project>
                """.formatted(modules));
        mvn(root, List.of(collectGoal(), "-DincludeScope=runtime", "-DoutputFile=deps.txt"));
        Map<String, Map<String, String>> graphs = new LinkedHashMap<>();
        for (String v : versions) {
            graphs.put(v, parse(root.resolve(v).resolve("deps.txt")));
        }
        return graphs;
    }

    /** The client-java jar with {@code -Dkubernetes.client.version=V}, as ClientBuilds builds it; two at a time. */
    private Map<String, Map<String, String>> suiteGraphs(List<String> versions) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Map<String, Future<Map<String, String>>> pending = new LinkedHashMap<>();
            for (String v : versions) {
                pending.put(v, pool.submit(() -> {
                    Path out = tmp.resolve("suite-" + v + ".txt");
                    // the harness's module and those it takes, in that order: its graph is written last
                    mvn(home(), List.of("-pl", "harness", "-am", collectGoal(), "-DincludeScope=runtime",
                            "-DoutputFile=" + out,
                            "-Dkubernetes.client.version=" + v, "-Dib.buildDir=" + tmp.resolve("build-" + v)));
                    return parse(out);
                }));
            }
            Map<String, Map<String, String>> graphs = new LinkedHashMap<>();
            for (Map.Entry<String, Future<Map<String, String>>> e : pending.entrySet()) {
                graphs.put(e.getKey(), e.getValue().get());
            }
            return graphs;
        } finally {
            pool.shutdownNow();
        }
    }

    private static String pom(String artifactId, String clientVersion, String exclusions) {
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.informerbench.depgraph</groupId>
                  <artifactId>%s</artifactId>
                  <version>1</version>
                  <dependencies>
                    <dependency>
                      <groupId>io.kubernetes</groupId>
                      <artifactId>client-java</artifactId>
                      <version>%s</version>
                      %s
                    </dependency>
                  </dependencies>
                </project>
                """.formatted(artifactId, clientVersion, exclusions);
    }

    /** {@code group:artifact[:classifier]} to version, for the runtime-scope artifacts Maven listed. */
    static Map<String, String> parse(Path listing) throws IOException {
        Map<String, String> graph = new LinkedHashMap<>();
        for (String line : Files.readAllLines(listing, StandardCharsets.UTF_8)) {
            Matcher m = LISTED.matcher(line);
            if (m.matches()) {
                String key = m.group(1) + ":" + m.group(2) + (m.group(4) == null ? "" : ":" + m.group(4));
                graph.put(key, m.group(5));
            }
        }
        assertThat(graph).as("artifacts listed in %s", listing).isNotEmpty();
        return graph;
    }

    private static String collectGoal() {
        String version = System.getProperty("informerbench.dependencyPluginVersion", "");
        if (version.isBlank() || version.startsWith("${")) {
            version = "3.8.1";
        }
        return "org.apache.maven.plugins:maven-dependency-plugin:" + version + ":collect";
    }

    private static void mvn(Path dir, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(mavenExecutable(), "-B", "-q", "-Dstyle.color=never"));
        String repo = System.getProperty("maven.repo.local", "");
        if (!repo.isBlank() && !repo.startsWith("${")) {
            command.add("-Dmaven.repo.local=" + repo);
        }
        command.addAll(args);
        Path log = Files.createTempFile(dir.getFileSystem().getPath(System.getProperty("java.io.tmpdir")),
                "depgraph-mvn", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + String.join(" ", command));
            }
            assertThat(p.exitValue()).as("%s in %s exited with %d:%n%s", String.join(" ", command), dir,
                    p.exitValue(), Files.readString(log)).isZero();
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String mavenExecutable() {
        String home = System.getProperty("maven.home", "");
        if (!home.isBlank() && !home.startsWith("${")) {
            Path mvn = Paths.get(home, "bin", "mvn");
            if (Files.isExecutable(mvn)) {
                return mvn.toString();
            }
        }
        return "mvn";
    }

    private static Path localRepository() {
        String repo = System.getProperty("maven.repo.local", "");
        if (!repo.isBlank() && !repo.startsWith("${")) {
            return Paths.get(repo);
        }
        return Paths.get(System.getProperty("user.home"), ".m2", "repository");
    }

    static Path home() {
        return Paths.get(System.getProperty("informerbench.home", System.getProperty("user.dir"))).toAbsolutePath();
    }

    private static String versionKey(String v) {
        Matcher m = RELEASE.matcher(v);
        if (!m.matches()) {
            return v;
        }
        return String.format("%06d.%06d.%06d", Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)));
    }
}
