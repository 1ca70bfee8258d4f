package dev.informerbench.cli;

import dev.informerbench.client.ClientType;
import dev.informerbench.local.ProjectPaths;
import dev.informerbench.sizing.HeldOutCheck;
import dev.informerbench.sizing.MemoryData;
import dev.informerbench.sizing.SizedKind;
import dev.informerbench.sizing.SizedRemedy;
import dev.informerbench.sizing.Selection;
import dev.informerbench.sizing.Sizing;
import dev.informerbench.sizing.SizingReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./run-bench.sh size --client C[@V] --pods N [--secrets N] [--configmaps N]}: the heap a
 * controller's informer caches take, from CacheMemory's results (a line per kind, client, version,
 * JVM and remedy), and the {@code -Xmx} to give them; {@code --check}: each line's held-out check.
 * Exit 0; {@code --check} 1 when a prediction misses by more than 10%; bad input and data that
 * lacks what was asked are one line and exit 2. Only reads.
 */
@Command(name = "size", mixinStandardHelpOptions = true,
        description = {"Size a controller's heap for its informers' caches: per kind the heap a + b·N, a line fitted"
                + " by least squares to CacheMemory's retained heap (heap.retainedMiB) of the client, version, JDK and"
                + " remedy asked, the sum, and the -Xmx to give it (the sum raised by the lines' largest error, times"
                + " 2 for G1: a rule of thumb, docs/sizing.md). With --check: every line fitted on all its sizes but"
                + " the largest, predicting that one (exit 1 when one misses by more than 10%%)."})
final class SizeCommand implements Callable<Integer> {
    @Option(names = "--client", paramLabel = "CLIENT[@VERSION]", description = "client-java, fabric8 or client-go,"
            + " at a version (client-java@27.0.0); without one, the only version the data holds.")
    String client;

    @Option(names = "--pods", paramLabel = "N", description = "Pods the controller caches (0: no informer of them).")
    Long pods;

    @Option(names = "--secrets", paramLabel = "N", description = "Secrets the controller caches.")
    Long secrets;

    @Option(names = "--configmaps", paramLabel = "N", description = "ConfigMaps the controller caches.")
    Long configmaps;

    @Option(names = "--remedy", paramLabel = "REMEDY", description = "full (default: the whole objects),"
            + " no-managed-fields, metadata-only or selector-tenth (a label selector matching a tenth); --check:"
            + " every remedy unless given.")
    String remedy;

    @Option(names = "--jdk", paramLabel = "FEATURE", description = "The JDK's feature version (21); without it,"
            + " the only JVM the data holds for the client. The JDK's defaults unless --jvm-flag is given.")
    String jdk;

    @Option(names = "--jvm-flag", paramLabel = "-XX:OPTION", description = "A -XX: option the forks had"
            + " (--jvm-flag=-XX:+UseCompactObjectHeaders), repeatable: the data's JVMs are told apart by them.")
    List<String> jvmFlags;

    @Option(names = "--from", paramLabel = "DIR|FILE", split = ",", description = "Folders (run folders in them"
            + " too) or JMH JSON files of CacheMemory runs. Default: the project's results/ (its CacheMemory runs).")
    List<Path> from;

    @Option(names = "--check", description = "Check every line the options select against a held-out size:"
            + " fitted on all its sizes but the largest, predicting the largest.")
    boolean check;

    @Override
    public Integer call() {
        Map<SizedKind, Long> counts = counts();
        Selection selection = selection();
        if (check && !counts.isEmpty()) {
            throw new IllegalArgumentException("--check checks the data's lines and sizes nothing; accepted:"
                    + " --check with --client, --jdk, --jvm-flag, --remedy and --from, without counts");
        }
        if (!check && client == null) {
            throw new IllegalArgumentException("size needs --client, e.g. --client client-java@27.0.0");
        }
        if (!check && counts.values().stream().allMatch(n -> n == 0)) {
            throw new IllegalArgumentException("size needs a count above 0: --pods, --secrets or --configmaps");
        }
        List<Path> paths = from != null ? from : List.of(defaultFrom());
        String where = paths.stream().map(Path::toString).collect(Collectors.joining(", "));
        MemoryData data = MemoryData.read(paths);
        if (check) {
            HeldOutCheck result = HeldOutCheck.of(data, selection, where);
            if (result.models().isEmpty()) {
                throw new IllegalArgumentException("no line in " + where + " has 3 sizes or more to check");
            }
            System.out.print(SizingReport.check(result, where));
            return result.passed() ? 0 : 1;
        }
        System.out.print(SizingReport.answer(Sizing.of(data, selection, counts, where), where));
        return 0;
    }

    /** The counts given, each checked. */
    private Map<SizedKind, Long> counts() {
        Map<SizedKind, Long> counts = new EnumMap<>(SizedKind.class);
        Map<SizedKind, Long> given = new EnumMap<>(SizedKind.class);
        if (pods != null) {
            given.put(SizedKind.POD, pods);
        }
        if (secrets != null) {
            given.put(SizedKind.SECRET, secrets);
        }
        if (configmaps != null) {
            given.put(SizedKind.CONFIG_MAP, configmaps);
        }
        given.forEach((kind, n) -> {
            if (n < 0) {
                throw new IllegalArgumentException(kind.option() + " " + n + ": a count of objects is 0 or more");
            }
            counts.put(kind, n);
        });
        return counts;
    }

    /** --client, --jdk, --jvm-flag and --remedy, checked, as the data is narrowed by them. */
    private Selection selection() {
        ClientType type = null;
        String version = null;
        if (client != null) {
            String[] parts = client.strip().split("@", 2);
            try {
                type = ClientType.parse(parts[0]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--client: unknown client '" + parts[0] + "'; accepted:"
                        + " client-java, fabric8 or client-go, optionally at a version (client-java@27.0.0)");
            }
            if (parts.length > 1 && parts[1].isBlank()) {
                throw new IllegalArgumentException("--client " + client + ": no version after @; accepted: e.g."
                        + " --client " + type.id() + "@27.0.0, or " + type.id() + " alone");
            }
            version = parts.length > 1 ? parts[1] : null;
        }
        if (jdk != null && !jdk.matches("\\d{1,3}")) {
            throw new IllegalArgumentException("--jdk '" + jdk + "' is not a JDK feature version like 21");
        }
        List<String> flags = jvmFlags == null ? null : new ArrayList<>(jvmFlags);
        for (String flag : flags == null ? List.<String>of() : flags) {
            if (!flag.matches("-XX:\\S+")) {
                throw new IllegalArgumentException("--jvm-flag '" + flag + "' is not a -XX: option; accepted: e.g."
                        + " --jvm-flag=-XX:+UseCompactObjectHeaders");
            }
        }
        SizedRemedy r = remedy != null ? SizedRemedy.parse(remedy) : check ? null : SizedRemedy.FULL;
        return new Selection(type, version, jdk, flags, r);
    }

    /** The committed CacheMemory runs, when there are any. */
    private static Path defaultFrom() {
        Path dir = ProjectPaths.projectHome().resolve(MemoryData.DEFAULT_FROM);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("no CacheMemory results in " + dir + " (the default --from; none"
                    + " committed yet); accepted: --from with the folder or JMH JSON files of CacheMemory runs");
        }
        return dir;
    }
}
