package dev.informerbench.clientjava;

import com.google.gson.JsonParser;
import dev.informerbench.audit.TooManyRequests;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.ParallelCreates;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fixtures.Shapes;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.Pair;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import io.kubernetes.client.util.generic.options.ListOptions;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import okhttp3.Call;
import okhttp3.Response;

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
        return ParallelCreates.<ApiException>createMissing(namespace, objects, present, kind::name, kind.resource(),
                index -> createOne(client, runId, namespace, kind, index), progress);
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

    /**
     * Object {@code index}, sent as the template's JSON itself: client-java's models serialize
     * their empty maps ({@code spec.overhead: {}}, which the server refuses without a RuntimeClass),
     * so a typed create would not send the object the other clients send.
     */
    private static void createOne(ApiClient client, String runId, String namespace, ObjectKind kind, int index)
            throws ApiException, InterruptedException {
        String collection = "/api/v1/namespaces/" + namespace + "/" + kind.resource();
        try {
            TooManyRequests.retrying(() -> send(client, "POST", collection, Shapes.CREATOR, "application/json",
                    Shapes.json(kind, namespace, index, runId)));
        } catch (ApiException e) {
            if (e.getCode() != 409) { // 409: a concurrent fork created it (and writes its status)
                throw e;
            }
            return;
        }
        if (kind.hasStatus()) { // as the kubelet writes it: a strategic merge patch of the status subresource
            TooManyRequests.retrying(() -> send(client, "PATCH", collection + "/" + kind.name(index) + "/status",
                    Shapes.KUBELET, "application/strategic-merge-patch+json",
                    "{\"status\":" + Shapes.podStatus(namespace, index, runId) + "}"));
        }
    }

    private static Void send(ApiClient client, String method, String path, String fieldManager, String contentType,
            String json) throws ApiException {
        Call call = client.buildCall(null, path, method, List.of(new Pair("fieldManager", fieldManager)), List.of(),
                JsonParser.parseString(json), Map.of("Accept", "application/json", "Content-Type", contentType),
                Map.of(), Map.of(), new String[] {"BearerToken"}, null);
        try (Response response = call.execute()) {
            if (response.code() / 100 != 2) {
                String body = response.body() == null ? "" : response.body().string();
                throw new ApiException(response.code(), response.headers().toMultimap(), method + " " + path
                        + " answered " + response.code() + ": " + body);
            }
            return null;
        } catch (IOException e) {
            throw new ApiException(e);
        }
    }
}
