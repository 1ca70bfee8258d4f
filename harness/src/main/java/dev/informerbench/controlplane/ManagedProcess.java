package dev.informerbench.controlplane;

import dev.informerbench.local.FileTrees;
import dev.informerbench.support.Await;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * One server process of the control plane: started with its output in a log file and
 * its pid in a pid file (so a later run can reap it if this JVM dies), waited for until
 * a readiness check passes, and stopped with SIGTERM, then SIGKILL after a grace period.
 */
public final class ManagedProcess {
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** Readiness checks are HTTP requests: a tenth of a second apart is often enough. */
    private static final Duration READY_POLL = Duration.ofMillis(100);
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

    /** A server's command line: its binary, then its flags. */
    static List<String> command(Path binary, List<String> flags) {
        return Stream.concat(Stream.of(binary.toString()), flags.stream()).toList();
    }

    /** Starts {@code command}; output goes to {@code <runDir>/<name>.log}, the pid to {@code <name>.pid}. */
    public static ManagedProcess start(String name, List<String> command, Path runDir) {
        return start(name, command, Map.of(), runDir);
    }

    /** As {@link #start(String, List, Path)}, with {@code environment} added to this process's own. */
    static ManagedProcess start(String name, List<String> command, Map<String, String> environment, Path runDir) {
        Path log = runDir.resolve(name + ".log");
        Path pidFile = runDir.resolve(name + ".pid");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(runDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            Files.writeString(pidFile, Long.toString(process.pid()), StandardCharsets.US_ASCII);
            return new ManagedProcess(name, process, log, pidFile);
        } catch (IOException e) {
            throw new ControlPlaneException("could not start " + name + " (" + command.get(0) + "): " + e.getMessage());
        }
    }

    /**
     * Polls {@code ready} until it holds; when the process exits first or {@code timeout}
     * passes, stops it (a server that did not come up is not left running) and fails with
     * the log tail.
     */
    public void awaitReady(BooleanSupplier ready, Duration timeout) {
        try {
            awaitOrFail(ready, timeout);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    private void awaitOrFail(BooleanSupplier ready, Duration timeout) {
        try {
            Await.until(timeout, READY_POLL, () -> name + " to get ready", () -> {
                if (!process.isAlive()) {
                    throw new ControlPlaneException(name + " exited with code " + process.exitValue()
                            + " while starting" + hint(), logTail(), null);
                }
                return ready.getAsBoolean();
            });
        } catch (Await.TimedOut e) {
            throw new ControlPlaneException(name + " was not ready after " + timeout.toSeconds() + " s" + hint()
                    + "; its log is " + log, logTail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlPlaneException("interrupted while waiting for " + name);
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

    public ProcessHandle pidHandle() {
        return process.toHandle();
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
    String logTail() {
        return FileTrees.tail(log, LOG_TAIL_LINES);
    }
}
