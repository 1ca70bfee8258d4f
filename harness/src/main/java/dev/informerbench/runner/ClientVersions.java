package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client-java versions of a multi-version run, checked before anything is built:
 * releases like {@code 27.0.0}, 20.0.0 or later (the request-builder API the suite is
 * written against), or a build of one in the local Maven repository, {@code 27.0.1-SNAPSHOT}
 * ({@link LocalBuilds}). A version may be listed more than once: {@code 27.0.0,27.0.0} is an A/A
 * run, the same client measured twice in one command to see how far apart two measurements
 * of one thing land; {@link #labels} keeps the repeats apart.
 */
public final class ClientVersions {
    public static final int OLDEST_MAJOR = 20;
    /** A release, 27.0.0, or a local build of one, 27.0.1-SNAPSHOT (fabric8's main is 7.6-SNAPSHOT). */
    private static final Pattern RELEASE = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+)|(?=-SNAPSHOT))(-SNAPSHOT)?");

    private ClientVersions() {}

    public static List<String> parse(String list) {
        List<String> versions = new ArrayList<>();
        for (String raw : list.split(",")) {
            String v = raw.strip();
            String problem = problem(v, "client version", OLDEST_MAJOR,
                    "whose request-builder API the suite is written against");
            if (problem != null) {
                throw new IllegalArgumentException(RELEASE.matcher(v).matches() ? problem
                        : problem + "; give a comma-separated list, e.g. --client-versions 26.0.0,27.0.0");
            }
            versions.add(v);
        }
        if (versions.size() < 2) {
            throw new IllegalArgumentException("--client-versions needs at least two versions to compare, got "
                    + versions.size());
        }
        return List.copyOf(versions);
    }

    /** Each local build listed (a -SNAPSHOT) is in the local Maven repository; else one line saying so. */
    public static void requireInstalled(List<String> versions) {
        versions.forEach(v -> ClientBuilds.requireInstalled("--client-versions",
                new ClientSpec(ClientType.CLIENT_JAVA, v)));
    }

    /**
     * What is wrong with {@code v} as a release of a client ({@code what}: how messages name its
     * versions) whose oldest supported major is {@code oldestMajor} ({@code why}); null when nothing.
     */
    static String problem(String v, String what, int oldestMajor, String why) {
        return problem(v, what, oldestMajor, 0, why);
    }

    /** As above, with the oldest accepted release {@code oldestMajor.oldestMinor.0}. */
    static String problem(String v, String what, int oldestMajor, int oldestMinor, String why) {
        Matcher m = RELEASE.matcher(v);
        if (!m.matches()) {
            return what + " '" + v + "' is not a release like 27.0.0 or a local build like 27.0.1-SNAPSHOT";
        }
        int major = Integer.parseInt(m.group(1));
        if (major < oldestMajor || major == oldestMajor && Integer.parseInt(m.group(2)) < oldestMinor) {
            String oldest = oldestMajor + "." + oldestMinor + ".0";
            return what + " " + v + " is older than " + oldest + ", " + why + "; accepted: " + oldest + " and later";
        }
        return null;
    }

    /**
     * One label per listed version, distinct: {@code client-java 27.0.0}, and for the second and
     * later listing of the same version {@code client-java 27.0.0 #2}, {@code #3}, ...
     */
    public static List<String> labels(List<String> versions) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < versions.size(); i++) {
            int occurrence = occurrence(versions, i);
            labels.add("client-java " + versions.get(i) + (occurrence > 1 ? " #" + occurrence : ""));
        }
        return labels;
    }

    /** 1 for the first listing of {@code versions.get(i)}, 2 for its second, ... */
    public static int occurrence(List<String> versions, int i) {
        int n = 0;
        for (int j = 0; j <= i; j++) {
            if (versions.get(j).equals(versions.get(i))) {
                n++;
            }
        }
        return n;
    }

    /** Each version once, in the order first listed: what has to be built. */
    public static List<String> distinct(List<String> versions) {
        return List.copyOf(new LinkedHashSet<>(versions));
    }
}
