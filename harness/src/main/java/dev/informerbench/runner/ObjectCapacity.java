package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.local.ProjectPaths;
import dev.informerbench.sizing.CacheCapacity;
import dev.informerbench.sizing.MemoryData;
import dev.informerbench.sizing.SizedKind;
import dev.informerbench.sizing.SizedRemedy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * A {@code -p objects=} count the target cannot hold, refused before anything starts: for each
 * family the run's patterns select in its profile, the objects of the family's kind (ConfigMaps;
 * CacheMemory's {@code kind}) that one cache of each JVM client holds in the family's fork heap
 * ({@link Family#forkJvm}), and, on the local control plane, that its etcd's quota
 * ({@link LocalControlPlane#ETCD_QUOTA_BACKEND_BYTES}) stores. What an object costs is
 * {@link CacheCapacity}'s (CacheMemory's lines where the committed data has them, else the
 * conservative figures of docs/sizing.md); the smallest bound is the one named.
 */
public final class ObjectCapacity {
    private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");

    private ObjectCapacity() {}

    /** The most objects accepted, and in words which limit that is. */
    record Bound(long objects, String says) {}

    /**
     * Refuses the first {@code -p objects=} value above the bound, in one line naming the limit and
     * the largest count accepted.
     *
     * @param localControlPlane whether the target is the suite's local control plane (its quota known)
     * @param clients {@code --clients} as given; null for client-java alone
     */
    public static void require(JmhArgs args, Profile profile, boolean localControlPlane, String clients) {
        List<String> given = args.param("objects");
        if (given.isEmpty()) {
            return;
        }
        MemoryData data = MemoryData.readQuietly(ProjectPaths.projectHome().resolve(MemoryData.DEFAULT_FROM));
        Optional<Bound> bound = bound(args, profile, localControlPlane, jvmClients(clients), data);
        for (String value : given) {
            if (bound.isPresent() && Long.parseLong(value.strip()) > bound.get().objects()) {
                throw new IllegalArgumentException("-p objects=" + value.strip() + ": " + bound.get().says()
                        + "; largest accepted: " + bound.get().objects());
            }
        }
    }

    /** The tightest bound over the families {@code args} select in {@code profile}; empty when none counts objects. */
    static Optional<Bound> bound(JmhArgs args, Profile profile, boolean localControlPlane, Set<ClientType> clients,
            MemoryData data) {
        Bound tightest = null;
        List<BenchmarkListEntry> entries = JmhArgs.benchmarkEntries();
        for (Family family : profile.families()) {
            if (declared(entries, family, "objects").isEmpty() || args.benchmarksMatching(args.include(family))
                    .isEmpty()) {
                continue;
            }
            long padding = 1024 * values(entries, args, family, "objectKiB").stream().mapToLong(Long::parseLong)
                    .max().orElse(0);
            // the user's -jvmArgsAppend comes after the profile's heap in the fork's command line, and wins
            List<String> users = heapOptions(UnitArgs.userJvmArgsAppend(args));
            List<String> xmx = users.isEmpty() ? heapOptions(family.forkJvm(profile)) : users;
            String forks = users.isEmpty() ? "forks in the " + profile.id() + " profile"
                    : "forks, given -jvmArgsAppend,";
            long heap = heapBytes(xmx);
            for (SizedKind kind : kinds(entries, args, family)) {
                for (SizedRemedy remedy : remedies(entries, args, family)) {
                    for (ClientType client : heap > 0 ? clients : Set.<ClientType>of()) {
                        CacheCapacity.Limit l = CacheCapacity.heap(heap, client, kind, remedy, padding, data);
                        String says = String.format(Locale.ROOT, "%s's %s have a %s heap (%s),"
                                + " which holds at most %,d %s in %s's cache at %s, the live set at most half the heap"
                                + " (docs/sizing.md)", family.name(), forks, size(heap),
                                xmx.get(xmx.size() - 1).strip(), l.objects(), kind.plural(), client.id(),
                                l.perObject());
                        tightest = tighter(tightest, l.objects(), says);
                    }
                }
                if (localControlPlane) {
                    long quota = LocalControlPlane.ETCD_QUOTA_BACKEND_BYTES;
                    CacheCapacity.Limit l = CacheCapacity.storage(quota, kind, padding, data);
                    tightest = tighter(tightest, l.objects(), String.format(Locale.ROOT, "the local control plane's"
                            + " etcd, its quota %s (--quota-backend-bytes), holds at most %,d %s at %s"
                            + " (docs/sizing.md)", size(quota), l.objects(), kind.plural(), l.perObject()));
                }
            }
        }
        return Optional.ofNullable(tightest);
    }

    private static Bound tighter(Bound so, long objects, String says) {
        return so == null || objects < so.objects() ? new Bound(objects, says) : so;
    }

    /** The JVM clients a run measures: client-java alone, or those of {@code --clients} (client-go has no -Xmx). */
    static Set<ClientType> jvmClients(String clients) {
        if (clients == null) {
            return EnumSet.of(ClientType.CLIENT_JAVA);
        }
        Set<ClientType> out = EnumSet.noneOf(ClientType.class);
        for (String item : clients.split(",")) {
            try {
                out.add(ClientType.parse(item.strip().split("@", 2)[0]));
            } catch (IllegalArgumentException unknown) {
                // --clients' own check names it
            }
        }
        out.remove(ClientType.CLIENT_GO);
        return out;
    }

    private static List<String> heapOptions(List<String> jvmOptions) {
        return jvmOptions.stream().filter(o -> XMX.matcher(o.strip()).matches()).toList();
    }

    /** The maximum heap {@code -Xmx} of a JVM's options (the last one wins, as in the JVM); 0 when none. */
    static long heapBytes(List<String> jvmOptions) {
        long bytes = 0;
        for (String option : jvmOptions) {
            Matcher m = XMX.matcher(option.strip());
            if (m.matches()) {
                int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
                    case "k" -> 10;
                    case "m" -> 20;
                    case "g" -> 30;
                    case "t" -> 40;
                    default -> 0;
                };
                bytes = Long.parseLong(m.group(1)) << shift;
            }
        }
        return bytes;
    }

    private static List<SizedKind> kinds(List<BenchmarkListEntry> entries, JmhArgs args, Family family) {
        List<SizedKind> kinds = values(entries, args, family, "kind").stream().map(SizedKind::param)
                .flatMap(Optional::stream).distinct().toList();
        return kinds.isEmpty() ? List.of(SizedKind.CONFIG_MAP) : kinds;
    }

    private static List<SizedRemedy> remedies(List<BenchmarkListEntry> entries, JmhArgs args, Family family) {
        List<SizedRemedy> remedies = values(entries, args, family, "remedy").stream().map(SizedRemedy::param)
                .flatMap(Optional::stream).distinct().toList();
        return remedies.isEmpty() ? List.of(SizedRemedy.FULL) : remedies;
    }

    /**
     * A param's values in this run of the family: the user's, else the profile's, else its benchmarks'
     * own; none when its benchmarks do not declare it (JMH gives them no such param).
     */
    private static List<String> values(List<BenchmarkListEntry> entries, JmhArgs args, Family family, String key) {
        List<String> declared = declared(entries, family, key);
        if (declared.isEmpty()) {
            return declared;
        }
        if (!args.param(key).isEmpty()) {
            return args.param(key);
        }
        if (family.params().containsKey(key)) {
            return List.of(family.params().get(key));
        }
        return declared;
    }

    /** The values the family's benchmarks declare for {@code key} ({@code @Param}); empty when none declares it. */
    private static List<String> declared(List<BenchmarkListEntry> entries, Family family, String key) {
        Pattern include = Pattern.compile(family.include());
        Set<String> values = new LinkedHashSet<>();
        for (BenchmarkListEntry e : entries) {
            String[] declared = e.getParams().orElse(Map.of()).get(key);
            if (include.matcher(e.getUsername()).find() && declared != null) {
                values.addAll(Arrays.asList(declared));
            }
        }
        return new ArrayList<>(values);
    }

    /** 2 GiB, 512 MiB. */
    static String size(long bytes) {
        double gib = bytes / (double) (1L << 30);
        return gib >= 1 ? (gib == Math.rint(gib) ? String.format(Locale.ROOT, "%.0f GiB", gib)
                : String.format(Locale.ROOT, "%.1f GiB", gib)) : String.format(Locale.ROOT, "%d MiB", bytes >> 20);
    }
}
