package dev.informerbench.target;

import dev.informerbench.controlplane.ControlPlaneException;
import dev.informerbench.local.ProjectPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code --kind}: a kind cluster of the project's own, named {@value #CLUSTER_NAME}, created
 * when missing; it stays for the next run. Its kubeconfig is a file under the project's cache,
 * never the user's ~/.kube/config.
 */
public record KindCluster() implements ClusterTarget {
    public static final String CLUSTER_NAME = "informer-bench";

    @Override
    public String kind() {
        return "kind";
    }

    @Override
    public Connection connect() {
        Path kubeconfig = ProjectPaths.cacheRoot().resolve("kind").resolve("kubeconfig");
        if (run(List.of("kind", "version")).isEmpty()) {
            throw new ControlPlaneException("--kind needs the `kind` command on PATH (https://kind.sigs.k8s.io); "
                    + "without it use the default local control plane or --kubeconfig");
        }
        if (run(List.of("docker", "info", "--format", "{{.ServerVersion}}")).isEmpty()) {
            throw new ControlPlaneException("--kind needs a running Docker engine and `docker info` found none; "
                    + "without it use the default local control plane or --kubeconfig");
        }
        try {
            Files.createDirectories(kubeconfig.getParent());
        } catch (IOException e) {
            throw new ControlPlaneException("could not create " + kubeconfig.getParent() + ": " + e.getMessage());
        }
        boolean exists = run(List.of("kind", "get", "clusters")).orElse("").lines().anyMatch(CLUSTER_NAME::equals);
        List<String> command = exists
                ? List.of("kind", "export", "kubeconfig", "--name", CLUSTER_NAME, "--kubeconfig", kubeconfig.toString())
                : List.of("kind", "create", "cluster", "--name", CLUSTER_NAME, "--kubeconfig", kubeconfig.toString(),
                        "--wait", "120s");
        if (run(command).isEmpty()) {
            throw new ControlPlaneException("`" + String.join(" ", command) + "` failed; see its output above");
        }
        return new Kubeconfig(kubeconfig, "kind-" + CLUSTER_NAME).connect();
    }

    /** Runs a command with its stderr shown; its stdout, or empty when it failed or is missing. */
    private static Optional<String> run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
