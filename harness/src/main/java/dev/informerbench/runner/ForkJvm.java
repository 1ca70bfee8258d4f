package dev.informerbench.runner;

import dev.informerbench.local.Jdks;
import dev.informerbench.results.RunMetadata;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The JVM a {@code --clients} contender's forks run on, from {@code  on jdkN [FLAGS...]} after the
 * client ({@code client-java@27.0.0 on jdk25 -XX:+UseCompactObjectHeaders}, or {@code on
 * /abs/jdk/home}): that JDK ({@link Jdks}: found here, or installed by the project's script), the
 * flags appended to the forks' JVM options after the family's heap. The harness, and the JMH
 * runner that starts the forks, stay on the harness's JVM; the benchmark jar is compiled for 17.
 *
 * @param jdk as listed: {@code jdk25}, or a JDK home's absolute path
 * @param feature its feature version: N of jdkN, a home's by its release file
 * @param flags appended to every fork's JVM options, in order
 * @param found the JDK once {@link #resolve}d (null before): its home, and its java.version and vendor
 */
public record ForkJvm(String jdk, int feature, List<String> flags, Jdks.Jdk found) {
    /** The oldest JDK a fork can run on: the benchmark jar's release. */
    static final int OLDEST = 17;
    /** Tells client-java's {@code run} command (a process of its own) the java its forks run on. */
    static final String JAVA_PROPERTY = "informerbench.forkJava";
    /** Tells client-java's {@code run} command the flags its forks get, space-separated. */
    static final String FLAGS_PROPERTY = "informerbench.forkJvmFlags";
    static final String ACCEPTED = "accepted: a client-java or fabric8 item ending ' on jdkN' (N " + OLDEST
            + " or later: a JDK found here or one " + Jdks.INSTALL_SCRIPT + " installs) or ' on /abs/jdk/home',"
            + " then JVM flags, each a word without commas: -XX: options (-XX:+UseCompactObjectHeaders), -X options"
            + " (-Xss512k, -Xmn256m), -Dname=value; not the heap (-Xms, -Xmx: the family's, "
            + String.join(" ", FamilyRun.FORK_HEAP) + ")";
    private static final Pattern JDK = Pattern.compile("jdk(\\d+)");
    private static final Pattern HEAP = Pattern.compile("-Xm[sx].*|-XX:(Max|Initial|Min)HeapSize=.*");

    public ForkJvm {
        flags = List.copyOf(flags);
    }

    /** Reads {@code tail}, what follows {@code on} in the {@code --clients} item {@code item}. */
    static ForkJvm parse(String item, String tail) {
        List<String> words = List.of(tail.strip().split("\\s+"));
        String jdk = words.get(0);
        int feature;
        if (jdk.isEmpty()) {
            throw bad(item, "names no JDK after 'on'");
        } else if (jdk.startsWith("/")) {
            jdk = Path.of(jdk).normalize().toString();
            feature = Jdks.feature(Path.of(jdk));
            if (feature < 0) {
                throw bad(item, jdk + " is not a JDK home (no release file with JAVA_VERSION, or no bin/java)");
            }
        } else {
            Matcher m = JDK.matcher(jdk);
            if (!m.matches()) {
                throw bad(item, "'" + jdk + "' is no JDK: jdkN, or a JDK home's absolute path");
            }
            feature = Integer.parseInt(m.group(1));
        }
        if (feature < OLDEST) {
            throw bad(item, "JDK " + feature + " is older than " + OLDEST + ", which the benchmark jar is compiled"
                    + " for");
        }
        List<String> flags = words.subList(1, words.size());
        for (String flag : flags) {
            String problem = !flag.startsWith("-") ? "'" + flag + "' is not a JVM flag"
                    : HEAP.matcher(flag).matches() ? flag + " sets the heap, which is the family's"
                    : flag.startsWith("-Dinformerbench.") ? flag + " is a property the suite sets itself"
                    : !flag.matches("-XX:.+|-X[a-z].*|-D[^=]+(=.*)?") ? flag + " is not a -XX:, -X or -D flag" : null;
            if (problem != null) {
                throw bad(item, problem);
            }
        }
        return new ForkJvm(jdk, feature, flags, null);
    }

    private static IllegalArgumentException bad(String item, String problem) {
        return new IllegalArgumentException("--clients '" + item + "': " + problem + "; " + ACCEPTED);
    }

    /** In a label: {@code on JDK 25 -XX:+UseCompactObjectHeaders}; a home given by path {@code on JDK 25 at /p}. */
    String label() {
        return "on JDK " + feature + (byPath() ? " at " + jdk : "") + flags.stream().map(f -> " " + f)
                .collect(Collectors.joining());
    }

    /**
     * In file and folder names: {@code on-jdk25-XX-+UseCompactObjectHeaders}; a home given by path
     * adds 8 hex digits of its path's sha256.
     */
    String fileTag() {
        return "on-jdk" + feature + (byPath() ? "-" + Checkout.sha256(jdk).substring(0, 8) : "")
                + flags.stream().map(f -> "-" + f.substring(1).replaceAll("[^A-Za-z0-9.+-]", "-"))
                .collect(Collectors.joining());
    }

    private boolean byPath() {
        return jdk.startsWith("/");
    }

    /**
     * This JVM with its JDK found (jdkN: {@link Jdks#find}; missing and installable: installed
     * by {@link Jdks#install}, a line saying so) and started once with the heap and the flags,
     * which it must take; {@code listed} names the contender in a refusal, one line.
     */
    ForkJvm resolve(String listed, Path projectHome, Jdks.Roots roots, PrintStream log) {
        String what = "--clients " + listed + ": ";
        Path home = byPath() ? Path.of(jdk) : Jdks.find(feature, roots).orElse(null);
        if (home == null) {
            List<Integer> installable = Jdks.installable(projectHome);
            if (!installable.contains(feature)) {
                throw new IllegalArgumentException(what + "no JDK " + feature + " here (found: " + Jdks.all(roots)
                        .stream().map(h -> "JDK " + h.feature() + " at " + h.home()).collect(Collectors.joining(", "))
                        + "); accepted: one of those, a JDK home by its path, or one " + Jdks.INSTALL_SCRIPT
                        + " installs: " + installable.stream().map(n -> "jdk" + n).collect(Collectors.joining(", ")));
            }
            log.printf("[run-bench] JDK %d is not on this machine: installing it into %s (%s %d)%n", feature,
                    roots.cache().resolve(String.valueOf(feature)), Jdks.INSTALL_SCRIPT, feature);
            try {
                home = Jdks.install(feature, projectHome, roots.cache());
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException(what + e.getMessage() + "; accepted: a JDK " + feature
                        + " found here (" + roots.cache().resolve(String.valueOf(feature)) + ", " + roots.system()
                        + "), or given by its path");
            }
            log.printf("[run-bench] JDK %d installed: %s%n", feature, home);
        }
        List<String> jvmArgs = new ArrayList<>(FamilyRun.FORK_HEAP);
        jvmArgs.addAll(flags);
        Jdks.Jdk probed;
        try {
            probed = Jdks.probe(home, jvmArgs);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + "JDK " + feature + " at " + home + " does not start with "
                    + String.join(" ", jvmArgs) + ": " + e.getMessage() + "; accepted: flags that JDK takes");
        }
        Matcher said = Pattern.compile("(?:1\\.)?(\\d+).*").matcher(String.valueOf(probed.javaVersion()));
        if (!said.matches() || Integer.parseInt(said.group(1)) != feature) {
            throw new IllegalArgumentException(what + home + " says java.version " + probed.javaVersion()
                    + ", not " + feature + "; accepted: a JDK " + feature + " home");
        }
        return new ForkJvm(jdk, feature, flags, probed);
    }

    /** {@code on jdk25 -XX:+UseCompactObjectHeaders}, as listed. */
    String listed() {
        return "on " + jdk + flags.stream().map(f -> " " + f).collect(Collectors.joining());
    }

    /** For the sidecar ({@code forkJdk}); null for none (the forks ran on the harness's JVM). */
    static RunMetadata.ForkJdk sidecar(ForkJvm jvm) {
        if (jvm == null) {
            return null;
        }
        RunMetadata.ForkJdk out = new RunMetadata.ForkJdk();
        out.asked = jvm.jdk;
        out.feature = jvm.feature;
        out.home = jvm.found == null ? null : jvm.found.home().toString();
        out.javaVersion = jvm.found == null ? null : jvm.found.javaVersion();
        out.javaVendor = jvm.found == null ? null : jvm.found.vendor();
        out.flags = jvm.flags;
        return out;
    }

    /** What client-java's {@code run} command is told as {@code -D}s; none for none. */
    static List<String> childProperties(ForkJvm jvm) {
        return jvm == null ? List.of() : List.of("-D" + JAVA_PROPERTY + "=" + jvm.found.java(),
                "-D" + FLAGS_PROPERTY + "=" + String.join(" ", jvm.flags));
    }

    /** A JMH runner's option for the forks' JVM ({@code -jvm <java>}); none for none. */
    static List<String> jmhOption(ForkJvm jvm) {
        return jvm == null ? List.of() : List.of("-jvm", jvm.found.java().toString());
    }

    /** The flags of {@code jvm}; none for none. */
    static List<String> flags(ForkJvm jvm) {
        return jvm == null ? List.of() : jvm.flags;
    }

    /** In client-java's {@code run} command of a contender with a JVM of its own: the java its forks run on. */
    static Optional<String> javaOfThisRun() {
        return Optional.ofNullable(System.getProperty(JAVA_PROPERTY)).filter(s -> !s.isBlank());
    }

    /** In client-java's {@code run} command of a contender with a JVM of its own: the flags of its forks. */
    static List<String> flagsOfThisRun() {
        String flags = System.getProperty(FLAGS_PROPERTY, "").strip();
        return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
    }
}
