package dev.informerbench.results;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A run's files in {@code results/}: {@code <UTC time>_client-java-<v>_k8s-<v>.json}, the
 * JMH JSON array exactly as JMH writes it (the families of a profile run one after another,
 * their arrays joined), {@code .meta.json} beside it, and the latency {@code .hgrm} tables.
 * Both files are rewritten after every family, so a run that fails keeps what it measured.
 */
public final class ResultFile {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();

    private final Path json;
    private final Path meta;
    private final JsonArray entries = new JsonArray();

    private ResultFile(Path json, Path meta) {
        this.json = json;
        this.meta = meta;
    }

    /** {@code start} as the file names of results say it: 20261130T160043Z (UTC, sorts by time). */
    public static String stamp(Instant start) {
        return STAMP.format(start);
    }

    /** Names the files of a client-java run that started at {@code start}. */
    public static String stem(Instant start, String clientVersion, String serverVersion) {
        return stem(start, "client-java", clientVersion, serverVersion);
    }

    /**
     * Names the files of a run of {@code client} (client-java, fabric8, client-go) at
     * {@code clientVersion}: {@code <stamp>_fabric8-8.0.0_k8s-1.36.3}.
     */
    public static String stem(Instant start, String client, String clientVersion, String serverVersion) {
        String server = serverVersion.startsWith("v") ? serverVersion.substring(1) : serverVersion;
        return STAMP.format(start) + "_" + safe(client) + "-" + safe(clientVersion) + "_k8s-" + safe(server);
    }

    /**
     * Checks, before anything is started, that results can be written to {@code dir} (creating
     * it when missing): a run that could not keep its numbers should not begin.
     */
    public static void requireWritableFolder(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".write-check", ".tmp"));
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("results folder " + dir + " cannot be created or written ("
                    + reason(e) + "); accepted: --results with a folder this user can write");
        }
    }

    /** What the OS said, in words rather than an exception's name. */
    private static String reason(Exception e) {
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getFile() + ": " + fs.getReason();
        }
        String what = e instanceof NoSuchFileException ? "no such file or directory"
                : e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileAlreadyExistsException ? "a file of that name is in the way"
                : String.valueOf(e.getMessage());
        return e instanceof FileSystemException fs ? fs.getFile() + ": " + what : what;
    }

    public static ResultFile create(Path dir, String stem) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ResultFile(dir.resolve(stem + ".json"), dir.resolve(stem + ".meta.json"));
    }

    public Path json() {
        return json;
    }

    public Path meta() {
        return meta;
    }

    public int size() {
        return entries.size();
    }

    /** Adds the entries of one family's JMH JSON and rewrites the result file. */
    public synchronized void append(Path familyJson) throws IOException {
        JmhJson.concat(entries, familyJson);
        writeAtomically(json, GSON.toJson(entries));
    }

    public synchronized void writeMetadata(RunMetadata metadata) {
        try {
            writeAtomically(meta, GSON.toJson(metadata));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Marks the sidecars in {@code dir} of runs that were killed outright — still {@code running},
     * while their process is gone — as {@code killed}: no shutdown hook ran to say so. Their
     * result files keep what they measured. Returns the sidecars marked.
     */
    public static List<Path> markKilled(Path dir, Predicate<String> ownerIsDead) throws IOException {
        List<Path> marked = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return marked;
        }
        try (var files = Files.list(dir)) {
            for (Path meta : files.filter(f -> f.getFileName().toString().endsWith(".meta.json")).sorted().toList()) {
                RunMetadata m;
                try {
                    m = readMetadata(meta);
                } catch (IOException | RuntimeException unreadable) {
                    continue; // not ours to judge
                }
                if (m == null || m.status != RunMetadata.Status.RUNNING || m.owner == null
                        || !ownerIsDead.test(m.owner)) {
                    continue;
                }
                m.status = RunMetadata.Status.KILLED;
                if (m.error == null) {
                    m.error = "the run was killed without a chance to finish (SIGKILL, OOM killer or a crash); "
                            + "its result file keeps the families finished before";
                }
                writeAtomically(meta, GSON.toJson(m));
                marked.add(meta);
            }
        }
        return marked;
    }

    public static RunMetadata readMetadata(Path meta) throws IOException {
        return GSON.fromJson(Files.readString(meta), RunMetadata.class);
    }

    private static void writeAtomically(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, content + "\n");
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9.+-]", "-");
    }

    /** For the sidecar: an instant as ISO-8601 UTC. */
    public static String iso(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
