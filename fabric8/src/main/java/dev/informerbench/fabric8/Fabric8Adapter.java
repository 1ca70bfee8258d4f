package dev.informerbench.fabric8;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.client.ChildControlPlane;
import dev.informerbench.client.ClientAdapter;
import dev.informerbench.client.ClientType;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.Index;
import dev.informerbench.client.IndexedCache;
import dev.informerbench.client.RestartableCluster;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fork.ForkSettings;
import io.fabric8.kubernetes.client.Version;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/** The fabric8 Kubernetes client (its default HTTP client, Vert.x) behind the benchmarks. */
public final class Fabric8Adapter implements ClientAdapter {
    static {
        // First, before any fabric8 class is loaded: no client of this JVM configures itself from ~/.kube/config.
        Fabric8Config.disableAutoConfig();
    }

    @Override
    public ClientType type() {
        return ClientType.FABRIC8;
    }

    @Override
    public String version() {
        return Version.clientVersion();
    }

    @Override
    public Seeded ensureFixture(Path kubeconfig, String namespace, int objects, Consumer<String> progress)
            throws Exception {
        // fabric8's own retries stay on here: seeding must get done under API Priority and Fairness too.
        ConnectOptions options = ConnectOptions.forWatches().on(Fabric8Config.kubeconfig(kubeconfig));
        try (Fabric8Connection connection = connect(options)) {
            return Fabric8Fixtures.ensure(connection.client(), ForkSettings.runId(), namespace, objects, progress);
        }
    }

    /** CacheMemory's objects: see {@link Fabric8Shapes}. */
    @Override
    public Seeded ensureShapes(Path kubeconfig, String namespace, ObjectKind kind, int objects,
            Consumer<String> progress) throws Exception {
        // As ensureFixture: fabric8's own retries stay on (a 429 is retried, honoring Retry-After).
        ConnectOptions options = ConnectOptions.forWatches().on(Fabric8Config.kubeconfig(kubeconfig));
        try (Fabric8Connection connection = connect(options)) {
            return Fabric8Shapes.ensure(connection.client(), ForkSettings.runId(), namespace, kind, objects, progress);
        }
    }

    @Override
    public URI server() {
        return URI.create(Fabric8Config.load(null).getMasterUrl());
    }

    @Override
    public Fabric8Connection connect(ConnectOptions options) {
        List<RequestCounter> counters = new ArrayList<>(List.of(RequestCounter.JVM));
        if (options.counter() != null && options.counter() != RequestCounter.JVM) {
            counters.add(options.counter());
        }
        // Another cluster's requests (a private control plane's) are kept out of what the run's server is held to.
        if (options.kubeconfig() != null
                && !ForkSettings.kubeconfig().map(options.kubeconfig()::equals).orElse(false)) {
            counters.add(RequestCounter.ELSEWHERE);
        }
        return new Fabric8Connection(Fabric8Config.forConnection(options), new CountingInterceptor(counters));
    }

    @Override
    public IndexedCache newIndexedCache(Set<Index> custom) {
        return new Fabric8Cache(custom);
    }

    /** fabric8's jar holds no control plane: the harness's jar runs one in a child process. */
    @Override
    public RestartableCluster startPrivateCluster() throws IOException {
        return ChildControlPlane.start();
    }
}
