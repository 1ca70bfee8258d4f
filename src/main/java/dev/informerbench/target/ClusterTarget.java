package dev.informerbench.target;

import dev.informerbench.controlplane.ControlPlaneException;
import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.support.ProjectPaths;

import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The one rule for which cluster the suite talks to. Default: the local control plane.
 * {@code --kubeconfig PATH [--context NAME]}: that cluster. {@code --kind}: a dedicated kind
 * cluster named {@value Kind#CLUSTER_NAME} with its own kubeconfig file under the project's
 * cache. Never {@code $KUBECONFIG} or {@code ~/.kube/config} implicitly: the suite creates and
 * deletes objects, so it only goes where the user pointed it.
 */
public sealed interface ClusterTarget {

    /** A short name for result metadata: local, kubeconfig, kind. */
    String kind();

    /** Connects (starting or creating the cluster if this target owns it). */
    Connection connect();

    /** A reachable cluster: its kubeconfig and context; closing stops what {@link #connect} started. */
    interface Connection extends AutoCloseable {
        Path kubeconfig();

        /** The context to use, or null for the file's current context. */
        String context();

        default ApiClient newClient() {
            return clientFromKubeconfig(kubeconfig(), context());
        }

        @Override
        void close();
    }

    /** The default: a local control plane started for this run and stopped after it. */
    record Local(LocalControlPlane.Options options) implements ClusterTarget {
        @Override
        public String kind() {
            return "local";
        }

        @Override
        public Connection connect() {
            LocalControlPlane cp = LocalControlPlane.start(options);
            return new Connection() {
                @Override
                public Path kubeconfig() {
                    return cp.kubeconfig();
                }

                @Override
                public String context() {
                    return null;
                }

                @Override
                public void close() {
                    cp.close();
                }
            };
        }
    }

    /** Any cluster the user names with a kubeconfig file (and optionally a context in it). */
    record Kubeconfig(Path file, String context) implements ClusterTarget {
        public Kubeconfig {
            if (!Files.isReadable(file)) {
                throw new IllegalArgumentException("kubeconfig " + file + " is not a readable file");
            }
        }

        /**
         * Refuses a server that is not on this machine's loopback unless the user allowed it:
         * the suite creates and deletes objects there. Reads the file only; nothing is sent.
         */
        public Kubeconfig requireLoopbackUnless(boolean allowRemote) {
            clientFromKubeconfig(file, context); // a broken file or a missing context is bad input too
            String server = server(file, context);
            if (!allowRemote && !isLoopback(server)) {
                throw new IllegalArgumentException("the server " + server + " of kubeconfig " + file + " (context "
                        + (context != null ? context : currentContext(file)) + ") is not on this machine's loopback;"
                        + " the suite creates and deletes objects there: add --allow-remote to run against it");
            }
            return this;
        }

        @Override
        public String kind() {
            return "kubeconfig";
        }

        @Override
        public Connection connect() {
            return new Connection() {
                @Override
                public Path kubeconfig() {
                    return file;
                }

                @Override
                public String context() {
                    return context;
                }

                @Override
                public void close() {}
            };
        }
    }

    /**
     * A cluster some parent process owns and keeps running — the local control plane of a
     * multi-version run, shared by the runs of each client version; reported as {@code kind}.
     */
    record Attached(Path kubeconfig, String kind) implements ClusterTarget {
        @Override
        public Connection connect() {
            return new Kubeconfig(kubeconfig, null).connect();
        }
    }

    /** A kind cluster of the project's own, created when missing; it stays for the next run. */
    record Kind() implements ClusterTarget {
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
            boolean exists = run(List.of("kind", "get", "clusters")).orElse("").lines()
                    .anyMatch(CLUSTER_NAME::equals);
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

    /** The server URL of {@code context} (null: the current one) in a kubeconfig file. */
    static String server(Path file, String context) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            KubeConfig config = KubeConfig.loadKubeConfig(reader);
            if (context != null) {
                config.setContext(context);
            }
            return String.valueOf(config.getServer());
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("kubeconfig " + file + " cannot be read: " + e.getMessage());
        }
    }

    private static String currentContext(Path file) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return KubeConfig.loadKubeConfig(reader).getCurrentContext();
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /**
     * Whether a server URL names this machine's loopback: localhost, 127.0.0.0/8 or ::1.
     * Judged from the text alone — no name is resolved, so no lookup leaves the machine.
     */
    static boolean isLoopback(String serverUrl) {
        String host;
        try {
            host = java.net.URI.create(serverUrl.strip()).getHost();
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null) {
            return false;
        }
        host = host.toLowerCase(java.util.Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.equals("localhost") || host.endsWith(".localhost")) {
            return true;
        }
        if (host.matches("127(\\.\\d{1,3}){3}")) {
            return java.util.Arrays.stream(host.split("\\.")).allMatch(o -> Integer.parseInt(o) <= 255);
        }
        return host.equals("::1") || host.equals("0:0:0:0:0:0:0:1");
    }

    /** An ApiClient for {@code context} (null: the current one) of a kubeconfig file. */
    static ApiClient clientFromKubeconfig(Path file, String context) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            KubeConfig config = KubeConfig.loadKubeConfig(reader);
            config.setFile(file.toFile());
            if (context != null && !config.setContext(context)) {
                throw new IllegalArgumentException("context '" + context + "' is not in " + file);
            }
            return ClientBuilder.kubeconfig(config).build();
        } catch (IOException e) {
            throw new IllegalArgumentException("kubeconfig " + file + " cannot be read: " + e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException("kubeconfig " + file + " is not valid: " + e.getMessage());
        }
    }
}
