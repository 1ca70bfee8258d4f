package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.cli.Main;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.clientjava.Ownership;
import dev.informerbench.local.FileTrees;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1Namespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A run killed with SIGKILL in the middle of a benchmark runs no shutdown hook, so its
 * fixture namespace stays behind; the next run must remove it. Both runs are separate JVMs
 * started from target/benchmarks.jar the way ./run-bench.sh starts them, so the first can
 * really be SIGKILLed.
 */
class RunKilledIT {
    /** A measured iteration's result line: the benchmark is past its setup and measuring. */
    private static final Pattern MEASURING = Pattern.compile("(?m)^Iteration\\s+\\d+:\\s+\\d");

    private final LaunchedRun runs = LaunchedRun.in("it-run-killed");
    private final Path dir = runs.dir();

    @Test
    void theNextRunRemovesTheNamespaceOfARunKilledMidBenchmark() throws Exception {
        Files.createDirectories(dir);
        // Sidecars of earlier runs of this test would blur what this one's next run marked.
        FileTrees.delete(dir.resolve("results"));
        assertThat(runs.jar()).as("built by mvn package, before failsafe").isRegularFile();
        Path killedLog = dir.resolve("killed-run.log");
        Path nextLog = dir.resolve("next-run.log");
        List<ProcessHandle> started = new ArrayList<>();

        try (LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
            ApiClient client = new ClusterTarget.Kubeconfig(cp.kubeconfig(), null).connect().newClient();
            CoreV1Api api = new CoreV1Api(client);
            assertThat(LaunchedRun.namespaces(api)).as("a fresh control plane has none of the suite's namespaces")
                    .isEmpty();

            // 30 one-second iterations: long enough to be killed while measuring.
            Process killed = runs.start(cp.kubeconfig(), killedLog, "ListerGetBenchmark.lister_t1", "-i", "30",
                    "-r", "1s");
            started.add(killed.toHandle());
            awaitMeasuring(killed, killedLog);
            List<V1Namespace> before = LaunchedRun.namespaces(api);
            assertThat(before).as("the killed run's fixture namespace").hasSize(1);
            String leftover = before.get(0).getMetadata().getName();
            assertThat(before.get(0).getMetadata().getAnnotations().get(Ownership.OWNER))
                    .as("owned by the run's own JVM, not its fork").contains(":" + killed.pid() + ":");

            // The JMH fork is a child of the run: take it now, it is reparented once the run dies.
            List<ProcessHandle> forks = killed.descendants().toList();
            assertThat(forks).as("the JMH fork of the run")
                    .anyMatch(p -> p.info().commandLine().orElse("").contains("ForkedMain"));
            started.addAll(forks);
            killed.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
            assertThat(killed.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(killed.exitValue()).as("killed by signal 9").isEqualTo(128 + 9);

            V1Namespace left = api.readNamespace(leftover).execute();
            assertThat(left.getMetadata().getDeletionTimestamp()).as("left behind, not being deleted").isNull();

            // What the orphaned fork does on its own, for the record; then it goes too, so no JVM
            // of the killed run writes to the cluster while the next run looks at it.
            long killedAt = System.nanoTime();
            for (ProcessHandle fork : forks) {
                boolean exited = fork.onExit().completeOnTimeout(null, 10, TimeUnit.SECONDS).join() != null;
                System.out.printf("[RunKilledIT] fork %d %s%n", fork.pid(), exited
                        ? String.format("exited by itself %.1f s after its run was killed",
                                (System.nanoTime() - killedAt) / 1e9)
                        : "still running 10 s after its run was killed; killing it");
                fork.destroyForcibly();
                fork.onExit().get(10, TimeUnit.SECONDS);
            }

            Process next = runs.start(cp.kubeconfig(), nextLog, "ListerGetBenchmark.mapBuiltKey_t1", "-wi", "0",
                    "-i", "1", "-r", "1s");
            started.add(next.toHandle());
            boolean finished = next.waitFor(90, TimeUnit.SECONDS);
            String nextOutput = Files.readString(nextLog);
            assertThat(finished).as(nextOutput).isTrue();
            assertThat(next.exitValue()).as(nextOutput).isZero();
            assertThat(nextOutput).contains("removed namespace " + leftover + " left by a run that died");
            // And the killed run's sidecar, still "running" when it died, now says what happened.
            assertThat(nextOutput).contains("that run was killed; marked its status 'killed'");
            try (var sidecars = Files.list(dir.resolve("results"))) {
                assertThat(sidecars.filter(f -> f.toString().endsWith(".meta.json")).map(f -> {
                    try {
                        return ResultFile.readMetadata(f).status;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                })).containsExactlyInAnyOrder(RunMetadata.Status.KILLED, RunMetadata.Status.COMPLETE);
            }
            // Without kube-controller-manager no namespace controller finalizes a deletion, so a
            // deleted namespace stays Terminating: a deletionTimestamp is what "removed" means here.
            assertThat(deletionRequested(api, leftover)).as("the leftover %s is deleted", leftover).isTrue();
            assertThat(LaunchedRun.namespaces(api)).as("nothing of the suite is left that is not being deleted")
                    .allMatch(ns -> ns.getMetadata().getDeletionTimestamp() != null);

            List<ProcessHandle> controlPlane = cp.processes();
            cp.close();
            assertThat(controlPlane).as("etcd and kube-apiserver").noneMatch(ProcessHandle::isAlive);
        } finally {
            started.forEach(ProcessHandle::destroyForcibly); // only when an assertion failed midway
        }
        assertThat(started).as("the runs and the fork").noneMatch(ProcessHandle::isAlive);
        assertThat(ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").matches(".*(ForkedMain|informerbench).*"))).isEmpty();
    }


    private static void awaitMeasuring(Process run, Path log) throws InterruptedException {
        Await.until(Duration.ofSeconds(90), Duration.ofMillis(200),
                () -> "a measured iteration; the run's output ends:\n" + FileTrees.tail(log, 40), () -> {
                    String output = LaunchedRun.read(log);
                    if (MEASURING.matcher(output).find()) {
                        return true;
                    }
                    assertThat(run.isAlive()).as("the run ended before measuring:%n%s", output).isTrue();
                    return false;
                });
    }



    private static boolean deletionRequested(CoreV1Api api, String name) throws ApiException {
        try {
            return Optional.ofNullable(api.readNamespace(name).execute().getMetadata().getDeletionTimestamp())
                    .isPresent();
        } catch (ApiException e) {
            if (e.getCode() == 404) {
                return true; // gone altogether
            }
            throw e;
        }
    }
}
