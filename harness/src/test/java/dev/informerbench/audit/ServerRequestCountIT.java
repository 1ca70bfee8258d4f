package dev.informerbench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.clientjava.ConfigMapInformer;
import dev.informerbench.clientjava.SuiteClients;
import dev.informerbench.clientjava.SuiteCluster;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.support.Await;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The suite's request count against kube-apiserver's own ({@code apiserver_request_total}) on the
 * real local control plane: a known sequence of requests, counted by a client-side
 * {@link RequestCounter}, must grow the server's counters by exactly as much, kind by kind.
 */
class ServerRequestCountIT {
    @Test
    void theServerCountsExactlyWhatTheClientSent() throws Exception {
        RequestCounter counter = new RequestCounter();
        ApiClient client = SuiteClients.counted(SuiteCluster.connection().newClient(), counter);
        ApiServerMetrics.Snapshot serverBefore = ApiServerMetrics.scrape(client);
        RequestCounter.Counts clientBefore = counter.snapshot();

        CoreV1Api api = new CoreV1Api(client);
        String ns = FixtureNames.namespace("it-servercount", 20);
        api.createNamespace(new V1Namespace().metadata(new V1ObjectMeta().name(ns))).execute();
        for (int i = 0; i < 20; i++) {
            api.createNamespacedConfigMap(ns, new V1ConfigMap().metadata(new V1ObjectMeta()
                    .name(FixtureNames.name(i))).data(Map.of("k", "v" + i))).execute();
        }
        for (int i = 0; i < 10; i++) {
            api.readNamespacedConfigMap(FixtureNames.name(i), ns).execute();
        }
        api.listNamespacedConfigMap(ns).execute();
        api.listNamespacedConfigMap(ns).execute();

        ApiClient watchClient = SuiteClients.counted(SuiteCluster.connection().newClient(), counter);
        watchClient.setReadTimeout(0);
        RequestCounter.Counts beforeInformer = counter.snapshot();
        long opened = counter.watchesOpened();
        try (ConfigMapInformer informer = ConfigMapInformer.start(watchClient, ns, ConfigMapInformer.Spec.plain(),
                Duration.ofSeconds(30))) {
            counter.awaitWatches(opened, 1, Duration.ofSeconds(5));
            assertThat(informer.indexer().list()).hasSize(20);
            // "Sent" is not "received": closed at once, the informer can cancel its WATCH before the
            // server has read it, and the server never counts it. An object the informer sees only
            // through the WATCH shows the server is serving it.
            api.createNamespacedConfigMap(ns, new V1ConfigMap().metadata(new V1ObjectMeta()
                    .name(FixtureNames.name(20))).data(Map.of("k", "v20"))).execute();
            Await.until(Duration.ofSeconds(10), () -> "the informer to see the object made after it synced",
                    () -> informer.indexer().list().size() == 21);
        }
        SuiteClients.close(watchClient); // the server counts a WATCH when it ends
        api.deleteNamespace(ns).execute();

        RequestCounter.Counts sent = counter.snapshot().minus(clientBefore);
        assertThat(ServerCounts.ofClient(sent)).isEqualTo(new ServerCounts(3, 1, 10, 23));
        ApiServerMetrics.Snapshot[] delta = new ApiServerMetrics.Snapshot[1];
        try {
            Await.until(Duration.ofSeconds(10), Duration.ofMillis(100), () -> "the server's count " + delta[0], () -> {
                delta[0] = scrape(client).minus(serverBefore);
                return delta[0].all().minus(delta[0].self()).equals(ServerCounts.ofClient(sent));
            });
        } catch (Await.TimedOut e) {
            // the assertion below says what differs
        }
        System.out.printf("client %s; server %s, of them kube-apiserver's own %s%n", sent, delta[0].all(),
                delta[0].self());
        assertThat(delta[0].all().minus(delta[0].self())).isEqualTo(ServerCounts.ofClient(sent));
        assertThat(new RequestComparison(sent, delta[0].all(), delta[0].self()).differences()).isEmpty();
    }

    private static ApiServerMetrics.Snapshot scrape(ApiClient client) {
        try {
            return ApiServerMetrics.scrape(client);
        } catch (ApiServerMetrics.Unavailable e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
