package dev.informerbench.runner;

import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a {@code --precision} or {@code --budget} run reached, row by row, for {@code compare} to
 * print after its table: read from the run's {@code interleave.json}, which the sidecar of a
 * merged file names.
 */
public final class RunPrecision {
    private RunPrecision() {}

    /** The lines the run printed at its end, when {@code file} is a merged file of such a run; else empty. */
    public static Optional<String> of(Path file) {
        try {
            Path meta = VersionJvms.sidecarOf(file);
            RunMetadata m = Files.isRegularFile(meta) ? ResultFile.readMetadata(meta) : null;
            Path interleave = m == null || m.interleaveFile == null ? null : meta.resolveSibling(m.interleaveFile);
            if (interleave == null || !Files.isRegularFile(interleave)) {
                return Optional.empty();
            }
            Interleave run = Interleave.GSON.fromJson(Files.readString(interleave), Interleave.class);
            return run == null || run.precision == null ? Optional.empty()
                    : Optional.of(PrecisionReport.text(run.precision));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }
}
