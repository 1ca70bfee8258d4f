package dev.informerbench.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback ports for the control plane's listeners. */
final class Ports {
    static final String LOOPBACK = "127.0.0.1";

    private Ports() {}

    /** A port on 127.0.0.1 that was free a moment ago (the kernel's pick). */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on " + LOOPBACK, e);
        }
    }

    /** {@code scheme://127.0.0.1:port}: every URL of the control plane's servers. */
    static String url(String scheme, int port) {
        return scheme + "://" + LOOPBACK + ":" + port;
    }

    /** Whether something already listens on 127.0.0.1:{@code port}. */
    static boolean inUse(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LOOPBACK, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
