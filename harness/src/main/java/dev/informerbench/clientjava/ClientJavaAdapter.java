package dev.informerbench.clientjava;

import dev.informerbench.client.ClientAdapter;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Index;
import dev.informerbench.client.IndexedCache;
import dev.informerbench.client.RestartableCluster;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fork.ForkSettings;
import dev.informerbench.results.RunMetadata;
import io.kubernetes.client.openapi.ApiClient;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.function.Consumer;

/** client-java's adapter, registered for {@link java.util.ServiceLoader} in this project's jar. */
public final class ClientJavaAdapter implements ClientAdapter {
    @Override
    public ClientType type() {
        return ClientType.CLIENT_JAVA;
    }

    @Override
    public String version() {
        return RunMetadata.clientJavaVersion();
    }

    @Override
    public Seeded ensureFixture(Path kubeconfig, String namespace, int objects, Consumer<String> progress)
            throws Exception {
        ApiClient client = ClientJavaConnection.newClient(kubeconfig);
        try {
            return ConfigMapFixtures.ensure(client, ForkSettings.runId(), namespace, objects, progress);
        } finally {
            SuiteClients.close(client);
        }
    }

    @Override
    public Seeded ensureShapes(Path kubeconfig, String namespace, ObjectKind kind, int objects,
            Consumer<String> progress) throws Exception {
        ApiClient client = ClientJavaConnection.newClient(kubeconfig);
        try {
            return ShapeFixtures.ensure(client, ForkSettings.runId(), namespace, kind, objects, progress);
        } finally {
            SuiteClients.close(client);
        }
    }

    @Override
    public URI server() {
        return URI.create(ClientJavaConnection.newClient(null).getBasePath());
    }

    @Override
    public ClientConnection connect(ConnectOptions options) {
        return ClientJavaConnection.open(options);
    }

    @Override
    public IndexedCache newIndexedCache(Set<Index> custom) {
        return new ClientJavaCache(custom);
    }

    @Override
    public RestartableCluster startPrivateCluster() {
        LocalControlPlane plane = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        return new RestartableCluster() {
            @Override
            public Path kubeconfig() {
                return plane.kubeconfig();
            }

            @Override
            public URI server() {
                return URI.create(plane.serverUrl());
            }

            @Override
            public Duration restartApiServerCompacted() {
                return plane.restartApiServer(true).total();
            }

            @Override
            public void close() {
                plane.close();
            }
        };
    }
}
