package dev.informerbench.cli;

import dev.informerbench.controlplane.ControlPlaneBinaries;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.local.ProjectPaths;
import dev.informerbench.target.ClusterTarget;
import dev.informerbench.target.InClusterConfig;
import dev.informerbench.target.KindCluster;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The cluster options every command that talks to a cluster shares: one rule for the suite. */
final class TargetOptions {
    @Option(names = "--kubeconfig", paramLabel = "PATH",
            description = "Run against the cluster of this kubeconfig file (never picked implicitly).")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME",
            description = "The context in --kubeconfig (default: its current one).")
    String context;

    @Option(names = "--allow-remote",
            description = "Allow a --kubeconfig whose server is not on this machine's loopback (the suite creates and "
                    + "deletes objects there, in namespaces of its own).")
    boolean allowRemote;

    @Option(names = "--kind",
            description = "Run against the kind cluster '" + KindCluster.CLUSTER_NAME + "' (created when missing).")
    boolean kind;

    @Option(names = "--in-cluster",
            description = "Run against the cluster this pod runs in, by its service account (inside a pod only: "
                    + "KUBERNETES_SERVICE_HOST set; the Job of `job-manifest` passes it).")
    boolean inCluster;

    @Option(names = "--kube-version", paramLabel = "X.Y.Z",
            description = "Kubernetes release of the local control plane (default: ${DEFAULT-VALUE}).",
            defaultValue = ControlPlaneBinaries.DEFAULT_KUBE_VERSION)
    String kubeVersion;

    /** Set by a multi-version run for its children: the parent's control plane. */
    @Option(names = "--attach", hidden = true, paramLabel = "KUBECONFIG")
    Path attach;

    @Option(names = "--attach-kind", hidden = true, defaultValue = "local")
    String attachKind;

    /** Whether this is a child of a multi-version run, on its parent's cluster (and under its run lock). */
    boolean attached() {
        return attach != null;
    }

    /** Whether the target is the suite's local control plane (no cluster named), as {@link #target} will make it. */
    boolean local() {
        return attach != null ? attachKind.equals("local") : !kind && !inCluster && kubeconfig == null;
    }

    ClusterTarget target() {
        if (attach != null) {
            return new ClusterTarget.Attached(attach, attachKind);
        }
        // Checked here, not by a picocli @ArgGroup(exclusive = true): its errors read "Error: --kubeconfig=PATH,
        // --kind are mutually exclusive" and, for an option given twice, "expected only one match but got ...".
        if (kind && kubeconfig != null) {
            throw new IllegalArgumentException("--kind and --kubeconfig name two clusters; give one of them");
        }
        if (context != null && kubeconfig == null) {
            throw new IllegalArgumentException("--context needs --kubeconfig: the suite never reads ~/.kube/config");
        }
        if (inCluster && (kind || kubeconfig != null)) {
            throw new IllegalArgumentException("--in-cluster and " + (kind ? "--kind" : "--kubeconfig")
                    + " name two clusters; give one of them");
        }
        if (inCluster) {
            return InClusterConfig.target(System.getenv(), InClusterConfig.SERVICE_ACCOUNT,
                    Path.of(System.getProperty("java.io.tmpdir")));
        }
        if (kind) {
            return new KindCluster();
        }
        if (kubeconfig != null) {
            return new ClusterTarget.Kubeconfig(kubeconfig, context).requireLoopbackUnless(allowRemote);
        }
        if (!kubeVersion.matches("v?\\d+\\.\\d+\\.\\d+")) {
            throw new IllegalArgumentException("--kube-version '" + kubeVersion + "' is not a release like "
                    + ControlPlaneBinaries.DEFAULT_KUBE_VERSION);
        }
        ControlPlaneBinaries.requireObtainable(kubeVersion);
        return new ClusterTarget.Local(new LocalControlPlane.Options(kubeVersion, 0, ProjectPaths.runs()));
    }
}
