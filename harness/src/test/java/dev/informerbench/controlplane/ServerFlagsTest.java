package dev.informerbench.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The servers' command lines as data: what they listen on is read from the flags, before anything runs. */
class ServerFlagsTest {
    private static final Path PKI = Path.of("/run/cp-1/pki");
    private static final Certificates.ApiServerFiles FILES = new Certificates.ApiServerFiles(PKI.resolve("ca.crt"),
            PKI.resolve("apiserver.crt"), PKI.resolve("apiserver.key"), PKI.resolve("sa.key"), PKI.resolve("sa.pub"));

    /** {@code --name=value} flags by name; each flag given once. */
    private static Map<String, String> byName(List<String> flags) {
        assertThat(flags).allMatch(f -> f.startsWith("--") && f.contains("="));
        return flags.stream().collect(Collectors.toMap(f -> f.substring(2, f.indexOf('=')),
                f -> f.substring(f.indexOf('=') + 1)));
    }

    @Test
    void etcdListensAndAdvertisesOnLoopbackOnly() {
        Map<String, String> flags = byName(Etcd.flags(Path.of("/run/cp-1/etcd-data"), 2379, 2380));
        List<String> urls = flags.entrySet().stream()
                .filter(e -> e.getKey().endsWith("-urls"))
                .flatMap(e -> List.of(e.getValue().split(",")).stream())
                .toList();
        assertThat(urls).hasSize(4).allSatisfy(url -> assertThat(URI.create(url).getHost()).isEqualTo("127.0.0.1"));
        assertThat(flags).containsEntry("listen-client-urls", "http://127.0.0.1:2379")
                .containsEntry("listen-peer-urls", "http://127.0.0.1:2380")
                .containsEntry("initial-cluster", "informer-bench=http://127.0.0.1:2380")
                .containsEntry("data-dir", "/run/cp-1/etcd-data")
                .containsEntry("quota-backend-bytes", "8589934592")
                .doesNotContainKey("listen-metrics-urls");
    }

    @Test
    void kubeApiServerBindsToLoopbackOnlyWithTheGeneratedCertificates() {
        Map<String, String> flags = byName(KubeApiServer.flags(6443, "http://127.0.0.1:2379", FILES));
        assertThat(flags).containsEntry("bind-address", "127.0.0.1")
                .containsEntry("advertise-address", "127.0.0.1")
                .containsEntry("secure-port", "6443")
                .containsEntry("etcd-servers", "http://127.0.0.1:2379")
                .containsEntry("tls-cert-file", PKI.resolve("apiserver.crt").toString())
                .containsEntry("tls-private-key-file", PKI.resolve("apiserver.key").toString())
                .containsEntry("client-ca-file", PKI.resolve("ca.crt").toString())
                .containsEntry("service-account-key-file", PKI.resolve("sa.pub").toString())
                .containsEntry("service-account-signing-key-file", PKI.resolve("sa.key").toString())
                .doesNotContainKeys("insecure-port", "insecure-bind-address");
        // No wildcard address, bare or in a URL (10.0.0.0/24 is the Service range, not an address to bind).
        assertThat(flags.values()).noneMatch(v -> v.equals("0.0.0.0") || v.equals("::") || v.contains("//0.0.0.0")
                || v.contains("//[::]"));
    }

    @Test
    void kubeApiServersSoftMemoryLimitIsAQuarterOfTheMachineAndAtLeastOneGibibyte() {
        assertThat(KubeApiServer.memoryLimit(24L << 30)).isEqualTo("6144MiB");
        assertThat(KubeApiServer.memoryLimit(2L << 30)).isEqualTo("1024MiB");
        assertThat(KubeApiServer.memoryLimit((64L << 30) + 3)).isEqualTo("16384MiB");
    }
}
