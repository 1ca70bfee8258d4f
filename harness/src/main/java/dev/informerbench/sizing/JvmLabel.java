package dev.informerbench.sizing;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What ran a contender's cache, as sizing tells results apart: a JDK's feature version with the
 * {@code -XX:} options its forks had ({@code JDK 25 -XX:+UseCompactObjectHeaders}; the heap of an
 * object depends on both), or Go for client-go ({@code Go 1.26}).
 *
 * @param runtime {@code JDK} or {@code Go}
 * @param version the JDK's feature version ({@code 21}), Go's major.minor ({@code 1.26}); may be {@code ?}
 * @param flags the {@code -XX:} options, sorted; none for Go
 */
public record JvmLabel(String runtime, String version, List<String> flags) {
    /** The JVM part of a contender's label: {@code client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders}. */
    private static final Pattern IN_LABEL = Pattern.compile(" on JDK (\\d+)((?:\\s+-XX:\\S+)*)");
    private static final Pattern JAVA_VERSION = Pattern.compile("(?:1\\.)?(\\d+).*");
    private static final Pattern GO_VERSION = Pattern.compile("go(\\d+\\.\\d+).*");

    public JvmLabel {
        flags = flags.stream().distinct().sorted().toList();
    }

    public static JvmLabel jdk(String feature, List<String> flags) {
        return new JvmLabel("JDK", feature, flags);
    }

    /** client-go's: {@code go1.26.8} (its rows' {@code jdkVersion}) is {@code Go 1.26}. */
    public static JvmLabel go(String goVersion) {
        Matcher m = GO_VERSION.matcher(goVersion == null ? "" : goVersion);
        return new JvmLabel("Go", m.matches() ? m.group(1) : "?", List.of());
    }

    /** The JVM a contender's label names, when it names one. */
    public static Optional<JvmLabel> ofLabel(String label) {
        Matcher m = IN_LABEL.matcher(label == null ? "" : label);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(jdk(m.group(1), List.of(m.group(2).strip().split("\\s+")).stream()
                .filter(f -> !f.isEmpty()).toList()));
    }

    /** A JVM from a JMH row: its {@code jdkVersion} ({@code 17.0.15}, {@code 1.8.0_392}) and its {@code jvmArgs}. */
    public static JvmLabel ofRow(String javaVersion, List<String> jvmArgs) {
        return jdk(feature(javaVersion), xxOptions(jvmArgs));
    }

    /** The feature version of a {@code java.version}: 17 of 17.0.15, 8 of 1.8.0_392, 25 of 25-ea; else {@code ?}. */
    public static String feature(String javaVersion) {
        Matcher m = JAVA_VERSION.matcher(javaVersion == null ? "" : javaVersion.strip());
        return m.matches() ? m.group(1) : "?";
    }

    /** The {@code -XX:} options of a JVM's arguments, in order. */
    public static List<String> xxOptions(List<String> jvmArgs) {
        return jvmArgs.stream().map(String::strip).filter(a -> a.startsWith("-XX:")).toList();
    }

    public boolean isJdk() {
        return runtime.equals("JDK");
    }

    /** {@code JDK 21}, {@code JDK 25 -XX:+UseCompactObjectHeaders}, {@code Go 1.26}. */
    @Override
    public String toString() {
        return runtime + " " + version + (flags.isEmpty() ? "" : " " + String.join(" ", flags));
    }
}
