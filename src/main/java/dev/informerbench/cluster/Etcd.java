package dev.informerbench.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The etcd member behind the local API server: one member, a fresh data folder, client
 * and peer listeners on 127.0.0.1 only (etcd's own default peer URL would listen on
 * every interface), and no fsync, since the data is thrown away with the run.
 */
final class Etcd {
    static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final ManagedProcess process;
    private final int clientPort;

    private Etcd(ManagedProcess process, int clientPort) {
        this.process = process;
        this.clientPort = clientPort;
    }

    static Etcd start(Path binary, Path runDir) {
        int clientPort = Ports.free();
        int peerPort = Ports.free();
        String client = "http://" + Ports.LOOPBACK + ":" + clientPort;
        String peer = "http://" + Ports.LOOPBACK + ":" + peerPort;
        List<String> command = List.of(binary.toString(),
                "--name=informer-bench",
                "--data-dir=" + runDir.resolve("etcd-data"),
                "--listen-client-urls=" + client,
                "--advertise-client-urls=" + client,
                "--listen-peer-urls=" + peer,
                "--initial-advertise-peer-urls=" + peer,
                "--initial-cluster=informer-bench=" + peer,
                "--unsafe-no-fsync=true",
                "--log-level=warn");
        ManagedProcess process = ManagedProcess.start("etcd", command, runDir);
        Etcd etcd = new Etcd(process, clientPort);
        try {
            process.awaitReady(() -> Ports.inUse(clientPort), START_TIMEOUT);
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
        return etcd;
    }

    String clientUrl() {
        return "http://" + Ports.LOOPBACK + ":" + clientPort;
    }

    ManagedProcess process() {
        return process;
    }

    void stop() {
        process.stop();
    }
}
