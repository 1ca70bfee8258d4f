package dev.informerbench.fabric8;

import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ParallelCreates;
import dev.informerbench.fixtures.Seeded;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The objects the benchmarks read, written through fabric8: the same namespace and ConfigMaps
 * as every client seeds ({@link FixtureNames}), so forks of any client find what another seeded
 * and create only what is missing, 16 at a time. A 429 (API Priority and Fairness) is retried by
 * fabric8 itself (the seeding client keeps its retries, which honor Retry-After); 409 means a
 * concurrent fork created the object.
 */
final class Fabric8Fixtures {
    static final int TOO_MANY_REQUESTS = 429;
    static final int CONFLICT = 409;
    static final long PAGE = 500;

    private Fabric8Fixtures() {}

    static Seeded ensure(KubernetesClient client, String runId, String namespace, int objects,
            Consumer<String> progress) throws InterruptedException {
        if (objects < 1) {
            throw new IllegalArgumentException("objects must be at least 1, not " + objects);
        }
        ensureNamespace(client, runId, namespace);
        return ParallelCreates.<RuntimeException>createMissing(namespace, objects, present(client, namespace),
                index -> createOne(client, runId, namespace, index), progress);
    }

    /** Creates {@code namespace} with the run's labels unless it is there. */
    static void ensureNamespace(KubernetesClient client, String runId, String namespace) {
        if (client.namespaces().withName(namespace).get() != null) {
            return; // there already: nothing to write
        }
        try {
            client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace)
                    .withLabels(FixtureNames.runLabels(runId)).withAnnotations(FixtureNames.namespaceAnnotations())
                    .endMetadata().build()).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != CONFLICT) { // another fork or an earlier benchmark made it
                throw e;
            }
        }
    }

    /** The names of the suite's ConfigMaps in {@code namespace}, listed by label in pages of {@link #PAGE}. */
    static Set<String> present(KubernetesClient client, String namespace) {
        Set<String> present = new HashSet<>();
        String continueToken = null;
        do {
            ConfigMapList page = client.configMaps().inNamespace(namespace)
                    .withLabel(FixtureNames.MANAGED_BY_LABEL, FixtureNames.MANAGED_BY)
                    .list(new ListOptionsBuilder().withLimit(PAGE).withContinue(continueToken).build());
            page.getItems().forEach(cm -> present.add(cm.getMetadata().getName()));
            continueToken = page.getMetadata().getContinue();
        } while (continueToken != null && !continueToken.isEmpty());
        return present;
    }

    /** ConfigMap {@code index} of the fixture, as every client writes it. */
    static ConfigMap configMap(String runId, String namespace, int index) {
        return new ConfigMapBuilder().withNewMetadata().withName(FixtureNames.name(index)).withNamespace(namespace)
                .withLabels(Map.of(FixtureNames.APP_LABEL, FixtureNames.app(index),
                        FixtureNames.MANAGED_BY_LABEL, FixtureNames.MANAGED_BY, FixtureNames.RUN_LABEL, runId))
                .endMetadata()
                .withData(Map.of("index", Integer.toString(index), "payload", FixtureNames.PAYLOAD))
                .build();
    }

    private static void createOne(KubernetesClient client, String runId, String namespace, int index) {
        try {
            client.configMaps().inNamespace(namespace).resource(configMap(runId, namespace, index)).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != CONFLICT) { // a concurrent fork created it
                throw e;
            }
        }
    }
}
