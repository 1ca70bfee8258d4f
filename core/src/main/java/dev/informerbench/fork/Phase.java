package dev.informerbench.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a JMH fork is: which benchmark and which phase (setup, warm-up or measurement
 * iteration). Forks write it to the file a run names in {@value #FILE_PROPERTY}, so that when
 * the cluster goes away the run can say what it was doing.
 */
public final class Phase {
    public static final String FILE_PROPERTY = "informerbench.phaseFile";

    private Phase() {}

    public static void set(String phase) {
        String file = System.getProperty(FILE_PROPERTY);
        if (file == null || file.isBlank()) {
            return;
        }
        try {
            Files.writeString(Path.of(file), phase);
        } catch (IOException e) {
            // Only a hint for an error message; never worth failing a benchmark over.
        }
    }

    public static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file).strip()).filter(s -> !s.isEmpty());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
