package dev.informerbench.sizing;

import dev.informerbench.client.ClientType;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.ResultFileException;
import dev.informerbench.results.RowJvm;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CacheMemory rows of result files: each a {@link MemoryPoint} of its {@link CacheSeries}. A
 * folder is read whole (its run folders too), every JMH JSON in it but the copies a run folder
 * also holds ({@code all-clients.json}, the one-fork files under {@code parts/}); a file named
 * itself must be JMH JSON. Who ran a row is read from its own fields first: the client from its
 * {@code client} param, the JVM from the contender's label when it names one ({@code ... on JDK 25
 * -XX:+UseCompactObjectHeaders}), else from the row's {@code jdkVersion} and {@code jvmArgs}; the
 * version from the sidecar ({@code clientVersion}, the label, {@code clientJavaVersion}), else the
 * file's name.
 */
public final class MemoryData {
    /** The benchmark, as the summary names it. */
    public static final String BENCHMARK = "CacheMemory.sync";
    /** Where {@code size} reads without {@code --from}: the committed CacheMemory runs, under the project. */
    public static final Path DEFAULT_FROM = Path.of("results");
    private static final Set<String> COPIES = Set.of("all-clients.json", "interleave.json");

    private final List<MemoryPoint> points;

    private MemoryData(List<MemoryPoint> points) {
        this.points = List.copyOf(points);
    }

    /** The rows of {@code from}: folders and files; a path that is neither is bad input. */
    public static MemoryData read(List<Path> from) {
        List<MemoryPoint> points = new ArrayList<>();
        for (Path path : from) {
            if (Files.isDirectory(path)) {
                jsonFiles(path).forEach(f -> points.addAll(rowsOrNone(f)));
            } else if (Files.isRegularFile(path)) {
                points.addAll(rows(path));
            } else {
                throw new IllegalArgumentException("--from " + path + ": no such file or folder");
            }
        }
        return new MemoryData(points);
    }

    /** The rows of the files in {@code folder}, none when it is missing: for a check that must not fail on them. */
    public static MemoryData readQuietly(Path folder) {
        List<MemoryPoint> points = new ArrayList<>();
        if (Files.isDirectory(folder)) {
            try {
                for (Path f : jsonFiles(folder)) {
                    try {
                        points.addAll(rows(f));
                    } catch (RuntimeException unreadable) {
                        // not a CacheMemory file this check can read: it bounds nothing
                    }
                }
            } catch (UncheckedIOException e) {
                return new MemoryData(List.of());
            }
        }
        return new MemoryData(points);
    }

    public List<MemoryPoint> points() {
        return points;
    }

    /** The points of each series, in {@link CacheSeries#ORDER}, each series' points by object count. */
    public Map<CacheSeries, List<MemoryPoint>> series() {
        Map<CacheSeries, List<MemoryPoint>> out = new TreeMap<>(CacheSeries.ORDER);
        points.forEach(p -> out.computeIfAbsent(p.series(), s -> new ArrayList<>()).add(p));
        out.values().forEach(list -> list.sort((a, b) -> Long.compare(a.objects(), b.objects())));
        return out;
    }

    private static List<Path> jsonFiles(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).filter(f -> {
                String name = f.getFileName().toString();
                Path relative = folder.relativize(f);
                boolean inParts = false;
                for (Path part : relative) {
                    inParts |= part.toString().equals("parts") || part.toString().startsWith(".");
                }
                return name.endsWith(".json") && !name.endsWith(".meta.json") && !COPIES.contains(name) && !inParts;
            }).filter(MemoryData::mentionsCacheMemory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a file names CacheMemory at all: a byte scan, far cheaper than reading every run's JSON. */
    private static boolean mentionsCacheMemory(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains("CacheMemoryBenchmark");
        } catch (IOException e) {
            return true; // let the reader say what is wrong with it
        }
    }

    /** A file found in a folder: one that is not JMH JSON (a scenario's transcript) holds no rows. */
    private static List<MemoryPoint> rowsOrNone(Path file) {
        try {
            return rows(file);
        } catch (ResultFileException e) {
            return List.of();
        }
    }

    private static List<MemoryPoint> rows(Path file) {
        List<JmhJson.Entry> entries = JmhJson.read(file);
        if (entries.stream().noneMatch(e -> e.shortName().equals(BENCHMARK))) {
            return List.of();
        }
        List<RowJvm> jvms = RowJvm.of(file);
        RunMetadata meta = sidecar(file);
        List<MemoryPoint> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JmhJson.Entry e = entries.get(i);
            Map<String, String> params = new LinkedHashMap<>(e.params());
            double heap = e.secondaryScore("heap.retainedMiB");
            if (!e.shortName().equals(BENCHMARK) || !params.containsKey("objects") || !Double.isFinite(heap)) {
                continue;
            }
            ClientType client = client(params.get("client"), meta);
            RowJvm jvm = i < jvms.size() ? jvms.get(i) : new RowJvm(null, null, List.of());
            SizedKind kind = SizedKind.param(params.getOrDefault("kind", "CONFIG_MAP")).orElse(null);
            SizedRemedy remedy = SizedRemedy.param(params.getOrDefault("remedy", "FULL")).orElse(null);
            long objects;
            try {
                objects = Long.parseLong(params.get("objects").strip());
            } catch (NumberFormatException notACount) {
                continue;
            }
            if (client == null || kind == null || remedy == null) {
                continue;
            }
            CacheSeries series = new CacheSeries(client, version(client, meta, file, jvm), jvm(client, meta, jvm),
                    kind, remedy);
            out.add(new MemoryPoint(series, objects, heap, e.secondaryScore("object.jsonBytes"),
                    String.valueOf(file.getFileName())));
        }
        return out;
    }

    private static RunMetadata sidecar(Path file) {
        Path meta = file.resolveSibling(String.valueOf(file.getFileName()).replaceFirst("\\.json$", ".meta.json"));
        try {
            return Files.isRegularFile(meta) ? ResultFile.readMetadata(meta) : null;
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    private static ClientType client(String param, RunMetadata meta) {
        String id = param != null ? param : meta != null && meta.client != null ? meta.client : "client-java";
        try {
            return ClientType.parse(id);
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }

    private static String version(ClientType client, RunMetadata meta, Path file, RowJvm jvm) {
        if (meta != null && meta.clientVersion != null) {
            return meta.clientVersion;
        }
        String[] label = meta != null && meta.label != null ? meta.label.split(" ") : new String[0];
        if (label.length >= 2 && label[0].equals(client.id())) {
            return label[1];
        }
        if (client == ClientType.CLIENT_JAVA && meta != null && meta.clientJavaVersion != null) {
            return meta.clientJavaVersion;
        }
        Matcher name = Pattern.compile("_" + Pattern.quote(client.id()) + "-([^_]+)_k8s-")
                .matcher(String.valueOf(file.getFileName()));
        if (name.find()) {
            return name.group(1);
        }
        Matcher go = Pattern.compile("k8s\\.io/client-go v(\\S+)").matcher(String.valueOf(jvm.vmVersion()));
        return client == ClientType.CLIENT_GO && go.find() ? go.group(1) : "?";
    }

    private static JvmLabel jvm(ClientType client, RunMetadata meta, RowJvm row) {
        if (client == ClientType.CLIENT_GO) {
            return JvmLabel.go(row.jdkVersion());
        }
        return JvmLabel.ofLabel(meta == null ? null : meta.label).orElseGet(() -> row.jdkVersion() != null
                ? JvmLabel.ofRow(row.jdkVersion(), row.jvmArgs())
                : JvmLabel.ofRow(meta == null ? null : meta.jdk, meta == null ? List.of() : meta.forkJvm));
    }
}
