package dev.informerbench.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One server process of the control plane: started with its output in a log file and
 * its pid in a pid file (so a later run can reap it if this JVM dies), waited for until
 * a readiness check passes, and stopped with SIGTERM, then SIGKILL after a grace period.
 */
public final class ManagedProcess {
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final int LOG_TAIL_LINES = 15;

    private final String name;
    private final Process process;
    private final Path log;
    private final Path pidFile;

    private ManagedProcess(String name, Process process, Path log, Path pidFile) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.pidFile = pidFile;
    }

    /** Starts {@code command}; output goes to {@code <runDir>/<name>.log}, the pid to {@code <name>.pid}. */
    public static ManagedProcess start(String name, List<String> command, Path runDir) {
        Path log = runDir.resolve(name + ".log");
        Path pidFile = runDir.resolve(name + ".pid");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(runDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        try {
            Process process = builder.start();
            Files.writeString(pidFile, Long.toString(process.pid()), StandardCharsets.US_ASCII);
            return new ManagedProcess(name, process, log, pidFile);
        } catch (IOException e) {
            throw new ControlPlaneException("could not start " + name + " (" + command.get(0) + "): " + e.getMessage());
        }
    }

    /**
     * Polls {@code ready} until it holds; fails with the log tail when the process exits
     * first or {@code timeout} passes.
     */
    public void awaitReady(BooleanSupplier ready, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new ControlPlaneException(name + " exited with code " + process.exitValue()
                        + " while starting" + hint(), logTail(), null);
            }
            if (ready.getAsBoolean()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new ControlPlaneException(name + " was not ready after " + timeout.toSeconds() + " s" + hint()
                        + "; its log is " + log, logTail(), null);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ControlPlaneException("interrupted while waiting for " + name);
            }
        }
    }

    /** A cause recognised in the log, said in a few words. */
    private String hint() {
        String tail = logTail();
        if (tail.contains("address already in use")) {
            return ": a port it was given is taken (address already in use)";
        }
        return "";
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    public ProcessHandle pidHandle() {
        return process.toHandle();
    }

    public String name() {
        return name;
    }

    public Path log() {
        return log;
    }

    /** SIGTERM, wait, then SIGKILL; children of the process go the same way. Idempotent. */
    public void stop() {
        terminate(process.toHandle(), STOP_GRACE);
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void terminate(ProcessHandle handle, Duration grace) {
        List<ProcessHandle> family = new ArrayList<>(handle.descendants().toList());
        family.add(0, handle);
        family.forEach(ProcessHandle::destroy);
        for (ProcessHandle member : family) {
            try {
                member.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception timedOutOrInterrupted) {
                member.destroyForcibly();
            }
        }
        for (ProcessHandle member : family) {
            try {
                member.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                // Still there after SIGKILL: only a process in uninterruptible sleep does that; nothing more to do.
            }
        }
    }

    /** The last lines of the log, for error messages. */
    public String logTail() {
        try {
            if (!Files.exists(log)) {
                return "";
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(could not read " + log + ": " + e.getMessage() + ")";
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File("/dev/null");
    }
}
