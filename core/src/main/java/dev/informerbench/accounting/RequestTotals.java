package dev.informerbench.accounting;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What each JVM of a run sent to the run's API server, in all: at exit a JVM writes its
 * {@link RequestCounter#JVM} counts (less {@link RequestCounter#ELSEWHERE}) to
 * {@code <dir>/<pid>.json} as {@code {"list":n,"watch":n,"get":n,"write":n,"other":n,"tooManyRequests":n}},
 * and the runner sums the folder. The shape is shared with the suite's other clients' forks.
 */
public final class RequestTotals {
    /** The folder, passed to each fork by the runner; unset: nothing is written. */
    public static final String DIR_PROPERTY = "informerbench.requestsDir";
    private static final List<String> FIELDS = List.of("list", "watch", "get", "write", "other", "tooManyRequests");
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\"\\s*:\\s*(\\d+)");
    private static boolean registered;

    private RequestTotals() {}

    /** Once per JVM, when {@value #DIR_PROPERTY} is set: write this JVM's totals as it exits. */
    public static synchronized void writeAtExitIfAsked() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (registered || dir == null || dir.isBlank()) {
            return;
        }
        registered = true;
        Path file = Path.of(dir).resolve(ProcessHandle.current().pid() + ".json");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> write(file,
                RequestCounter.JVM.snapshot().minus(RequestCounter.ELSEWHERE.snapshot())), "request-totals"));
    }

    public static void write(Path file, RequestCounter.Counts c) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, toJson(c));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String toJson(RequestCounter.Counts c) {
        return "{\"list\":" + c.list() + ",\"watch\":" + c.watch() + ",\"get\":" + c.get() + ",\"write\":" + c.write()
                + ",\"other\":" + c.other() + ",\"tooManyRequests\":" + c.tooManyRequests() + "}";
    }

    /**
     * Reads {@link #toJson}'s flat object with a pattern: the fork side of this class loads in jars
     * without a JSON library.
     */
    static RequestCounter.Counts fromJson(String json) {
        Map<String, Long> fields = new HashMap<>();
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            fields.put(m.group(1), Long.parseLong(m.group(2)));
        }
        long[] v = FIELDS.stream().mapToLong(f -> fields.getOrDefault(f, 0L)).toArray();
        return new RequestCounter.Counts(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    /** The sum of every {@code *.json} in {@code dir} (none, or no folder: zero). */
    public static RequestCounter.Counts sum(Path dir) throws IOException {
        RequestCounter.Counts total = new RequestCounter.Counts(0, 0, 0, 0, 0, 0);
        if (!Files.isDirectory(dir)) {
            return total;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                total = total.plus(fromJson(Files.readString(f)));
            }
        }
        return total;
    }
}
