package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import dev.informerbench.local.FileTrees;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a client-java or fabric8 checkout ({@link Checkout}) and installs it where only this
 * suite looks: a Maven repository of its own under {@code target/checkouts/}, never the user's.
 * A checkout of a release's tag declares the release's version; installed in the user's local
 * repository it would replace the release there, and every later build "of the release" would be
 * the checkout. The private repository reads everything else from the user's local repository
 * (a {@code file:} repository in a settings file of its own, listed before Maven Central), so a
 * checkout that builds offline for its maintainer builds offline here. The suite's jar for that
 * contender is then built against the same private repository: the dependency graph the checkout
 * declares, its modules at the version it declares.
 *
 * <p>Both are checked before anything else starts: a build that fails is one line (with the log's
 * path) and exit 2, and no run folder, control plane or namespace exists yet.
 */
final class CheckoutBuild {
    private static final String SETTINGS = """
            <settings>
              <!-- informer-bench: the user's local repository as a repository, read before Maven Central -->
              <profiles><profile><id>informer-bench-checkout</id>
                <repositories><repository><id>informer-bench-local</id><url>%1$s</url>
                  <snapshots><enabled>true</enabled></snapshots></repository></repositories>
                <pluginRepositories><pluginRepository><id>informer-bench-local</id><url>%1$s</url>
                  </pluginRepository></pluginRepositories>
              </profile></profiles>
              <activeProfiles><activeProfile>informer-bench-checkout</activeProfile></activeProfiles>
            </settings>
            """;

    private CheckoutBuild() {}

    /** Where {@code checkout}'s repository, settings and build log go: target/checkouts/client-java-27.0.0+…. */
    static Path folder(Path home, Checkout checkout) {
        return home.resolve("target").resolve("checkouts").resolve(checkout.type().id() + "-" + checkout.version());
    }

    /** What Maven needs to resolve from {@code checkout}'s private repository: its settings and local repository. */
    static List<String> repositoryArgs(Path home, Checkout checkout) {
        Path dir = folder(home, checkout);
        return List.of("-gs", dir.resolve("settings.xml").toString(),
                "-Dmaven.repo.local=" + dir.resolve("repository"));
    }

    /** The modules a contender's jar needs from the checkout, and those they need (-am). */
    static String modules(ClientType type) {
        return switch (type) {
            case CLIENT_JAVA -> "util";
            case FABRIC8 -> "kubernetes-client";
            case CLIENT_GO -> throw new IllegalArgumentException("client-go is built by clientgo/build.sh");
        };
    }

    /**
     * {@code mvn install} of the checkout's modules into its private repository; one line
     * ({@link IllegalArgumentException}) when Maven is missing or the build fails.
     */
    static void install(Path home, Checkout checkout, PrintStream log) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(folder(home, checkout));
        Files.writeString(dir.resolve("settings.xml"),
                SETTINGS.formatted(LocalBuilds.repository().toUri().toString()));
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-nsu", "-Dstyle.color=never", "-DskipTests",
                "-Dmaven.javadoc.skip=true", "-Dgpg.skip=true", "-Dmaven.source.skip=true"));
        command.addAll(repositoryArgs(home, checkout));
        command.addAll(List.of("-pl", modules(checkout.type()), "-am", "install"));
        Path buildLog = dir.resolve("build.log");
        log.printf("[run-bench] building %s %s from %s (mvn install into %s; log %s)%n", checkout.type().id(),
                checkout.version(), checkout.folder(), home.relativize(dir.resolve("repository")),
                home.relativize(buildLog));
        Instant start = Instant.now();
        int code = new ProcessBuilder(command).directory(checkout.folder().toFile()).redirectErrorStream(true)
                .redirectOutput(buildLog.toFile()).start().waitFor();
        if (code != 0) {
            // Maven's first [ERROR] with something in it: the compiler's or the resolver's own words
            String error = FileTrees.tail(buildLog, 400).lines().filter(l -> l.startsWith("[ERROR]"))
                    .map(l -> l.replaceFirst("^\\[ERROR]\\s*", "")).filter(l -> !l.isBlank()
                            && !l.startsWith("COMPILATION ERROR")).findFirst().orElse("no [ERROR] line");
            // nothing half-way: what it copied or installed goes; its log stays for the line below
            FileTrees.delete(dir.resolve("repository"));
            throw new IllegalArgumentException("--clients " + checkout.type().id() + "@" + checkout.folder()
                    + ": the checkout does not build (mvn install exit " + code + ": " + error + "); its log: "
                    + buildLog + "; accepted: a checkout that `mvn install -pl " + modules(checkout.type())
                    + " -am` builds");
        }
        log.printf("[run-bench] built %s %s in %d s%n", checkout.type().id(), checkout.version(),
                Duration.between(start, Instant.now()).toSeconds());
    }

    /** Installs each checkout of {@code specs} once (client-go's module is built with the program, later). */
    static void installAll(List<ClientSpec> specs, Path home, PrintStream log) throws IOException,
            InterruptedException {
        List<Checkout> done = new ArrayList<>();
        for (ClientSpec spec : specs) {
            Checkout c = spec.checkout();
            if (c != null && c.type() != ClientType.CLIENT_GO && !done.contains(c)) {
                install(home, c, log);
                done.add(c);
            }
        }
    }
}
