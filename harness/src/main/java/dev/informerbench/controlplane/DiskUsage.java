package dev.informerbench.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What a control plane leaves on disk: the bytes under its run folder (etcd's data, its logs)
 * and the space free on that file system, said as it starts and as it stops, so that a run of
 * 100,000 objects shows it left nothing behind.
 */
final class DiskUsage {
    private DiskUsage() {}

    /** The bytes of the files under {@code dir}; 0 for a folder already gone. */
    static long bytesUnder(Path dir) {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException gone) {
                    return 0; // removed while walking (etcd compacts its WAL)
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "12.3 GiB free on /work" for the file system that holds {@code path}. */
    static String free(Path path) {
        try {
            var store = Files.getFileStore(path);
            return String.format(Locale.ROOT, "%.1f GiB free on %s", store.getUsableSpace() / (double) (1L << 30),
                    store);
        } catch (IOException e) {
            return "free space unknown (" + e.getMessage() + ")";
        }
    }

    static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
}
