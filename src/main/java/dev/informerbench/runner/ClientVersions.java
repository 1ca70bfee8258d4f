package dev.informerbench.runner;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client-java versions of a multi-version run, checked before anything is built:
 * releases like {@code 27.0.0}, 20.0.0 or later (the request-builder API the suite is
 * written against), each once.
 */
public final class ClientVersions {
    public static final int OLDEST_MAJOR = 20;
    private static final Pattern RELEASE = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

    private ClientVersions() {}

    public static List<String> parse(String list) {
        Set<String> versions = new LinkedHashSet<>();
        for (String raw : list.split(",")) {
            String v = raw.strip();
            Matcher m = RELEASE.matcher(v);
            if (!m.matches()) {
                throw new IllegalArgumentException("client version '" + v + "' is not a release like 27.0.0; "
                        + "give a comma-separated list, e.g. --client-versions 26.0.0,27.0.0");
            }
            if (Integer.parseInt(m.group(1)) < OLDEST_MAJOR) {
                throw new IllegalArgumentException("client version " + v + " is older than " + OLDEST_MAJOR
                        + ".0.0, whose request-builder API the suite is written against; accepted: "
                        + OLDEST_MAJOR + ".0.0 and later");
            }
            if (!versions.add(v)) {
                throw new IllegalArgumentException("client version " + v + " is listed twice");
            }
        }
        if (versions.size() < 2) {
            throw new IllegalArgumentException("--client-versions needs at least two versions to compare, got "
                    + versions.size());
        }
        return new ArrayList<>(versions);
    }
}
