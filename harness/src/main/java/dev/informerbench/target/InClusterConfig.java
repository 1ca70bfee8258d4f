package dev.informerbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code --in-cluster}: the cluster of the pod the suite runs in, by the pod's service account,
 * and only when asked for by name and only inside a pod (KUBERNETES_SERVICE_HOST set): the suite
 * never picks a cluster the user did not name. Written as a kubeconfig file (the server from
 * KUBERNETES_SERVICE_HOST and _PORT, the service account's CA and token inline) because every
 * client the suite runs, in every fork, reads a kubeconfig; fabric8 reads no {@code tokenFile}
 * there, so the token is the one the pod had when the run started (a projected token lives an
 * hour at least, a year on clusters that extend it, the default).
 */
public final class InClusterConfig {
    /** Where Kubernetes mounts a pod's service account. */
    public static final Path SERVICE_ACCOUNT = Path.of("/var/run/secrets/kubernetes.io/serviceaccount");

    private InClusterConfig() {}

    /** The target of this pod, its kubeconfig written under {@code dir}. */
    public static ClusterTarget.InCluster target(Map<String, String> env, Path serviceAccount, Path dir) {
        String host = env.get("KUBERNETES_SERVICE_HOST");
        String port = env.getOrDefault("KUBERNETES_SERVICE_PORT", "443");
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("--in-cluster is for a pod, and KUBERNETES_SERVICE_HOST is not set;"
                    + " outside a cluster name one with --kubeconfig");
        }
        if (!port.matches("\\d{1,5}")) {
            throw new IllegalArgumentException("--in-cluster: KUBERNETES_SERVICE_PORT '" + port + "' is not a port");
        }
        String token = read(serviceAccount.resolve("token")).strip();
        byte[] ca = read(serviceAccount.resolve("ca.crt")).getBytes(StandardCharsets.UTF_8);
        String server = "https://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        try {
            Files.createDirectories(dir);
            Path file = Files.createTempFile(dir, "in-cluster-", ".kubeconfig",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            file.toFile().deleteOnExit();
            Files.writeString(file, kubeconfig(server, Base64.getEncoder().encodeToString(ca), token));
            KubeconfigFile.read(file, null).client(); // a file no client can be built from fails here, not in a fork
            return new ClusterTarget.InCluster(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--in-cluster: cannot write its kubeconfig under " + dir + ": "
                    + e.getMessage());
        }
    }

    /** A kubeconfig of one cluster, user and context, all named in-cluster. */
    static String kubeconfig(String server, String caData, String token) {
        Map<String, Object> config = Map.of(
                "apiVersion", "v1",
                "kind", "Config",
                "clusters", List.of(Map.of("name", "in-cluster",
                        "cluster", Map.of("server", server, "certificate-authority-data", caData))),
                "users", List.of(Map.of("name", "in-cluster", "user", Map.of("token", token))),
                "contexts", List.of(Map.of("name", "in-cluster",
                        "context", Map.of("cluster", "in-cluster", "user", "in-cluster"))),
                "current-context", "in-cluster");
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options).dump(config);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--in-cluster: the pod's service account file " + file
                    + " cannot be read (automountServiceAccountToken off?): " + e.getMessage());
        }
    }
}
