package dev.informerbench.sizing;

import dev.informerbench.client.ClientType;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The series of the data a user's options select: a client (at a version), a JVM (a JDK's
 * feature version, its {@code -XX:} options), a remedy; null where an option was not given. What
 * the data lacks is one line naming what it holds instead ({@link IllegalArgumentException}).
 *
 * @param flags the {@code -XX:} options asked, null when none was given: with a JDK asked, the
 *        JDK's defaults (rows without any) for {@code size}; any for {@code --check}
 */
public record Selection(ClientType client, String version, String jdk, List<String> flags, SizedRemedy remedy) {
    public Selection {
        flags = flags == null ? null : flags.stream().distinct().sorted().toList();
    }

    /**
     * The series of {@code data} this selects, each dimension narrowed in turn; {@code single}:
     * one client, version and JVM must be left (a sizing), else every one that matches (a check).
     */
    public List<CacheSeries> apply(MemoryData data, String from, boolean single) {
        List<CacheSeries> all = List.copyOf(data.series().keySet());
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no " + MemoryData.BENCHMARK + " results in " + from
                    + "; accepted: --from with the folder or JMH JSON files of CacheMemory runs");
        }
        List<CacheSeries> s = all;
        if (client != null) {
            s = narrow(s, c -> c.client() == client, "no CacheMemory data for " + client.id() + " in " + from,
                    CacheSeries::contender);
        }
        if (version != null) {
            s = narrow(s, c -> c.version().equals(version), "no CacheMemory data for " + client.id() + " " + version
                    + " in " + from, CacheSeries::contender);
        }
        if (single && distinct(s, CacheSeries::contender).size() > 1) {
            throw new IllegalArgumentException("the data in " + from + " holds " + holds(s, CacheSeries::contender)
                    + "; name one, e.g. --client " + s.get(s.size() - 1).client().id() + "@"
                    + s.get(s.size() - 1).version());
        }
        s = jvm(s, from, single);
        if (remedy != null) {
            s = narrow(s, c -> c.remedy() == remedy, "no CacheMemory data for " + who(s) + " with remedy "
                    + remedy.id() + " in " + from, c -> c.remedy().id());
        }
        return s;
    }

    private List<CacheSeries> jvm(List<CacheSeries> s, String from, boolean single) {
        boolean go = s.stream().allMatch(c -> c.client() == ClientType.CLIENT_GO);
        if (go && (jdk != null || flags != null)) {
            throw new IllegalArgumentException("client-go runs on Go, not a JVM (its data: "
                    + holds(s, c -> c.jvm().toString()) + "); accepted: client-go without --jdk and --jvm-flag");
        }
        if (jdk != null) {
            s = narrow(s, c -> c.jvm().isJdk() && c.jvm().version().equals(jdk), "no CacheMemory data for "
                    + holds(s, CacheSeries::contender) + " on JDK " + jdk + " in " + from, CacheSeries::contenderOnJvm);
        }
        if (flags != null || jdk != null && single) {
            List<String> asked = flags == null ? List.of() : flags;
            s = narrow(s, c -> c.jvm().flags().equals(asked), "no CacheMemory data for "
                    + holds(s, CacheSeries::contender) + " on "
                    + (jdk == null ? "" : "JDK " + jdk + " ") + (asked.isEmpty() ? "without -XX: options"
                    : "with " + String.join(" ", asked)) + " in " + from, CacheSeries::contenderOnJvm);
        }
        if (single && distinct(s, c -> c.jvm().toString()).size() > 1) {
            CacheSeries last = s.get(s.size() - 1);
            throw new IllegalArgumentException("the data in " + from + " holds " + holds(s, CacheSeries::contenderOnJvm)
                    + "; name one, e.g. --jdk " + last.jvm().version() + last.jvm().flags().stream()
                    .map(f -> " --jvm-flag=" + f).collect(Collectors.joining()));
        }
        return s;
    }

    /** The client, version and JVM left, for a message: {@code client-java 27.0.0 on JDK 17}. */
    static String who(List<CacheSeries> s) {
        List<String> contenders = distinct(s, CacheSeries::contender);
        List<String> jvms = distinct(s, c -> c.jvm().toString());
        return contenders.size() == 1 && jvms.size() == 1 ? s.get(0).contenderOnJvm()
                : String.join(", ", contenders);
    }

    private static List<CacheSeries> narrow(List<CacheSeries> s, Predicate<CacheSeries> keep,
            String none, Function<CacheSeries, String> holds) {
        List<CacheSeries> left = s.stream().filter(keep).toList();
        if (left.isEmpty()) {
            throw new IllegalArgumentException(none + "; it holds " + holds(s, holds));
        }
        return left;
    }

    static String holds(Collection<CacheSeries> s, Function<CacheSeries, String> name) {
        return String.join(", ", distinct(s, name));
    }

    static List<String> distinct(Collection<CacheSeries> s, Function<CacheSeries, String> name) {
        return s.stream().map(name).filter(Objects::nonNull).distinct().toList();
    }
}
