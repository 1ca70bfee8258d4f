package dev.informerbench.client;

import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Seeded;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One client library behind the benchmarks: how it seeds the fixture and how it connects.
 * Found through {@link java.util.ServiceLoader}; each jar registers the adapter of its client.
 * Every request a connection sends is counted in {@code RequestCounter.JVM} (and in the
 * connection's own counter, if given), through the client's own HTTP hook.
 */
public interface ClientAdapter {
    ClientType type();

    /** The version of the client library on the class path, e.g. {@code 27.0.0}. */
    String version();

    /**
     * Makes sure {@code namespace} (on the cluster at {@code kubeconfig}, null for this JVM's)
     * exists with the run's labels and holds ConfigMaps {@code cm-00000 ..} up to
     * {@code objects}, creating only what is missing; long seeds report through {@code progress}.
     */
    Seeded ensureFixture(Path kubeconfig, String namespace, int objects, Consumer<String> progress) throws Exception;

    /**
     * Makes sure {@code namespace} exists with the run's labels and holds objects {@code 0 ..
     * objects - 1} of {@code kind} in the shapes of {@code fixtures.Shapes}, created by
     * {@code Shapes.CREATOR} (a Pod's status then written by {@code Shapes.KUBELET}), creating only
     * what is missing.
     */
    default Seeded ensureShapes(Path kubeconfig, String namespace, ObjectKind kind, int objects,
            Consumer<String> progress) throws Exception {
        throw new UnsupportedOperationException(type().id() + "'s adapter seeds no " + kind);
    }

    /** The API server's address for this JVM's cluster (a relay is put in front of it). */
    URI server();

    /** A new client, as {@code options} say. */
    ClientConnection connect(ConnectOptions options) throws Exception;

    /** An empty cache of this client's informer, with the namespace index and {@code custom} indexes. */
    IndexedCache newIndexedCache(Set<Index> custom);

    /**
     * A private local control plane that a benchmark may restart, or an
     * {@link UnsupportedOperationException} when this client's jar cannot start one.
     */
    RestartableCluster startPrivateCluster() throws Exception;
}
