package dev.informerbench.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDKs of this machine that a contender's forks can run on ({@code --clients "client-java on
 * jdk25"}), and the project's script that installs the ones it knows ({@value #INSTALL_SCRIPT}).
 * A home is a JDK of feature version N when its {@code release} file says
 * {@code JAVA_VERSION="N…"} and its {@code bin/java} is executable. JDK N is looked for, in order:
 * the JDK this JVM runs on, {@code <cache>/jdk/N} (where the script installs), then the system's
 * homes ({@code /usr/lib/jvm/*}, Temurin's first, then by name).
 */
public final class Jdks {
    /** The script that installs a JDK into {@code <cache>/jdk/N}; {@code --list} says which N. */
    public static final String INSTALL_SCRIPT = "jdk/install.sh";
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(?:1\\.)?(\\d+)[^\"]*\"");
    private static final Pattern PROPERTY = Pattern.compile("(?m)^\\s*(java\\.version|java\\.vendor) = (.*)$");

    private Jdks() {}

    /** A JDK home and its feature version. */
    public record Home(Path home, int feature) {}

    /** A JDK home as it started with the flags it was probed with: its {@code java.version} and {@code java.vendor}. */
    public record Jdk(Path home, String javaVersion, String vendor) {
        public Path java() {
            return home.resolve("bin").resolve("java");
        }
    }

    /** Where JDKs are looked for: the running JVM's home, the cache's {@code jdk/} folder, the system's JDK folder. */
    public record Roots(Path running, Path cache, Path system) {
        /** This machine's: {@code java.home}, {@code <cache root>/jdk}, {@code /usr/lib/jvm}. */
        public static Roots here() {
            return new Roots(Path.of(System.getProperty("java.home")), ProjectPaths.cacheRoot().resolve("jdk"),
                    Path.of("/usr/lib/jvm"));
        }
    }

    /** The feature version {@code home}'s release file says (17 of 17.0.15, 8 of 1.8.0_402); -1 when it is no JDK. */
    public static int feature(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return -1;
        }
        try {
            Matcher m = JAVA_VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
            return m.find() ? Integer.parseInt(m.group(1)) : -1;
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            return -1;
        }
    }

    /** The first home of JDK {@code feature} in {@code roots}' order; empty when there is none. */
    public static Optional<Path> find(int feature, Roots roots) {
        return all(roots).stream().filter(h -> h.feature() == feature).map(Home::home).findFirst();
    }

    /** Every JDK home in {@code roots}, in the order they are looked in, each once, by its real path. */
    public static List<Home> all(Roots roots) {
        List<Path> candidates = new ArrayList<>();
        candidates.add(roots.running());
        candidates.addAll(children(roots.cache()).stream().filter(d -> d.getFileName().toString().matches("\\d+"))
                .filter(d -> String.valueOf(feature(d)).equals(d.getFileName().toString())).toList());
        candidates.addAll(children(roots.system()).stream().sorted(Comparator.comparing(
                (Path d) -> !d.getFileName().toString().startsWith("temurin-")).thenComparing(Path::toString))
                .toList());
        Set<Path> seen = new HashSet<>();
        List<Home> homes = new ArrayList<>();
        for (Path candidate : candidates) {
            int feature = feature(candidate);
            Path real = real(candidate);
            if (feature > 0 && seen.add(real)) {
                homes.add(new Home(real, feature));
            }
        }
        return homes;
    }

    /** The feature versions {@value #INSTALL_SCRIPT} of {@code projectHome} can install; empty without the script. */
    public static List<Integer> installable(Path projectHome) {
        Path script = projectHome.resolve(INSTALL_SCRIPT);
        if (!Files.isRegularFile(script)) {
            return List.of();
        }
        Output run = run(List.of("bash", script.toString(), "--list"), projectHome, null, 30);
        return run.exit() != 0 ? List.of() : run.output().lines().map(String::strip).filter(l -> l.matches("\\d+"))
                .map(Integer::valueOf).toList();
    }

    /**
     * Installs JDK {@code feature} with {@value #INSTALL_SCRIPT} into {@code jdkFolder}/N (a
     * {@link Roots#cache}: the script's cache root is its parent); its home. A failure is an
     * {@link IllegalStateException} with the script's last line.
     */
    public static Path install(int feature, Path projectHome, Path jdkFolder) {
        Output run = run(List.of("bash", projectHome.resolve(INSTALL_SCRIPT).toString(), String.valueOf(feature)),
                projectHome, jdkFolder.toAbsolutePath().getParent(), 600);
        List<String> lines = run.output().lines().filter(l -> !l.isBlank()).toList();
        String last = lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
        if (run.exit() != 0) {
            throw new IllegalStateException(INSTALL_SCRIPT + " " + feature + " failed (exit " + run.exit() + "): "
                    + last);
        }
        Path home = Path.of(last.strip());
        if (feature(home) != feature) {
            throw new IllegalStateException(INSTALL_SCRIPT + " " + feature + " named " + home + ", which is no JDK "
                    + feature + " by its release file");
        }
        return home;
    }

    /**
     * Starts {@code home}'s java with {@code jvmArgs} and reads its {@code java.version} and
     * {@code java.vendor}; a JVM that does not start is an {@link IllegalArgumentException}
     * with the first line it printed ({@code Unrecognized VM option 'UseCompactObjectHeaders'}).
     */
    public static Jdk probe(Path home, List<String> jvmArgs) {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin").resolve("java").toString()));
        command.addAll(jvmArgs);
        command.addAll(List.of("-XshowSettings:properties", "-version"));
        Output run = run(command, home, null, 60);
        if (run.exit() != 0) {
            throw new IllegalArgumentException(run.output().lines().filter(l -> !l.isBlank()).findFirst()
                    .orElse("exit " + run.exit()).strip());
        }
        String version = null;
        String vendor = null;
        Matcher m = PROPERTY.matcher(run.output());
        while (m.find()) {
            if (m.group(1).equals("java.version")) {
                version = m.group(2).strip();
            } else {
                vendor = m.group(2).strip();
            }
        }
        return new Jdk(home, version, vendor);
    }

    private record Output(int exit, String output) {}

    /** Runs {@code command}, stdout and stderr together; exit -1 when it could not start or took too long. */
    private static Output run(List<String> command, Path dir, Path cacheRoot, int seconds) {
        try {
            Path out = Files.createTempFile("informer-bench-jdk", ".log");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                        .redirectOutput(out.toFile());
                if (cacheRoot != null) {
                    builder.environment().put("INFORMER_BENCH_CACHE", cacheRoot.toString());
                }
                Process p = builder.start();
                boolean ended = p.waitFor(seconds, TimeUnit.SECONDS);
                if (!ended) {
                    p.destroyForcibly();
                }
                return new Output(ended ? p.exitValue() : -1, Files.readString(out));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return new Output(-1, String.valueOf(e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Output(-1, "interrupted");
        }
    }

    private static List<Path> children(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
