package dev.informerbench.clientjava;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.audit.ApiServerMetrics;
import dev.informerbench.audit.TooManyRequests;
import dev.informerbench.client.CachedInformer;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.InformerSpec;
import dev.informerbench.client.MetricsHidden;
import dev.informerbench.client.ShapeInformer;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.Call;
import okhttp3.Response;
import okhttp3.internal.tls.OkHostnameVerifier;

/** One client-java {@link ApiClient}, its requests counted; closing it ends its OkHttp threads and connections. */
final class ClientJavaConnection implements ClientConnection {
    private final ApiClient client;
    private final CoreV1Api api;

    private ClientJavaConnection(ApiClient client) {
        this.client = client;
        this.api = new CoreV1Api(client);
    }

    /**
     * A client of {@code kubeconfig}'s cluster (null: this JVM's), counted in {@code RequestCounter.JVM};
     * another cluster's (a benchmark's private control plane) also in {@code RequestCounter.ELSEWHERE},
     * kept out of what the run holds against its server's count.
     */
    static ApiClient newClient(Path kubeconfig) {
        return kubeconfig == null ? SuiteCluster.newClient()
                : SuiteClients.counted(SuiteClients.counted(new ClusterTarget.Kubeconfig(kubeconfig, null).connect()
                        .newClient()), RequestCounter.ELSEWHERE);
    }

    static ClientJavaConnection open(ConnectOptions options) {
        ApiClient client = newClient(options.kubeconfig());
        if (options.watch()) {
            client.setReadTimeout(0); // watches stay open
        }
        if (options.relayPort() > 0) {
            throughRelay(client, options.relayPort());
        }
        if (options.counter() != null) {
            SuiteClients.counted(client, options.counter());
        }
        return new ClientJavaConnection(client);
    }

    /** Points the client at a relay on loopback; TLS still verifies the real server's name. */
    private static void throughRelay(ApiClient client, int relayPort) {
        URI server = URI.create(client.getBasePath());
        client.setBasePath(server.getScheme() + "://127.0.0.1:" + relayPort + server.getRawPath());
        String host = server.getHost();
        client.setHttpClient(client.getHttpClient().newBuilder()
                .hostnameVerifier((ignored, session) -> OkHostnameVerifier.INSTANCE.verify(host, session))
                .build());
    }

    @Override
    public String metricsText() throws MetricsHidden, ApiServerMetrics.Unavailable {
        try {
            return ApiServerMetrics.text(client);
        } catch (ApiServerMetrics.Unavailable e) {
            if (e.getMessage().contains("(403)") || e.getMessage().contains("(404)")) {
                throw new MetricsHidden(e.getMessage());
            }
            throw e;
        }
    }

    @Override
    public Object get(String namespace, String name) throws ApiException {
        try {
            return api.readNamespacedConfigMap(name, namespace).execute();
        } catch (ApiException e) {
            if (TooManyRequests.is429(e)) {
                return null;
            }
            throw e;
        }
    }

    @Override
    public void open(String namespace) throws ApiException {
        api.readNamespace(namespace).execute();
    }

    @Override
    public String update(String namespace, String name, String key, String value) throws ApiException {
        for (int attempt = 0; ; attempt++) {
            V1ConfigMap current = api.readNamespacedConfigMap(name, namespace).execute();
            Map<String, String> data = new HashMap<>(current.getData() == null ? Map.of() : current.getData());
            data.put(key, value);
            current.setData(data);
            try {
                return api.replaceNamespacedConfigMap(name, namespace, current).execute()
                        .getMetadata().getResourceVersion();
            } catch (ApiException e) {
                if (e.getCode() != 409 || attempt >= 3) { // 409: changed meanwhile, read it again
                    throw e;
                }
            }
        }
    }

    @Override
    public void create(String namespace, String name, Map<String, String> labels, Map<String, String> data)
            throws ApiException {
        api.createNamespacedConfigMap(namespace, configMap(namespace, name, labels, data)).execute();
    }

    @Override
    public void replace(String namespace, String name, Map<String, String> labels, Map<String, String> data)
            throws ApiException {
        api.replaceNamespacedConfigMap(name, namespace, configMap(namespace, name, labels, data)).execute();
    }

    private static V1ConfigMap configMap(String namespace, String name, Map<String, String> labels,
            Map<String, String> data) {
        return new V1ConfigMap().metadata(new V1ObjectMeta().name(name).namespace(namespace).labels(labels)).data(data);
    }

    @Override
    public void deleteCollection(String namespace, String labelSelector) throws ApiException {
        api.deleteCollectionNamespacedConfigMap(namespace).labelSelector(labelSelector).execute();
    }

    @Override
    public CachedInformer startInformer(String namespace, InformerSpec spec, Duration timeout)
            throws InterruptedException {
        return switch (spec.sync()) {
            case LIST_WATCH -> new ClientJavaInformer(ConfigMapInformer.start(client, namespace,
                    new ConfigMapInformer.Spec(spec.resync(), ClientJavaIndexes.custom(spec.indexes()),
                            spec.handlers().stream()
                                    .<ResourceEventHandler<V1ConfigMap>>map(ClientJavaHandler::new).toList()),
                    timeout));
            case WATCH_LIST -> {
                if (!spec.plain()) {
                    throw new IllegalArgumentException("client-java's raw WatchList has no index, resync or handler: "
                            + spec);
                }
                yield RawWatchList.start(client, namespace, timeout);
            }
        };
    }

    @Override
    public ShapeInformer startShapeInformer(String namespace, ObjectKind kind, Remedy remedy, Duration timeout)
            throws InterruptedException {
        return ShapeInformers.start(client, namespace, kind, remedy, timeout);
    }

    @Override
    public String rawGet(String path) throws ApiException, IOException {
        Call call = client.buildCall(null, path, "GET", List.of(), List.of(), null,
                Map.of("Accept", "application/json"), Map.of(), Map.of(), new String[] {"BearerToken"}, null);
        try (Response response = call.execute()) {
            if (response.code() != 200 || response.body() == null) {
                throw new ApiException(response.code(), "GET " + path + " answered " + response.code());
            }
            return response.body().string();
        }
    }

    @Override
    public void close() throws InterruptedException {
        SuiteClients.close(client);
    }
}
