package dev.informerbench.controlplane;

import dev.informerbench.local.FileTrees;
import dev.informerbench.support.ProcessIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folder of one running local control plane: certificates, etcd data, logs, pid
 * files, kubeconfig, and {@code owner.pid}, the JVM that holds it. A run whose owner is
 * gone (killed with SIGKILL, say) is stale: {@link #reapStale} kills the processes its pid
 * files name — only when their command line points into that folder, so a recycled pid
 * is never hit — and removes the folder.
 */
final class RunDirectory {
    private static final Logger log = LoggerFactory.getLogger(RunDirectory.class);
    static final String OWNER = "owner.pid";

    private final Path path;

    private RunDirectory(Path path) {
        this.path = path;
    }

    static RunDirectory create(Path runs) {
        try {
            Files.createDirectories(runs);
            Path dir = Files.createTempDirectory(runs, "cp-");
            ProcessHandle self = ProcessHandle.current();
            // The start time tells a live owner from a later process that got the same pid.
            Files.writeString(dir.resolve(OWNER), self.pid() + " " + ProcessIdentity.startMillis(self));
            return new RunDirectory(dir);
        } catch (IOException e) {
            throw new ControlPlaneException("could not create a run folder under " + runs + ": " + e.getMessage());
        }
    }

    Path path() {
        return path;
    }

    void delete() {
        FileTrees.delete(path);
    }

    /** Reaps every run under {@code runs} whose owner process is gone; returns how many. */
    static int reapStale(Path runs) {
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        int reaped = 0;
        try (Stream<Path> dirs = Files.list(runs)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                if (ownerAlive(dir)) {
                    continue;
                }
                List<ProcessHandle> leftovers = processesOf(dir);
                if (!leftovers.isEmpty()) {
                    log.warn("stopping {} process(es) left by an earlier run in {}", leftovers.size(), dir);
                }
                leftovers.forEach(p -> ManagedProcess.terminate(p, Duration.ofSeconds(5)));
                FileTrees.delete(dir);
                reaped++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return reaped;
    }

    private static boolean ownerAlive(Path dir) {
        Path file = dir.resolve(OWNER);
        // A folder being created right now has no owner file for a moment: leave young ones alone.
        if (!Files.exists(file)) {
            return ageMillis(dir) < 60_000;
        }
        try {
            String[] fields = Files.readString(file).trim().split(" ");
            long pid = Long.parseLong(fields[0]);
            return fields.length < 2 ? ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent()
                    : ProcessIdentity.live(pid, Long.parseLong(fields[1])).isPresent();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Live processes named by the pid files in {@code dir} whose command line mentions {@code dir}. */
    static List<ProcessHandle> processesOf(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".pid"))
                    .filter(f -> !f.getFileName().toString().equals(OWNER))
                    .map(RunDirectory::readPid)
                    .flatMap(Optional::stream)
                    .map(ProcessHandle::of)
                    .flatMap(Optional::stream)
                    .filter(p -> commandLine(p).contains(dir.toString()))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The full command line from /proc (ProcessHandle.Info truncates it on Linux). */
    static String commandLine(ProcessHandle process) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return process.info().commandLine().orElse("");
        }
    }

    private static Optional<Long> readPid(Path file) {
        try {
            return Optional.of(Long.parseLong(Files.readString(file).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static long ageMillis(Path dir) {
        try {
            return System.currentTimeMillis() - Files.getLastModifiedTime(dir).toMillis();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
