package dev.informerbench.accounting;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The API server's and etcd's process ids, when the control plane is this machine's own: the
 * local control plane writes them to a file (again after a restart) and the runner names that
 * file to its forks in {@value #PROPERTY}. Without it the processes are not ours to read, and the
 * measures that need them are missing, never guessed.
 */
public record ServerProcesses(Map<String, Long> pids) {
    public static final String PROPERTY = "informerbench.serverProcesses";
    public static final String API_SERVER = "kube-apiserver";
    public static final String ETCD = "etcd";
    /** The file's name: next to the kubeconfig of a control plane this suite started, and only there. */
    public static final String FILE_NAME = "informer-bench-server-processes";

    public ServerProcesses {
        pids = Map.copyOf(pids);
    }

    /** The processes the file of {@value #PROPERTY} names now; empty when not told or not readable. */
    public static Optional<ServerProcesses> fromProperty() {
        String file = System.getProperty(PROPERTY);
        return file == null || file.isBlank() ? Optional.empty() : fromFile(Path.of(file));
    }

    /** The file next to {@code kubeconfig}, where the suite's own control plane writes it. */
    public static Path besideKubeconfig(Path kubeconfig) {
        return kubeconfig.toAbsolutePath().resolveSibling(FILE_NAME);
    }

    /** The processes {@code file} names now; empty when it is not there, not readable or stale. */
    public static Optional<ServerProcesses> fromFile(Path file) {
        if (!Files.isReadable(file)) {
            return Optional.empty();
        }
        try {
            ServerProcesses read = parse(Files.readString(file));
            return read.pids.containsKey(API_SERVER) && read.pids.containsKey(ETCD) && read.stillThem()
                    ? Optional.of(read) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether each pid is still the process it is named for ({@code /proc/<pid>/comm}): a stale
     * file or a reused pid must not have another process of this user read, let alone written to.
     */
    boolean stillThem() {
        for (Map.Entry<String, Long> e : pids.entrySet()) {
            try {
                if (!Files.readString(Path.of("/proc", e.getValue().toString(), "comm")).strip().equals(e.getKey())) {
                    return false;
                }
            } catch (IOException gone) {
                return false;
            }
        }
        return true;
    }

    /** Lines of {@code name pid}. */
    static ServerProcesses parse(String text) {
        Map<String, Long> pids = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String[] fields = line.strip().split("\\s+");
            if (fields.length == 2) {
                pids.put(fields[0], Long.parseLong(fields[1]));
            } else if (!line.isBlank()) {
                throw new IllegalArgumentException("not 'name pid': " + line);
            }
        }
        return new ServerProcesses(pids);
    }

    /** Writes {@code pids} to {@code file} in one move, so that a reader never sees half of it. */
    public static void write(Path file, Map<String, Long> pids) {
        StringBuilder text = new StringBuilder();
        pids.forEach((name, pid) -> text.append(name).append(' ').append(pid).append('\n'));
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What process {@code name} has used so far. */
    public ProcessUsage usage(String name) {
        return ProcessUsage.of(handle(name));
    }

    /**
     * Sets process {@code name}'s peak resident set ({@code VmHWM}) back to what it holds now
     * (Linux: "5" to {@code /proc/<pid>/clear_refs}), so that the next peak read is this window's.
     */
    public void resetPeak(String name) {
        try {
            Files.writeString(Path.of("/proc", Long.toString(handle(name).pid()), "clear_refs"), "5");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reset the peak memory of " + name + ": " + e.getMessage(), e);
        }
    }

    private ProcessHandle handle(String name) {
        Long pid = pids.get(name);
        if (pid == null) {
            throw new IllegalArgumentException("no process " + name + " in " + pids.keySet());
        }
        return ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(
                name + " (pid " + pid + ") is not running"));
    }
}
