package dev.informerbench.clientjava;

import dev.informerbench.client.ShapeInformer;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.support.Await;
import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.informer.ListerWatcher;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ConfigMapList;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1SecretList;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.Watchable;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import io.kubernetes.client.util.generic.options.ListOptions;
import java.time.Duration;
import java.util.List;

/**
 * client-java's informer on one kind, with each remedy as a client-java user would apply it:
 * managedFields dropped by {@code SharedInformer.setTransform} (before the object is stored),
 * metadata only through {@link PartialObject}, a tenth through a label selector on the LIST and
 * WATCH. Every remedy goes through the same {@link ListerWatcher}, so only the remedy differs.
 */
final class ShapeInformers {
    private ShapeInformers() {}

    static ShapeInformer start(ApiClient client, String namespace, ObjectKind kind, Remedy remedy,
            Duration timeout) throws InterruptedException {
        return remedy == Remedy.METADATA_ONLY
                ? start(client, namespace, kind, remedy, timeout, PartialObject.class, PartialObject.PartialList.class)
                : switch (kind) {
                    case POD -> start(client, namespace, kind, remedy, timeout, V1Pod.class, V1PodList.class);
                    case SECRET -> start(client, namespace, kind, remedy, timeout, V1Secret.class, V1SecretList.class);
                    case CONFIG_MAP ->
                            start(client, namespace, kind, remedy, timeout, V1ConfigMap.class, V1ConfigMapList.class);
                };
    }

    private static <T extends KubernetesObject, L extends KubernetesListObject> ShapeInformer start(ApiClient client,
            String namespace, ObjectKind kind, Remedy remedy, Duration timeout, Class<T> type, Class<L> listType)
            throws InterruptedException {
        GenericKubernetesApi<T, L> api = new GenericKubernetesApi<>(type, listType, "", "v1", kind.resource(), client);
        SharedInformerFactory factory = new SharedInformerFactory(client);
        SharedIndexInformer<T> informer = factory.sharedIndexInformerFor(
                listerWatcher(api, namespace, remedy == Remedy.SELECTOR_TENTH ? Remedy.TENTH_SELECTOR : null), type, 0);
        if (remedy == Remedy.NO_MANAGED_FIELDS) {
            informer.setTransform(object -> {
                ((KubernetesObject) object).getMetadata().setManagedFields(null);
                return object;
            });
        }
        factory.startAllRegisteredInformers();
        try {
            Await.until(timeout, () -> "the " + kind.resource() + " informer on " + namespace + " to sync",
                    informer::hasSynced);
        } catch (Await.TimedOut | InterruptedException e) {
            factory.stopAllRegisteredInformers(true);
            throw e;
        }
        return new ShapeInformer() {
            @Override
            public int size() {
                return informer.getIndexer().listKeys().size();
            }

            @Override
            public Object get(String name) {
                return informer.getIndexer().getByKey(namespace + "/" + name);
            }

            @Override
            public Held held(String name) {
                Object cached = get(name);
                if (cached == null) {
                    throw new IllegalStateException(namespace + "/" + name + " is not in the cache");
                }
                List<?> fields = ((KubernetesObject) cached).getMetadata().getManagedFields();
                boolean spec = cached instanceof V1Pod pod ? pod.getSpec() != null
                        : cached instanceof V1Secret secret ? secret.getData() != null && !secret.getData().isEmpty()
                        : cached instanceof V1ConfigMap cm && cm.getData() != null && !cm.getData().isEmpty();
                return new Held(fields == null ? 0 : fields.size(), spec);
            }

            @Override
            public void close() {
                factory.stopAllRegisteredInformers(true);
            }
        };
    }

    /** LIST and WATCH of {@code namespace}, as the factory's own lister-watcher, with {@code labelSelector}. */
    private static <T extends KubernetesObject, L extends KubernetesListObject> ListerWatcher<T, L> listerWatcher(
            GenericKubernetesApi<T, L> api, String namespace, String labelSelector) {
        return new ListerWatcher<>() {
            @Override
            public L list(CallGeneratorParams params) throws ApiException {
                return api.list(namespace, options(params)).throwsApiException().getObject();
            }

            @Override
            public Watchable<T> watch(CallGeneratorParams params) throws ApiException {
                return api.watch(namespace, options(params));
            }

            private ListOptions options(CallGeneratorParams params) {
                ListOptions options = new ListOptions();
                options.setResourceVersion(params.resourceVersion);
                options.setTimeoutSeconds(params.timeoutSeconds);
                options.setLabelSelector(labelSelector);
                return options;
            }
        };
    }
}
