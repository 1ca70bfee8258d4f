package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import dev.informerbench.local.Commands;
import dev.informerbench.local.FileTrees;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What each client's units run, and where it comes from: client-java's jar of this project
 * ({@code target/benchmarks.jar} for the pom's version, else the harness's module built by Maven
 * into {@code target/client-java-<v>/}), fabric8's module into {@code target/fabric8-<v>/fabric8/},
 * client-go's program from {@code clientgo/build.sh}. Each is built once per run, before the
 * first unit.
 */
final class ClientBuilds {
    static final String FABRIC8_POM = "fabric8/pom.xml";
    /** The reactor's pom, which holds each Java client's default version. */
    static final String PARENT_POM = "pom.xml";
    /** What client-java's jar is built from: a file in one of them newer than the jar rebuilds it. */
    static final List<String> CLIENT_JAVA_SOURCES = List.of("core", "benchmarks", "harness/src/main", "harness/pom.xml",
            PARENT_POM);
    static final String CLIENTGO_BUILD = "clientgo/build.sh";
    static final String CLIENTGO_MOD = "clientgo/go.mod";
    private static final Pattern FABRIC8_VERSION = Pattern.compile("<fabric8\\.version>\\s*([^<\\s]+)\\s*<");
    private static final Pattern CLIENTGO_VERSION = Pattern.compile("(?m)^\\s*k8s\\.io/client-go\\s+v(\\S+)");

    private ClientBuilds() {}

    /** The version of each client when --clients names none: the jar's, the pom's fabric8.version, go.mod's. */
    static Function<ClientType, String> defaults(Path home) {
        return type -> switch (type) {
            case CLIENT_JAVA -> RunMetadata.clientJavaVersion();
            case FABRIC8 -> find(home.resolve(PARENT_POM), FABRIC8_VERSION);
            case CLIENT_GO -> find(home.resolve(CLIENTGO_MOD), CLIENTGO_VERSION);
        };
    }

    private static String find(Path file, Pattern pattern) {
        try {
            Matcher m = pattern.matcher(Files.isRegularFile(file) ? Files.readString(file) : "");
            return m.find() ? m.group(1) : "unknown";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks, before anything starts, that every client listed can be built here; bad input says what is missing. */
    static void requireBuildable(List<ClientSpec> specs, Path home) {
        for (ClientSpec spec : specs) {
            String missing = switch (spec.type()) {
                case CLIENT_JAVA -> currentJar(spec.version(), home) == null && !Commands.onPath("mvn")
                        ? "client-java " + spec.version() + " is built with Maven, and `mvn` is not on PATH" : null;
                case FABRIC8 -> !Files.isRegularFile(home.resolve(FABRIC8_POM)) ? FABRIC8_POM + " is not in " + home
                        : !Commands.onPath("mvn") ? "fabric8 is built with Maven, and `mvn` is not on PATH" : null;
                case CLIENT_GO -> !Files.isRegularFile(home.resolve(CLIENTGO_BUILD))
                        ? CLIENTGO_BUILD + " is not in " + home
                        : !Commands.onPath("go") ? "client-go is built with Go, and `go` is not on PATH" : null;
            };
            if (missing != null) {
                throw new IllegalArgumentException("--clients " + spec.type().id() + ": " + missing
                        + "; accepted: Maven (mvn) for client-java and fabric8, Go (go) for client-go, on PATH");
            }
            if (spec.checkout() == null) {
                requireInstalled("--clients", spec);
            }
        }
    }

    /** A local build (a -SNAPSHOT) must be in the local Maven repository before anything starts. */
    static void requireInstalled(String option, ClientSpec spec) {
        if (LocalBuilds.isSnapshot(spec.version())) {
            String problem = LocalBuilds.problem(LocalBuilds.repository(), spec.type(), spec.version());
            if (problem != null) {
                throw new IllegalArgumentException(option + " " + spec.type().id() + "@" + spec.version() + ": "
                        + problem + "; accepted: a release, or a -SNAPSHOT installed there");
            }
        }
    }

    /** Builds what {@code spec}'s units run; null after saying why not. */
    static Path build(ClientSpec spec, Path home, PrintStream log) throws IOException, InterruptedException {
        Checkout checkout = spec.checkout();
        if (checkout != null && spec.type() != ClientType.CLIENT_GO) {
            // the checkout was installed before anything started (CheckoutBuild), into its own repository
            List<String> args = new ArrayList<>(CheckoutBuild.repositoryArgs(home, checkout));
            args.addAll(spec.type() == ClientType.CLIENT_JAVA
                    ? List.of("-pl", "harness", "-Dkubernetes.client.version=" + checkout.declaredVersion())
                    : List.of("-pl", "fabric8", "-Dfabric8.version=" + checkout.declaredVersion()));
            return maven(spec, home, args, spec.type() == ClientType.CLIENT_JAVA ? "benchmarks.jar"
                    : "fabric8/benchmarks.jar", log);
        }
        return switch (spec.type()) {
            case CLIENT_JAVA -> clientJava(spec.version(), home, log);
            case FABRIC8 -> maven(spec, home, List.of("-pl", "fabric8", "-Dfabric8.version=" + spec.version()),
                    "fabric8/benchmarks.jar", log);
            case CLIENT_GO -> clientGo(checkout, home, log);
        };
    }

    /** client-java at {@code version}: this project's jar when it is the pom's version and up to date, else built. */
    static Path clientJava(String version, Path home, PrintStream log) throws IOException, InterruptedException {
        Path current = currentJar(version, home);
        if (current != null) {
            log.printf("[run-bench] client-java %s: %s%n", version, home.relativize(current));
            return current;
        }
        return maven(new ClientSpec(ClientType.CLIENT_JAVA, version), home,
                List.of("-pl", "harness", "-Dkubernetes.client.version=" + version), "benchmarks.jar", log);
    }

    /**
     * target/benchmarks.jar when {@code version} is the one this harness runs with and no source is
     * newer; else null.
     */
    static Path currentJar(String version, Path home) {
        Path jar = home.resolve("target").resolve("benchmarks.jar");
        if (!version.equals(RunMetadata.clientJavaVersion()) || !Files.isRegularFile(jar)) {
            return null;
        }
        try (Stream<Path> sources = CLIENT_JAVA_SOURCES.stream().map(home::resolve).filter(Files::exists)
                .flatMap(ClientBuilds::walk)) {
            FileTime built = Files.getLastModifiedTime(jar);
            return sources.anyMatch(f -> newer(f, built)) ? null : jar;
        } catch (IOException e) {
            return null;
        }
    }

    private static Stream<Path> walk(Path root) {
        try {
            return Files.walk(root).filter(Files::isRegularFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean newer(Path file, FileTime than) {
        try {
            return Files.getLastModifiedTime(file).compareTo(than) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * {@code mvn package} of a client's module (and the modules it needs) into
     * {@code target/<client>-<v>/} with {@code args} (no source changes); returns its jar
     * ({@code jar}, under that folder), or null after saying why not.
     */
    private static Path maven(ClientSpec spec, Path home, List<String> args, String jar, PrintStream log)
            throws IOException, InterruptedException {
        Path dir = home.resolve("target").resolve(spec.type().id() + "-" + spec.version());
        log.printf("%n[run-bench] building the suite against %s (mvn package into %s)%n", spec.label(),
                home.relativize(dir));
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q", "-Dstyle.color=never",
                "-Dmaven.test.skip=true", "-DskipTests", "-am", "-nsu"));
        command.addAll(args);
        command.addAll(List.of("-Dib.buildDir=" + dir, "package"));
        Path built = dir.resolve(jar);
        return built(spec.label(), command, home, log) != null && Files.isRegularFile(built) ? built : null;
    }

    /**
     * clientgo/build.sh, against the module folder {@code module} when not null (a {@code replace}
     * in a go.mod of its own, {@code CLIENTGO_MODULE}); the program is the path its last line names.
     */
    private static Path clientGo(Checkout module, Path home, PrintStream log) throws IOException,
            InterruptedException {
        log.printf("%n[run-bench] building client-go's benchmarks (%s)%s%n", CLIENTGO_BUILD,
                module == null ? "" : " against " + module.folder());
        List<String> out = built("client-go", List.of("bash", CLIENTGO_BUILD), home, log,
                module == null ? Map.of() : Map.of("CLIENTGO_MODULE", module.folder().toString()));
        Path program = out == null || out.isEmpty() ? null : home.resolve(out.get(out.size() - 1).strip());
        return program != null && Files.isExecutable(program) ? program : null;
    }

    /** Runs a build; its standard output's lines, or null (after printing its last lines) when it failed. */
    private static List<String> built(String what, List<String> command, Path home, PrintStream log)
            throws IOException, InterruptedException {
        return built(what, command, home, log, Map.of());
    }

    private static List<String> built(String what, List<String> command, Path home, PrintStream log,
            Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile("informer-bench-build-" + what.replace(' ', '-'), ".log");
        Path err = Files.createTempFile("informer-bench-build-" + what.replace(' ', '-'), ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().putAll(env);
            int code = builder.start().waitFor();
            if (code != 0) {
                log.printf("[run-bench] building %s failed (%s exit %d); last lines:%n%s%n%s%n", what, command.get(0),
                        code, FileTrees.tail(out, 10), FileTrees.tail(err, 10));
                return null;
            }
            return Files.readAllLines(out);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
