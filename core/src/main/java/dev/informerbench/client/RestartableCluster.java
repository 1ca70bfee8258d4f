package dev.informerbench.client;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/** A private local control plane a benchmark may restart (the relist after a 410 Gone). */
public interface RestartableCluster extends AutoCloseable {
    Path kubeconfig();

    /** Its API server's address. */
    URI server();

    /** Stops kube-apiserver (SIGTERM), compacts etcd to its current revision, starts it again; returns the outage. */
    Duration restartApiServerCompacted();

    @Override
    void close();
}
