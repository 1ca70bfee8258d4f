package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built jars themselves: each {@code benchmarks.jar} keeps the
 * {@code META-INF/maven/<group>/<artifact>/pom.properties} of the artifacts shaded into it, and
 * each of those that is in client-java's own graph must carry the version client-java brings.
 * Checked: this build's {@code benchmarks.jar} (kubernetes.client.version) and every
 * {@code target/client-java-<v>/benchmarks.jar} that {@code --client-versions} left behind, or
 * the jar {@code -Dinformerbench.depgraph.jar=PATH} names (version from
 * {@code -Dkubernetes.client.version}).
 *
 * <p>Partial by nature: artifacts that ship no pom.properties (Bouncy Castle, OkHttp, Okio,
 * Kotlin, protobuf) cannot be seen in the jar; {@link ClientDependencyGraphIT} checks the
 * whole graph the jar is built from.
 */
class BuiltJarDependenciesIT {
    private static final Pattern POM_PROPERTIES = Pattern.compile("META-INF/maven/([^/]+)/([^/]+)/pom\\.properties");

    @TempDir
    Path tmp;

    @Test
    void eachBuiltJarHoldsTheVersionsItsClientBrings() throws Exception {
        Map<Path, String> jars = jars();
        assertThat(jars).as("built jars").isNotEmpty();
        Map<String, Map<String, String>> reference =
                ClientDependencyGraphIT.referenceGraphs(new ArrayList<>(new LinkedHashSet<>(jars.values())), tmp);

        List<String> problems = new ArrayList<>();
        for (Map.Entry<Path, String> e : jars.entrySet()) {
            String v = e.getValue();
            Map<String, String> bundled = bundledVersions(e.getKey());
            assertThat(bundled).as("%s bundles client-java", e.getKey())
                    .containsEntry("io.kubernetes:client-java", v);
            reference.get(v).forEach((artifact, version) -> {
                String have = bundled.get(artifact);
                if (have != null && !have.equals(version)) {
                    problems.add(e.getKey() + ": " + artifact + " " + have + ", but client-java " + v + " brings "
                            + version);
                }
            });
        }
        System.out.printf("[depgraph] checked jars %s%n", jars);
        assertThat(problems).as("bundled artifacts of client-java's graph at another version").isEmpty();
    }

    /** Jar to the client-java version it was built against. */
    private static Map<Path, String> jars() throws IOException {
        Map<Path, String> jars = new LinkedHashMap<>();
        String named = System.getProperty("informerbench.depgraph.jar", "");
        if (!named.isBlank() && !named.startsWith("${")) {
            jars.put(Paths.get(named), ClientDependencyGraphIT.buildVersion());
            return jars;
        }
        String buildDir = System.getProperty("informerbench.buildDir", "");
        Path own = (buildDir.isBlank() || buildDir.startsWith("${")
                ? ClientDependencyGraphIT.home().resolve("target") : Paths.get(buildDir)).resolve("benchmarks.jar");
        if (Files.isRegularFile(own)) {
            jars.put(own, ClientDependencyGraphIT.buildVersion());
        }
        Path target = ClientDependencyGraphIT.home().resolve("target");
        if (Files.isDirectory(target)) {
            try (Stream<Path> dirs = Files.list(target)) {
                for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("client-java-")).sorted()
                        .toList()) {
                    Path jar = dir.resolve("benchmarks.jar");
                    if (Files.isRegularFile(jar)) {
                        jars.put(jar, dir.getFileName().toString().substring("client-java-".length()));
                    }
                }
            }
        }
        return jars;
    }

    /** {@code group:artifact} to version, from the pom.properties the jar bundles. */
    private static Map<String, String> bundledVersions(Path jar) throws IOException {
        Map<String, String> versions = new LinkedHashMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : file.stream().toList()) {
                Matcher m = POM_PROPERTIES.matcher(entry.getName());
                if (m.matches()) {
                    Properties p = new Properties();
                    try (InputStream in = file.getInputStream(entry)) {
                        p.load(in);
                    }
                    versions.put(m.group(1) + ":" + m.group(2), p.getProperty("version"));
                }
            }
        }
        return versions;
    }
}
