package dev.informerbench.runner;

import dev.informerbench.clientjava.Ownership;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A run's namespaces in the cluster, apart from the run's lifecycle: those of dead runs removed
 * as a run starts, its own marked alive while it runs (so that no other run takes them for
 * stale), and deleted as it ends.
 */
final class RunNamespaces {
    private RunNamespaces() {}

    static void removeThoseOfDeadRuns(ApiClient client, PrintStream log) {
        try {
            Ownership.removeStale(client, log);
        } catch (ApiException e) {
            log.printf("[run-bench] could not look for namespaces of dead runs: %s%n", e.getMessage());
        }
    }

    /** Marks the run's namespaces as alive every 5 minutes, until the returned executor is shut down. */
    static ScheduledExecutorService heartbeat(ApiClient client, String runId, PrintStream log) {
        ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "run-heartbeat");
            t.setDaemon(true);
            return t;
        });
        heartbeat.scheduleAtFixedRate(() -> {
            try {
                Ownership.heartbeat(client, runId);
            } catch (ApiException | RuntimeException e) {
                log.printf("[run-bench] heartbeat failed: %s%n", e.getMessage());
            }
        }, 5, 5, TimeUnit.MINUTES);
        return heartbeat;
    }

    static void delete(ApiClient client, String runId, PrintStream log) {
        Ownership.deleteRunNamespaces(client, runId, log);
    }
}
