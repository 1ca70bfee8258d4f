package dev.informerbench.controlplane;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read the way {@code ss -ltnp} does: the socket
 * inodes among the process's file descriptors, matched with LISTEN rows of
 * /proc/net/tcp and /proc/net/tcp6.
 */
final class ListeningSockets {
    private static final String LISTEN = "0A";

    record Listener(InetAddress address, int port) {
        boolean isLoopback() {
            return address.isLoopbackAddress();
        }

        @Override
        public String toString() {
            return address.getHostAddress() + ":" + port;
        }
    }

    private ListeningSockets() {}

    static List<Listener> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // fds come and go while we look
                }
            }
        }
        List<Listener> listeners = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> rows = Files.readAllLines(Path.of(table));
            for (String line : rows.subList(1, rows.size())) { // the first row is the header
                String[] f = line.trim().split("\\s+");
                if (f[3].equals(LISTEN) && inodes.contains(f[9])) {
                    listeners.add(parse(f[1]));
                }
            }
        }
        return listeners;
    }

    /** "0100007F:1F90" (little-endian words) to 127.0.0.1:8080. */
    static Listener parse(String hexAddressAndPort) throws UnknownHostException {
        String[] parts = hexAddressAndPort.split(":");
        byte[] raw = new BigInteger(parts[0], 16).toByteArray();
        int length = parts[0].length() / 2;
        byte[] bytes = new byte[length];
        // BigInteger drops leading zeros and may add a sign byte: right-align into the field.
        System.arraycopy(raw, Math.max(0, raw.length - length), bytes, Math.max(0, length - raw.length),
                Math.min(length, raw.length));
        // The kernel prints each 32-bit word in host (little-endian) order.
        for (int word = 0; word < length; word += 4) {
            for (int i = 0; i < 2; i++) {
                byte t = bytes[word + i];
                bytes[word + i] = bytes[word + 3 - i];
                bytes[word + 3 - i] = t;
            }
        }
        return new Listener(InetAddress.getByAddress(bytes), Integer.parseInt(parts[1], 16));
    }
}
