package dev.informerbench.runner;

import io.kubernetes.client.openapi.ApiClient;
import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Watches the cluster while a run goes on: {@code /readyz} every two seconds. After three
 * misses in a row the cluster is gone; from then on every JMH fork of this run is ended as
 * soon as it appears, so the run stops within seconds instead of letting each remaining
 * benchmark fail on its own, and the runner can say what was running.
 */
final class ClusterWatchdog implements AutoCloseable {
    private static final int MISSES = 3;
    private static final String FORK_MAIN = "org.openjdk.jmh.runner.ForkedMain";

    private final ScheduledExecutorService timer;
    private final ApiClient client;
    private final PrintStream log;
    private volatile boolean gone;
    private int misses;

    ClusterWatchdog(ApiClient client, PrintStream log) {
        this.client = client;
        this.log = log;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cluster-watchdog");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::check, 2, 2, TimeUnit.SECONDS);
    }

    boolean clusterGone() {
        return gone;
    }

    /** Asks right away (a benchmark just failed): true when the server does not answer twice in a row. */
    boolean checkNow() {
        if (gone) {
            return true;
        }
        if (!ready() && !ready()) {
            gone = true;
            log.printf("[run-bench] the API server at %s does not answer%n", client.getBasePath());
        }
        return gone;
    }

    private boolean ready() {
        try (Response r = client.getHttpClient().newBuilder().callTimeout(2, TimeUnit.SECONDS).build()
                .newCall(new Request.Builder().url(client.getBasePath() + "/readyz").build()).execute()) {
            return r.code() == 200 || r.code() == 429; // a 429 (APF) is an answer: the server is there
        } catch (Exception e) {
            return false;
        }
    }

    private synchronized void check() {
        if (gone) {
            endForks();
            return;
        }
        misses = ready() ? 0 : misses + 1;
        if (misses >= MISSES) {
            gone = true;
            log.printf("%n[run-bench] the API server at %s stopped answering; ending the run%n", client.getBasePath());
            endForks();
        }
    }

    /** Ends the JMH forks of this JVM (only those: a local control plane's processes are children too). */
    private void endForks() {
        ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a).contains(FORK_MAIN))
                        .orElseGet(() -> p.info().commandLine().orElse("").contains(FORK_MAIN)))
                .forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
