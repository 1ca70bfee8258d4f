package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.audit.ApiServerMetrics;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * kube-apiserver killed in the middle of a run: the run ends within 60 s, says which
 * benchmark and phase it was in, keeps the results finished before, and leaves no fork.
 */
class ApiServerKilledIT {
    @Test
    void aKilledApiServerEndsTheRunQuicklyAndKeepsWhatWasMeasured() throws Exception {
        Path results = Files.createDirectories(Path.of("target/it-killed"));
        try (LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            // ListerGet first (finishes), then DirectGet.unthrottled, during which the server dies.
            CompletableFuture<SuiteRunner.Outcome> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return new SuiteRunner(new PrintStream(log, true)).run(new SuiteRunner.Request(Profile.SMOKE,
                            new ClusterTarget.Attached(cp.kubeconfig(), "local"),
                            JmhArgs.parse(List.of("ListerGetBenchmark.lister_t1|DirectGetBenchmark.unthrottled",
                                    "-i", "30", "-r", "1s")),
                            results, Path.of(".")));
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            // Wait until the GET benchmark measures, then kill the API server outright.
            Await.until(Duration.ofMinutes(3), Duration.ofMillis(200),
                    () -> "the run to start DirectGet.unthrottled; its log:\n" + log,
                    () -> log.toString().contains("DirectGet.unthrottled: smoke"));
            // Not a fixed time: killed before the DirectGet fork's first iteration, the run would
            // name ListerGet's last phase. GETs reaching the server show the fork is measuring.
            ApiClient observer = new ClusterTarget.Attached(cp.kubeconfig(), "local").connect().newClient();
            long getsBefore = serverGets(observer);
            Await.until(Duration.ofMinutes(2), Duration.ofMillis(100),
                    () -> "DirectGet's GETs to reach the server; the run's log:\n" + log,
                    () -> serverGets(observer) - getsBefore >= 200);
            ProcessHandle apiServer = cp.processes().get(1);
            long killedAt = System.nanoTime();
            apiServer.destroyForcibly();

            SuiteRunner.Outcome outcome = run.get(90, TimeUnit.SECONDS);
            Duration took = Duration.ofNanos(System.nanoTime() - killedAt);
            assertThat(took).as(log.toString()).isLessThan(Duration.ofSeconds(60));
            assertThat(outcome.metadata().status).isEqualTo(RunMetadata.Status.FAILED);
            assertThat(outcome.metadata().error)
                    .startsWith("the API server stopped answering during DirectGetBenchmark.unthrottled")
                    .contains("iteration");
            List<JmhJson.Entry> kept = JmhJson.read(outcome.file().json());
            assertThat(kept).extracting(JmhJson.Entry::shortName).contains("ListerGet.lister_t1");
            assertThat(ProcessHandle.current().descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("ForkedMain"))).isEmpty();
        }
    }

    private static long serverGets(ApiClient client) {
        try {
            return ApiServerMetrics.scrape(client).all().get();
        } catch (ApiServerMetrics.Unavailable e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
