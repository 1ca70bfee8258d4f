package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import dev.informerbench.local.Jdks;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One client of a {@code --clients} run: which client, at which version or from which folder
 * ({@link Checkout}), and for a JVM client optionally on which JDK with which flags ({@link ForkJvm},
 * null: the harness's JVM). Parsed from {@code client-java,fabric8@7.5.0,client-go,client-java@../java,
 * client-java on jdk25 -XX:+UseCompactObjectHeaders} and checked before anything is built or created:
 * a client the suite does not know, a version that is not a release the suite can build, a
 * version for client-go (its version is the module clientgo/go.mod pins). The same client at the
 * same version may be listed twice: an A/A pair inside the run ({@code fabric8,fabric8}), its
 * second listing labelled {@code fabric8 8.0.0 #2}, built once, its forks taking turns with the others.
 */
public record ClientSpec(ClientType type, String version, Checkout checkout, ForkJvm jvm) {
    /** The oldest fabric8 major the fabric8 adapter is written against. */
    public static final int OLDEST_FABRIC8_MAJOR = 7;
    /** fabric8 7.5.0 brought {@code Config.watchList}, which SyncAndMemory's WatchList variant uses. */
    public static final int OLDEST_FABRIC8_MINOR = 5;
    static final String ACCEPTED = "accepted: a comma-separated list of client-java, fabric8, client-go, each "
            + "listed once or, for an A/A pair, twice, client-java and fabric8 optionally at a version "
            + "(client-java@26.0.0, fabric8@7.5.0), any of them at a checkout's folder (client-java@../java), "
            + "client-java and fabric8 optionally on a JDK with JVM flags (client-java on jdk25 -XX:+UseZGC)";
    /** Where an item's JDK begins: the word {@code on}. */
    private static final Pattern ON = Pattern.compile("\\s+on(?:\\s+|$)");

    /** A release, or a -SNAPSHOT from the local Maven repository. */
    public ClientSpec(ClientType type, String version) {
        this(type, version, null, null);
    }

    /** A checkout or module folder: its version is {@link Checkout#version}, 27.0.0+1a2b3c4d5e6f. */
    ClientSpec(Checkout checkout) {
        this(checkout.type(), checkout.version(), checkout, null);
    }

    /** The column label and progress name: {@code fabric8 8.0.0}, {@code client-java 27.0.0 on JDK 25 -XX:+UseZGC}. */
    public String label() {
        return type.id() + " " + version + (jvm == null ? "" : " " + jvm.label());
    }

    /** What is built for it: the same client and version or folder, whichever JVM it runs on. */
    ClientSpec built() {
        return new ClientSpec(type, version, checkout, null);
    }

    /** Its version as its file names say it: {@code 27.0.0}, {@code 27.0.0-on-jdk25-XX-+UseZGC}. */
    String fileVersion() {
        return version + (jvm == null ? "" : "-" + jvm.fileTag());
    }

    /** The JMH param value its rows carry: {@code client=FABRIC8}. */
    public String param() {
        return "client=" + type.name();
    }

    /**
     * Parses {@code --clients}; {@code defaults} gives a client's version when none is listed
     * (client-java: its jar's, fabric8: the pom's fabric8.version, client-go: clientgo/go.mod's).
     * Bad input is an {@link IllegalArgumentException} of one line naming what is accepted.
     */
    public static List<ClientSpec> parse(String list, Function<ClientType, String> defaults) {
        if (list.isBlank()) {
            throw new IllegalArgumentException("--clients names no client; " + ACCEPTED);
        }
        List<ClientSpec> specs = new ArrayList<>();
        for (String raw : list.split(",", -1)) {
            String listed = raw.strip();
            Matcher on = ON.matcher(listed);
            String item = on.find() ? listed.substring(0, on.start()) : listed;
            int at = item.indexOf('@');
            String name = at < 0 ? item : item.substring(0, at).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("--clients '" + list + "' has an empty item; " + ACCEPTED);
            }
            ClientType type = type(name);
            String value = at < 0 ? null : item.substring(at + 1).strip();
            ClientSpec spec = value == null ? new ClientSpec(type, defaults.apply(type))
                    : Checkout.isPath(value) ? new ClientSpec(Checkout.of(type, value))
                    : new ClientSpec(type, checked(type, value));
            if (item.length() < listed.length()) {
                if (type == ClientType.CLIENT_GO) {
                    throw new IllegalArgumentException("--clients '" + listed + "': client-go takes no JDK (its"
                            + " program is Go's); " + ForkJvm.ACCEPTED);
                }
                spec = new ClientSpec(type, spec.version(), spec.checkout(),
                        ForkJvm.parse(listed, listed.substring(on.end())));
            }
            if (Collections.frequency(specs, spec) == 2) {
                throw new IllegalArgumentException("--clients lists " + spec.label() + " three times; " + ACCEPTED);
            }
            specs.add(spec);
        }
        Map<String, ClientSpec> names = new HashMap<>();
        for (ClientSpec spec : specs) {
            ClientSpec other = names.putIfAbsent(spec.type().id() + "-" + spec.fileVersion(), spec);
            if (other != null && !other.equals(spec)) {
                throw new IllegalArgumentException("--clients lists " + other.label() + " and " + spec.label()
                        + ", whose files would have one name; " + ForkJvm.ACCEPTED);
            }
        }
        return List.copyOf(specs);
    }

    /**
     * Finds (or installs) the JDK of each contender listed {@code on} one, before anything is built
     * or started, and starts it once with its flags ({@link ForkJvm#resolve}); refuses {@code -f 0}
     * (no fork to run on it) and {@code -jvm} after {@code --} with them. The list with each JVM found.
     */
    public static List<ClientSpec> resolveJdks(List<ClientSpec> specs, JmhArgs args, Path home, PrintStream log) {
        if (specs.stream().allMatch(s -> s.jvm() == null)) {
            return specs;
        }
        if (args.forks() == 0 || args.raw().stream().anyMatch(a -> a.equals("-jvm") || a.startsWith("-jvm="))) {
            throw new IllegalArgumentException("--clients names a JDK, and " + (args.forks() == 0 ? "-f 0 runs no fork"
                    + " to run on it" : "-jvm after -- names another") + "; accepted: forks (-f 1 or more) on each"
                    + " contender's JDK, without -jvm");
        }
        Map<ForkJvm, ForkJvm> found = new HashMap<>();
        return specs.stream().map(s -> s.jvm() == null ? s : new ClientSpec(s.type(), s.version(), s.checkout(),
                found.computeIfAbsent(s.jvm(), j -> j.resolve(s.type().id() + " " + j.listed(), home,
                        Jdks.Roots.here(), log)))).toList();
    }

    /** One label per listed client, distinct: {@code fabric8 8.0.0}, and {@code fabric8 8.0.0 #2} for its repeat. */
    public static List<String> labels(List<ClientSpec> specs) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            int occurrence = Collections.frequency(specs.subList(0, i + 1), specs.get(i));
            labels.add(specs.get(i).label() + (occurrence > 1 ? " #" + occurrence : ""));
        }
        return labels;
    }

    /** The version of each client when --clients names none (see {@link ClientBuilds#defaults}). */
    public static Function<ClientType, String> defaults(Path home) {
        return ClientBuilds.defaults(home);
    }

    /** Checks, before anything starts, that each of {@code specs} can be built here (mvn, go, their build files). */
    public static void requireBuildable(List<ClientSpec> specs, Path home) {
        ClientBuilds.requireBuildable(specs, home);
    }

    /**
     * Builds and installs each client-java or fabric8 checkout listed into a repository of its own
     * ({@link CheckoutBuild}), before anything starts; a checkout that does not build is one line.
     */
    public static void installCheckouts(List<ClientSpec> specs, Path home, PrintStream log)
            throws IOException, InterruptedException {
        CheckoutBuild.installAll(specs, home, log);
    }

    private static ClientType type(String name) {
        try {
            return ClientType.parse(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--clients: unknown client '" + name + "'; " + ACCEPTED);
        }
    }

    private static String checked(ClientType type, String version) {
        String problem = switch (type) {
            case CLIENT_GO -> "client-go takes no version (client-go@" + version + "): it is the k8s.io/client-go "
                    + "that clientgo/go.mod pins, or a module folder (client-go@../client-go)";
            case CLIENT_JAVA -> ClientVersions.problem(version, "client-java version", ClientVersions.OLDEST_MAJOR,
                    "whose request-builder API the suite is written against");
            case FABRIC8 -> ClientVersions.problem(version, "fabric8 version", OLDEST_FABRIC8_MAJOR,
                    OLDEST_FABRIC8_MINOR, "whose informer and WatchList API the fabric8 adapter is written against");
        };
        if (problem != null) {
            throw new IllegalArgumentException("--clients: " + problem + (problem.contains("accepted:") ? ""
                    : "; " + ACCEPTED));
        }
        return version;
    }
}
