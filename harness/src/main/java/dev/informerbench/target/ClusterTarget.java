package dev.informerbench.target;

import dev.informerbench.controlplane.LocalControlPlane;
import io.kubernetes.client.openapi.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one rule for which cluster the suite talks to. Default: the local control plane.
 * {@code --kubeconfig PATH [--context NAME]}: that cluster. {@code --kind}: a dedicated kind
 * cluster named {@value KindCluster#CLUSTER_NAME} ({@link KindCluster}) with its own
 * kubeconfig file under the project's cache. Never {@code $KUBECONFIG} or
 * {@code ~/.kube/config} implicitly: the suite creates and deletes objects, so it only goes
 * where the user pointed it.
 */
public sealed interface ClusterTarget permits ClusterTarget.Local, ClusterTarget.Kubeconfig, ClusterTarget.Attached,
        ClusterTarget.InCluster, KindCluster {

    /** A short name for result metadata: local, kubeconfig, kind. */
    String kind();

    /** Connects (starting or creating the cluster if this target owns it). */
    Connection connect();

    /**
     * Whether the cluster and everything in it end with the process that connected (the local
     * control plane: its shutdown hook stops it and deletes its data). A stopped run then has
     * nothing to delete, and no server left to ask.
     */
    default boolean endsWithTheRun() {
        return false;
    }

    /** A reachable cluster: its kubeconfig and context; closing stops what {@link #connect} started. */
    interface Connection extends AutoCloseable {
        Path kubeconfig();

        /** The context to use, or null for the file's current context. */
        String context();

        default ApiClient newClient() {
            return KubeconfigFile.read(kubeconfig(), context()).client();
        }

        @Override
        void close();
    }

    /** A connection that is a kubeconfig file and a context; closing runs {@code onClose}. */
    record FileConnection(Path kubeconfig, String context, Runnable onClose) implements Connection {
        @Override
        public void close() {
            onClose.run();
        }
    }

    /** The default: a local control plane started for this run and stopped after it. */
    record Local(LocalControlPlane.Options options) implements ClusterTarget {
        @Override
        public String kind() {
            return "local";
        }

        @Override
        public boolean endsWithTheRun() {
            return true;
        }

        @Override
        public Connection connect() {
            LocalControlPlane cp = LocalControlPlane.start(options);
            return new FileConnection(cp.kubeconfig(), null, cp::close);
        }
    }

    /** Any cluster the user names with a kubeconfig file (and optionally a context in it). */
    record Kubeconfig(Path file, String context) implements ClusterTarget {
        public Kubeconfig {
            if (!Files.isReadable(file)) {
                throw new IllegalArgumentException("kubeconfig " + file + " is not a readable file");
            }
        }

        /**
         * Refuses a server that is not on this machine's loopback unless the user allowed it:
         * the suite creates and deletes objects there. Reads the file only; nothing is sent.
         */
        public Kubeconfig requireLoopbackUnless(boolean allowRemote) {
            KubeconfigFile parsed = KubeconfigFile.read(file, context);
            parsed.client(); // a file client-java cannot build a client from is bad input too
            if (!allowRemote && !parsed.serverOnLoopback()) {
                throw new IllegalArgumentException("the server " + parsed.server() + " of kubeconfig " + file
                        + " (context " + parsed.context() + ") is not on this machine's loopback;"
                        + " the suite creates and deletes objects there: add --allow-remote to run against it");
            }
            return this;
        }

        @Override
        public String kind() {
            return "kubeconfig";
        }

        @Override
        public Connection connect() {
            return new FileConnection(file, context, () -> {}); // the cluster is not ours to stop
        }
    }

    /**
     * The cluster a pod runs in ({@code --in-cluster}, asked for explicitly): its service account,
     * written as a kubeconfig file by {@link InClusterConfig} so the forks read it as any other.
     */
    record InCluster(Path kubeconfig) implements ClusterTarget {
        @Override
        public String kind() {
            return "in-cluster";
        }

        @Override
        public Connection connect() {
            return new FileConnection(kubeconfig, null, () -> {}); // the cluster is not ours to stop
        }
    }

    /**
     * A cluster some parent process owns and keeps running — the local control plane of a
     * multi-version run, shared by the runs of each client version; reported as {@code kind}.
     */
    record Attached(Path kubeconfig, String kind) implements ClusterTarget {
        @Override
        public Connection connect() {
            return new Kubeconfig(kubeconfig, null).connect();
        }
    }
}
