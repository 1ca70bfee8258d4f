package dev.informerbench.cli;

import dev.informerbench.results.ResultFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Where an unexpected error's stack trace goes: a file in the run's results folder (else the
 * temp directory), so the terminal keeps one line and the trace is still there to report.
 */
final class CrashLog {
    private CrashLog() {}

    /** Writes the trace; says where, or why it could not (then with the trace itself). */
    static String write(Throwable e, Path resultsDir) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        String name = "error-" + ResultFile.stamp(Instant.now()) + ".log";
        for (Path dir : resultsDir != null ? new Path[] {resultsDir, tmp()} : new Path[] {tmp()}) {
            try {
                Files.createDirectories(dir);
                Path file = dir.resolve(name);
                Files.writeString(file, trace.toString());
                return "the stack trace is in " + file;
            } catch (IOException | SecurityException ignored) {
                // the next place
            }
        }
        return "the stack trace could not be written to a file:\n" + trace;
    }

    private static Path tmp() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }
}
