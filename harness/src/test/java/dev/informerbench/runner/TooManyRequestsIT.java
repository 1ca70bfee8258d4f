package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.results.JmhJson;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.support.Await;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.apis.FlowcontrolApiserverV1Api;
import io.kubernetes.client.openapi.apis.RbacAuthorizationV1Api;
import io.kubernetes.client.openapi.models.FlowcontrolV1Subject;
import io.kubernetes.client.openapi.models.RbacV1Subject;
import io.kubernetes.client.openapi.models.V1ClusterRoleBinding;
import io.kubernetes.client.openapi.models.V1FlowSchema;
import io.kubernetes.client.openapi.models.V1FlowSchemaSpec;
import io.kubernetes.client.openapi.models.V1LimitResponse;
import io.kubernetes.client.openapi.models.V1LimitedPriorityLevelConfiguration;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.openapi.models.V1PolicyRulesWithSubjects;
import io.kubernetes.client.openapi.models.V1PriorityLevelConfiguration;
import io.kubernetes.client.openapi.models.V1PriorityLevelConfigurationReference;
import io.kubernetes.client.openapi.models.V1PriorityLevelConfigurationSpec;
import io.kubernetes.client.openapi.models.V1ResourcePolicyRule;
import io.kubernetes.client.openapi.models.V1RoleRef;
import io.kubernetes.client.openapi.models.V1UserSubject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * API Priority and Fairness rejects GETs of a direct-GET run: the run still completes, the
 * JSON counts the 429s, the summary says so.
 *
 * <p>The admin of the local control plane is in {@code system:masters}, which APF exempts, so
 * the run goes as another user, cluster-admin through RBAC. A FlowSchema sends that user's
 * {@code get configmaps} (only: seeding's creates, LIST and namespace reads pass elsewhere) to a
 * priority level of 1 share that neither lends nor borrows and rejects rather than queues. Its
 * seats: ceil(serverConcurrencyLimit × 1 / sum of all shares) = ceil(600 × 1 / (245 + 1)) = 3,
 * with 600 = --max-requests-inflight 400 + --max-mutating-requests-inflight 200 and 245 the
 * shares of the built-in levels (system 30, node-high 40, leader-election 10, workload-high 40,
 * workload-low 100, global-default 20, catch-all 5). 16 JMH threads each keep a GET in
 * flight, so more than 3 are often in flight at once and the excess is answered 429 at once.
 * borrowingLimitPercent 0 matters: left unset, the level may borrow the seats other levels lend
 * and would grow to fit the load.
 */
class TooManyRequestsIT {
    static final String USER = "informer-bench-apf";
    static final String GROUP = "informer-bench:apf";
    static final String NAME = "informer-bench-apf-test";

    @Test
    void directGetsRejectedByApfAreCountedAndReportedNotFatal() throws Exception {
        Path results = Files.createDirectories(Path.of("target/it-429"));
        try (LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults())) {
            ApiClient admin = new ClusterTarget.Attached(cp.kubeconfig(), "local").connect().newClient();
            Path userKubeconfig = cp.kubeconfigFor(USER, List.of(GROUP));
            ApiClient user = new ClusterTarget.Attached(userKubeconfig, "local").connect().newClient();

            new RbacAuthorizationV1Api(admin).createClusterRoleBinding(new V1ClusterRoleBinding()
                    .metadata(new V1ObjectMeta().name(NAME))
                    .roleRef(new V1RoleRef().apiGroup("rbac.authorization.k8s.io").kind("ClusterRole")
                            .name("cluster-admin"))
                    .subjects(List.of(new RbacV1Subject().apiGroup("rbac.authorization.k8s.io").kind("Group")
                            .name(GROUP))))
                    .execute();
            FlowcontrolApiserverV1Api apf = new FlowcontrolApiserverV1Api(admin);
            apf.createPriorityLevelConfiguration(new V1PriorityLevelConfiguration()
                    .metadata(new V1ObjectMeta().name(NAME))
                    .spec(new V1PriorityLevelConfigurationSpec().type("Limited").limited(
                            new V1LimitedPriorityLevelConfiguration().nominalConcurrencyShares(1).lendablePercent(0)
                                    .borrowingLimitPercent(0).limitResponse(new V1LimitResponse().type("Reject")))))
                    .execute();
            V1FlowSchema flowSchema = apf.createFlowSchema(new V1FlowSchema()
                    .metadata(new V1ObjectMeta().name(NAME))
                    .spec(new V1FlowSchemaSpec().matchingPrecedence(100)
                            .priorityLevelConfiguration(new V1PriorityLevelConfigurationReference().name(NAME))
                            .rules(List.of(new V1PolicyRulesWithSubjects()
                                    .subjects(List.of(new FlowcontrolV1Subject().kind("User")
                                            .user(new V1UserSubject().name(USER))))
                                    .resourceRules(List.of(new V1ResourcePolicyRule().verbs(List.of("get"))
                                            .apiGroups(List.of("")).resources(List.of("configmaps"))
                                            .namespaces(List.of("*"))))))))
                    .execute();
            System.out.printf("seats: ceil(600 × 1 / %d shares)%n", totalShares(apf));
            awaitClassified(user, flowSchema.getMetadata().getUid());

            ByteArrayOutputStream log = new ByteArrayOutputStream();
            SuiteRunner.Outcome outcome = new SuiteRunner(new PrintStream(log, true)).run(new SuiteRunner.Request(
                    Profile.SMOKE, new ClusterTarget.Attached(userKubeconfig, "local"),
                    JmhArgs.parse(List.of("DirectGetBenchmark.unthrottled", "-t", "16")), results, Path.of(".")));
            System.out.println(outcome.summary());

            assertThat(outcome.metadata().status).as(log.toString()).isEqualTo(RunMetadata.Status.COMPLETE);
            assertThat(outcome.metadata().error).isNull();
            JmhJson.Entry entry = JmhJson.read(outcome.file().json()).stream()
                    .filter(e -> e.shortName().equals("DirectGet.unthrottled")).findFirst().orElseThrow();
            assertThat(entry.threads()).isEqualTo(16);
            double rejected = entry.secondaryScore("api.429");
            assertThat(rejected).as("api.429").isPositive();
            assertThat(entry.secondaryScore("api.get")).as("GETs that returned the object").isGreaterThan(rejected);
            assertThat(entry.primary().score()).isPositive();
            assertThat(outcome.summary()).contains(String.format(Locale.ROOT,
                    "DirectGet.unthrottled %s: %,.0f of %,.0f GETs answered 429 (API Priority and Fairness)",
                    entry.paramString(), rejected, entry.secondaryScore("api.get")));
        }
    }

    /** The shares of every Limited priority level, ours included: the divisor of the seats. */
    private static int totalShares(FlowcontrolApiserverV1Api apf) throws ApiException {
        return apf.listPriorityLevelConfiguration().execute().getItems().stream()
                .map(V1PriorityLevelConfiguration::getSpec)
                .filter(spec -> spec.getLimited() != null)
                .mapToInt(spec -> Objects.requireNonNullElse(spec.getLimited().getNominalConcurrencyShares(), 30))
                .sum();
    }

    /**
     * Waits until the API server's APF configuration has taken in the new FlowSchema: its
     * answers name the FlowSchema they were classified by in a response header.
     */
    private static void awaitClassified(ApiClient user, String flowSchemaUid) throws InterruptedException {
        CoreV1Api core = new CoreV1Api(user);
        AtomicReference<String> seen = new AtomicReference<>();
        Await.until(Duration.ofSeconds(30), Duration.ofMillis(200),
                () -> "GETs of " + USER + " to go through FlowSchema " + NAME + " (last: " + seen.get() + ")", () -> {
                    Map<String, List<String>> headers;
                    try {
                        headers = core.readNamespacedConfigMap("absent", "default").executeWithHttpInfo().getHeaders();
                    } catch (ApiException e) {
                        headers = e.getResponseHeaders(); // 404 expected: the header is there all the same
                    }
                    seen.set(headers == null ? null : headers.entrySet().stream()
                            .filter(h -> h.getKey().equalsIgnoreCase("X-Kubernetes-PF-FlowSchema-UID"))
                            .map(h -> h.getValue().get(0)).findFirst().orElse(null));
                    return flowSchemaUid.equals(seen.get());
                });
    }
}
