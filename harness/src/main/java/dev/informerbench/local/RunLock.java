package dev.informerbench.local;

import dev.informerbench.support.ProcessIdentity;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * One benchmark run per machine. Two runs at once share the cores and spoil each other's
 * numbers (and JMH would refuse the second one's benchmarks one by one, late, with its own
 * {@code /tmp/jmh.lock}), so a run takes this lock before it starts a control plane or
 * creates a namespace, and a second run is refused at once with who holds it.
 *
 * <p>The lock is an OS file lock: it goes when its process goes, however that ends, so the
 * lock of a killed run is simply taken over. The file's text names the holder (pid, start,
 * command) for the refusal message; it is advice for people, the OS lock is the guard.
 */
public final class RunLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Another run holds the lock; the message names it. */
    public static final class Held extends RuntimeException {
        public Held(String message) {
            super(message);
        }
    }

    /**
     * The machine's lock file: {@code informerbench.runLock} if set (tests), else
     * {@code informer-bench-run.lock} in the temp directory, next to JMH's own lock.
     */
    public static Path machineFile() {
        String property = System.getProperty("informerbench.runLock");
        return property != null && !property.isBlank() ? Path.of(property)
                : Path.of(System.getProperty("java.io.tmpdir"), "informer-bench-run.lock");
    }

    /** Takes the lock for {@code command} (how the holder is described to a refused run). */
    public static RunLock acquire(Path file, String command) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                channel.close();
                throw new Held("another informer-bench run is in progress on this machine (" + holder(file)
                        + "); two runs at once would spoil each other's numbers: wait for it or stop it");
            }
            ProcessHandle self = ProcessHandle.current();
            String text = "pid " + self.pid() + ", started " + Instant.ofEpochMilli(ProcessIdentity.startMillis(self))
                    + ", " + command + "\n";
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new RunLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new IllegalArgumentException("cannot take the run lock " + file + ": " + e.getMessage()
                    + "; set -Dinformerbench.runLock to a writable file");
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null; // this very process holds it already
        }
    }

    /** What the lock file says of its holder, or that it says nothing yet. */
    private static String holder(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "its holder has not written its name yet" : text;
        } catch (IOException e) {
            return "its holder cannot be read: " + e.getMessage();
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing held
            }
        }
    }

    @Override
    public void close() {
        try {
            channel.truncate(0);
            lock.release();
        } catch (IOException ignored) {
            // the lock goes with the channel below
        }
        closeQuietly(channel);
    }
}
