package dev.informerbench.clientjava;

import dev.informerbench.audit.TooManyRequests;
import dev.informerbench.client.ObjectKind;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ParallelCreates;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fixtures.Shapes;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodStatus;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import io.kubernetes.client.util.generic.options.ListOptions;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * CacheMemory's objects through client-java: a namespace of the run holding objects of one kind
 * in {@link Shapes}' shapes, each created by {@link Shapes#CREATOR} and, for a Pod, its status then
 * written through the status subresource by {@link Shapes#KUBELET}, so its managedFields name both
 * managers as on a real cluster. Only what is missing is created; 429s are retried.
 */
final class ShapeFixtures {
    private ShapeFixtures() {}

    static Seeded ensure(ApiClient client, String runId, String namespace, ObjectKind kind, int objects,
            Consumer<String> progress) throws ApiException, InterruptedException {
        if (objects < 1) {
            throw new IllegalArgumentException("objects must be at least 1, not " + objects);
        }
        CoreV1Api api = new CoreV1Api(client);
        ConfigMapFixtures.ensureNamespace(api, runId, namespace);
        Set<String> present = present(client, namespace, kind);
        JSON json = client.getJSON();
        return ParallelCreates.<ApiException>createMissing(namespace, objects, present, kind::name, kind.resource(),
                index -> createOne(api, json, runId, namespace, kind, index), progress);
    }

    /** The names already there, read as metadata only, 500 a page. */
    private static Set<String> present(ApiClient client, String namespace, ObjectKind kind)
            throws ApiException, InterruptedException {
        var api = new GenericKubernetesApi<>(PartialObject.class, PartialObject.PartialList.class, "", "v1",
                kind.resource(), client);
        Set<String> present = new HashSet<>();
        String continueToken = null;
        do {
            ListOptions options = new ListOptions();
            options.setLimit(500);
            options.setLabelSelector(FixtureNames.managedBySelector());
            options.setContinue(continueToken);
            var page = TooManyRequests.retrying(() -> api.list(namespace, options).throwsApiException().getObject());
            page.getItems().forEach(o -> present.add(o.getMetadata().getName()));
            continueToken = page.getMetadata().getContinue();
        } while (continueToken != null && !continueToken.isEmpty());
        return present;
    }

    private static void createOne(CoreV1Api api, JSON json, String runId, String namespace, ObjectKind kind,
            int index) throws ApiException, InterruptedException {
        String body = Shapes.json(kind, namespace, index, runId);
        try {
            switch (kind) {
                case CONFIG_MAP -> TooManyRequests.retrying(() -> api.createNamespacedConfigMap(namespace,
                        json.<V1ConfigMap>deserialize(body, V1ConfigMap.class)).fieldManager(Shapes.CREATOR).execute());
                case SECRET -> TooManyRequests.retrying(() -> api.createNamespacedSecret(namespace,
                        json.<V1Secret>deserialize(body, V1Secret.class)).fieldManager(Shapes.CREATOR).execute());
                case POD -> {
                    V1Pod pod = TooManyRequests.retrying(() -> api.createNamespacedPod(namespace,
                            json.<V1Pod>deserialize(body, V1Pod.class)).fieldManager(Shapes.CREATOR).execute());
                    pod.setStatus(json.deserialize(Shapes.podStatus(namespace, index, runId), V1PodStatus.class));
                    TooManyRequests.retrying(() -> api.replaceNamespacedPodStatus(pod.getMetadata().getName(),
                            namespace, pod).fieldManager(Shapes.KUBELET).execute());
                }
            }
        } catch (ApiException e) {
            if (e.getCode() != 409) { // 409: a concurrent fork created it (and writes its status)
                throw e;
            }
        }
    }
}
