package dev.informerbench.runner;

import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.target.ClusterTarget;
import java.nio.file.Path;

/**
 * What the steps of one suite run share: the request, the cluster connection, the sidecar
 * being filled in, the result file being appended to, where the forks leave their latency
 * histograms and their current phase, the watchdog that notices a cluster gone, and the
 * audit of the run's requests against the server's count (where forks leave their totals).
 */
record RunContext(SuiteRunner.Request request, ClusterTarget.Connection connection, RunMetadata meta, ResultFile file,
        Path latencyDir, Path phaseFile, ClusterWatchdog watchdog, RequestAudit requests) {}
