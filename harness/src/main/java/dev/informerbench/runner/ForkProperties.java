package dev.informerbench.runner;

import dev.informerbench.accounting.RequestTotals;
import dev.informerbench.accounting.ServerProcesses;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.fork.LatencyRecorder;
import dev.informerbench.fork.Phase;
import dev.informerbench.clientjava.SuiteCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a fork is told, whichever client it runs: where the cluster is, which run it belongs
 * to and who owns that run, where its latency histograms, its current phase and its request
 * totals (at exit, for the check against the server's count) go. {@code context},
 * {@code latencyDir}, {@code phaseFile} and {@code requestsDir} may be null (not told).
 */
record ForkProperties(Path kubeconfig, String context, String runId, String owner, Path latencyDir, Path phaseFile,
        Path requestsDir) {

    /** As system properties of a JVM: {@code -Dinformerbench.kubeconfig=...}, ... */
    List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        args.add("-D" + SuiteCluster.KUBECONFIG + "=" + kubeconfig.toAbsolutePath());
        if (context != null) {
            args.add("-D" + SuiteCluster.CONTEXT + "=" + context);
        }
        args.add("-D" + SuiteCluster.RUN_ID + "=" + runId);
        args.add("-D" + Ownership.OWNER_PROPERTY + "=" + owner);
        if (latencyDir != null) {
            args.add("-D" + LatencyRecorder.DIR_PROPERTY + "=" + latencyDir.toAbsolutePath());
        }
        if (phaseFile != null) {
            args.add("-D" + Phase.FILE_PROPERTY + "=" + phaseFile.toAbsolutePath());
        }
        if (requestsDir != null) {
            args.add("-D" + RequestTotals.DIR_PROPERTY + "=" + requestsDir.toAbsolutePath());
        }
        // Only a control plane this suite started writes the file: its processes are ours to read.
        Path processes = LocalControlPlane.processesFile(kubeconfig.toAbsolutePath());
        if (Files.isRegularFile(processes)) {
            args.add("-D" + ServerProcesses.PROPERTY + "=" + processes);
        }
        return args;
    }

    /**
     * What client-go's program takes of them (its contract: the cluster, the run, its request totals
     * and the server's processes).
     */
    List<String> forProgram() {
        return new ForkProperties(kubeconfig, context, runId, owner, null, null, requestsDir).jvmArgs();
    }
}
