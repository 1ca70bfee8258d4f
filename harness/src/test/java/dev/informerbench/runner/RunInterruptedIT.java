package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.local.FileTrees;
import dev.informerbench.local.HoldRunLock;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A run that is stopped (SIGTERM, as a CI job's timeout or {@code kill} sends) keeps every
 * benchmark method it finished and says it was interrupted — not that the API server went away,
 * which is only the echo of its own shutdown. A run started while another holds the machine's
 * run lock is refused in one line naming the holder, before it touches the cluster.
 */
class RunInterruptedIT {
    private static final String FIRST = "dev.informerbench.bench.ListerGetBenchmark.lister_t1";
    private static LocalControlPlane cp;
    private static CoreV1Api api;

    @BeforeAll
    static void startControlPlane() {
        cp = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        api = new CoreV1Api(new ClusterTarget.Kubeconfig(cp.kubeconfig(), null).connect().newClient());
    }

    @AfterAll
    static void stopControlPlane() {
        if (cp != null) {
            cp.close();
        }
    }

    @Test
    void sigtermDuringTheSecondMethodKeepsTheFirstMethodsRows() throws Exception {
        LaunchedRun runs = LaunchedRun.in("it-run-interrupted");
        FileTrees.delete(runs.dir());
        Path log = Files.createDirectories(runs.dir()).resolve("run.log");
        // Two methods of one family, each a fork of 8 one-second iterations.
        Process run = runs.start(cp.kubeconfig(), log, "ListerGetBenchmark.lister_t[12]$", "-p", "objects=100",
                "-wi", "0", "-i", "8", "-r", "1s");
        List<ProcessHandle> started = new ArrayList<>(List.of(run.toHandle()));
        try {
            Await.until(Duration.ofSeconds(120), Duration.ofMillis(200),
                    () -> "the second method measuring; the run's output ends:\n" + FileTrees.tail(log, 30),
                    () -> {
                        assertThat(run.isAlive()).as("the run ended early:%n%s", LaunchedRun.read(log)).isTrue();
                        String output = LaunchedRun.read(log);
                        int second = output.indexOf("ListerGetBenchmark.lister_t2");
                        return second >= 0 && output.indexOf("Iteration   1:", second) >= 0;
                    });
            List<ProcessHandle> forks = run.descendants().toList();
            assertThat(forks).as("the JMH fork of the second method")
                    .anyMatch(p -> p.info().commandLine().orElse("").contains("ForkedMain"));
            started.addAll(forks);

            run.destroy(); // SIGTERM: the shutdown hooks run
            assertThat(run.waitFor(60, TimeUnit.SECONDS)).as(LaunchedRun.read(log)).isTrue();
            assertThat(run.exitValue()).as("ended by signal 15").isEqualTo(128 + 15);

            Path json = runs.resultFiles(".json").stream().filter(f -> !f.toString().endsWith(".meta.json"))
                    .findFirst().orElseThrow();
            assertThat(JmhJson.read(json)).as("the finished first method, nothing of the second")
                    .isNotEmpty().allMatch(e -> e.benchmark().equals(FIRST));
            RunMetadata meta = ResultFile.readMetadata(runs.resultFiles(".meta.json").get(0));
            assertThat(meta.status).isEqualTo(RunMetadata.Status.INTERRUPTED);
            assertThat(meta.error).as("no blame on the API server for a stop the run was told to make").isNull();

            for (ProcessHandle fork : forks) {
                assertThat(fork.onExit().completeOnTimeout(null, 30, TimeUnit.SECONDS).join())
                        .as("the orphaned fork %d exits by itself", fork.pid()).isNotNull();
            }
            assertThat(LaunchedRun.namespaces(api)).as("the run's namespaces are deleted")
                    .allMatch(ns -> ns.getMetadata().getDeletionTimestamp() != null);
        } finally {
            started.forEach(ProcessHandle::destroyForcibly); // only when an assertion failed midway
        }
    }

    @Test
    void aSecondRunIsRefusedNamingTheFirstAndCreatesNothing() throws Exception {
        LaunchedRun runs = LaunchedRun.in("it-run-refused");
        FileTrees.delete(runs.dir());
        Path log = Files.createDirectories(runs.dir()).resolve("run.log");
        Files.createDirectories(runs.tmp());
        Process holder = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), HoldRunLock.class.getName(),
                runs.tmp().resolve("informer-bench-run.lock").toString())).redirectErrorStream(true).start();
        try {
            assertThat(new String(holder.getInputStream().readNBytes(5))).isEqualTo("held\n");
            int namespacesBefore = LaunchedRun.namespaces(api).size();

            Process run = runs.start(cp.kubeconfig(), log, "ListerGetBenchmark.lister_t1");
            assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String output = LaunchedRun.read(log).strip();
            assertThat(run.exitValue()).as(output).isEqualTo(2);
            assertThat(output.lines()).as(output).hasSize(1).first().asString().startsWith(
                    "error: another informer-bench run is in progress on this machine (pid " + holder.pid()
                            + ", started ");
            assertThat(LaunchedRun.namespaces(api)).hasSize(namespacesBefore);
            assertThat(runs.resultFiles(".json")).as("no result file, no sidecar").isEmpty();
        } finally {
            holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
