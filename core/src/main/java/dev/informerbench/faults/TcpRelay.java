package dev.informerbench.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A byte relay on 127.0.0.1 in front of a real API server, so a benchmark can break a
 * client's connections the way a load balancer or a network blip does: {@link #resetAll}
 * resets every open connection (TCP RST both ways). TLS passes through untouched — the
 * client still talks to, and verifies, the real server; nothing is answered here.
 */
public final class TcpRelay implements AutoCloseable {
    private volatile ServerSocket listener;
    private final int port;
    private final InetSocketAddress upstream;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong accepted = new AtomicLong();
    private volatile boolean closed;
    /** While set, bytes from clients are dropped: requests on open connections reach nothing. */
    private volatile boolean holding;

    private TcpRelay(ServerSocket listener, InetSocketAddress upstream) {
        this.listener = listener;
        this.port = listener.getLocalPort();
        this.upstream = upstream;
    }

    /** Listens on a free loopback port and relays each connection to {@code host:port}. */
    public static TcpRelay start(String host, int port) {
        try {
            TcpRelay relay = new TcpRelay(listen(0), new InetSocketAddress(host, port));
            relay.startAccepting();
            return relay;
        } catch (IOException e) {
            throw new UncheckedIOException("could not listen on loopback for the relay", e);
        }
    }

    private static ServerSocket listen(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        return socket;
    }

    private void startAccepting() {
        ServerSocket current = listener;
        Thread acceptor = new Thread(() -> acceptLoop(current), "tcp-relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return port;
    }

    /**
     * Takes the server out of rotation, as a load balancer does before it is stopped: new
     * connections are refused, and what clients send on open ones is dropped, so nothing new
     * reaches the server; what the server sends still reaches the clients (the end of a
     * watch, say). Open connections end when the server side closes.
     */
    public synchronized void refuseNew() {
        holding = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closed already
        }
    }

    /** Listens again on the same port (after {@link #refuseNew}). */
    public synchronized void acceptNew() {
        holding = false;
        if (closed || !listener.isClosed()) {
            return;
        }
        try {
            listener = listen(port);
        } catch (IOException e) {
            throw new UncheckedIOException("could not listen on 127.0.0.1:" + port + " again", e);
        }
        startAccepting();
    }

    /** Connections accepted so far: each reconnect of the client is one more. */
    public long connectionsAccepted() {
        return accepted.get();
    }

    /** Resets every open connection; new connections are relayed as before. Returns how many were reset. */
    public int resetAll() {
        int reset = 0;
        for (Socket socket : open) {
            if (open.remove(socket)) {
                abort(socket);
                reset++;
            }
        }
        return reset / 2; // each connection is two sockets
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        resetAll();
    }

    private void acceptLoop(ServerSocket listener) {
        while (!closed && !listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                try {
                    server.connect(upstream, 5_000);
                } catch (IOException e) {
                    abort(client); // the server refused: the client sees its connection fail too
                    continue;
                }
                accepted.incrementAndGet();
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                open.add(client);
                open.add(server);
                pump(client, server, true);
                pump(server, client, false);
            } catch (IOException e) {
                // closed by refuseNew or close: the loop condition ends it; otherwise keep accepting
            }
        }
    }

    private void pump(Socket from, Socket to, boolean fromClient) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (fromClient && holding) {
                        continue;
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException ended) {
                // reset or closed: end both sides below
            } finally {
                open.remove(from);
                open.remove(to);
                abort(from);
                abort(to);
            }
        }, "tcp-relay-pump");
        t.setDaemon(true);
        t.start();
    }

    /** Closes with SO_LINGER 0: the peer gets a RST, as from a dropped connection. */
    private static void abort(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException ignored) {
            // already closed
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
