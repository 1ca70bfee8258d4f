package dev.informerbench.clientjava;

import dev.informerbench.accounting.RequestTotals;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;

/**
 * The cluster of this JVM (a JMH fork, a test, the scenario), chosen by the same rule as
 * the command line: the system property {@value #KUBECONFIG} (and {@value #CONTEXT}) that
 * {@code ./run-bench.sh} passes to forks; without it a local control plane is started for
 * this JVM and stopped when it exits. Never $KUBECONFIG or ~/.kube/config.
 */
public final class SuiteCluster {
    public static final String KUBECONFIG = ForkSettings.KUBECONFIG;
    public static final String CONTEXT = ForkSettings.CONTEXT;
    public static final String RUN_ID = ForkSettings.RUN_ID;

    private static ClusterTarget.Connection connection;

    static {
        // A fork of a run says at exit what it sent, for the run's check against the server's count.
        RequestTotals.writeAtExitIfAsked();
    }

    private SuiteCluster() {}

    public static synchronized ClusterTarget.Connection connection() {
        if (connection == null) {
            ClusterTarget target = ForkSettings.kubeconfig()
                    .<ClusterTarget>map(kubeconfig -> new ClusterTarget.Kubeconfig(kubeconfig, ForkSettings.context()))
                    .orElseGet(() -> new ClusterTarget.Local(LocalControlPlane.Options.defaults()));
            connection = target.connect();
        }
        return connection;
    }

    /** A new client for this JVM's cluster, with its requests counted. */
    public static ApiClient newClient() {
        return SuiteClients.counted(connection().newClient());
    }

    /** A client for informers: watches stay open, so no read timeout. */
    public static ApiClient newWatchClient() {
        ApiClient client = newClient();
        client.setReadTimeout(0);
        return client;
    }

    /** The run this JVM belongs to; names its namespaces. */
    public static String runId() {
        return ForkSettings.runId();
    }
}
