package dev.informerbench.fabric8;

import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.ParallelCreates;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fixtures.Shapes;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * CacheMemory's objects through fabric8: a namespace of the run holding objects of one kind in
 * {@link Shapes}' shapes, read with fabric8's own serialization into its Pod, Secret or
 * ConfigMap, each created by {@link Shapes#CREATOR} and, for a Pod, its status then written
 * through the status subresource by {@link Shapes#KUBELET}, so its managedFields name both
 * managers as on a real cluster, and as client-java's seeding leaves them (the namespace is
 * shared: whichever client seeds it first, every client caches the same objects).
 *
 * <p>fabric8 (7.5 to 8.0) sends a field manager on a PATCH only: {@code fieldManager(...)} on the
 * DSL and {@code PatchContext.Builder.withFieldManager} reach {@code
 * OperationSupport.getResourceURLForPatchOperation}, and its create (POST) and update (PUT) carry
 * none, so the server would name the manager after the user agent ({@code
 * fabric8-kubernetes-client}). So the create is the same POST as client-java's, {@code
 * ?fieldManager=} and all, through {@code client.raw} (the object serialized by fabric8); the
 * status is a strategic-merge PATCH of the status subresource with the kubelet's field manager,
 * as the kubelet itself writes it (an Update operation, as client-java's PUT of the status).
 * Only what is missing is created; 409 means a concurrent fork created it (and writes its
 * status); a 429 is retried by fabric8 itself, as in {@link Fabric8Fixtures}.
 */
final class Fabric8Shapes {
    private Fabric8Shapes() {}

    static Seeded ensure(KubernetesClient client, String runId, String namespace, ObjectKind kind, int objects,
            Consumer<String> progress) throws InterruptedException {
        if (objects < 1) {
            throw new IllegalArgumentException("objects must be at least 1, not " + objects);
        }
        Fabric8Fixtures.ensureNamespace(client, runId, namespace);
        return ParallelCreates.<RuntimeException>createMissing(namespace, objects, present(client, namespace, kind),
                kind::name, kind.resource(), index -> createOne(client, runId, namespace, kind, index), progress);
    }

    /** fabric8's model class of {@code kind}. */
    static Class<? extends HasMetadata> type(ObjectKind kind) {
        return switch (kind) {
            case POD -> Pod.class;
            case SECRET -> Secret.class;
            case CONFIG_MAP -> ConfigMap.class;
        };
    }

    /** The names of the suite's objects of {@code kind} in {@code namespace}, listed by label, 500 a page. */
    private static Set<String> present(KubernetesClient client, String namespace, ObjectKind kind) {
        Set<String> present = new HashSet<>();
        String continueToken = null;
        do {
            KubernetesResourceList<? extends HasMetadata> page = client.resources(type(kind)).inNamespace(namespace)
                    .withLabel(FixtureNames.MANAGED_BY_LABEL, FixtureNames.MANAGED_BY)
                    .list(new ListOptionsBuilder().withLimit(Fabric8Fixtures.PAGE).withContinue(continueToken).build());
            page.getItems().forEach(o -> present.add(o.getMetadata().getName()));
            continueToken = page.getMetadata().getContinue();
        } while (continueToken != null && !continueToken.isEmpty());
        return present;
    }

    private static void createOne(KubernetesClient client, String runId, String namespace, ObjectKind kind,
            int index) {
        HasMetadata object = client.getKubernetesSerialization().unmarshal(Shapes.json(kind, namespace, index, runId),
                type(kind));
        try {
            client.raw("/api/v1/namespaces/" + namespace + "/" + kind.resource() + "?fieldManager=" + Shapes.CREATOR,
                    "POST", object);
        } catch (KubernetesClientException e) {
            if (e.getCode() == Fabric8Fixtures.CONFLICT) { // a concurrent fork created it (and writes its status)
                return;
            }
            throw e;
        }
        if (kind.hasStatus()) {
            client.pods().inNamespace(namespace).withName(kind.name(index)).subresource("status").patch(
                    new PatchContext.Builder().withPatchType(PatchType.STRATEGIC_MERGE)
                            .withFieldManager(Shapes.KUBELET).build(),
                    "{\"status\":" + Shapes.podStatus(namespace, index, runId) + "}");
        }
    }
}
