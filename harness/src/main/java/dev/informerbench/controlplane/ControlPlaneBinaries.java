package dev.informerbench.controlplane;

import dev.informerbench.local.Commands;
import dev.informerbench.local.ProjectPaths;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The etcd, kube-apiserver and kubectl binaries of one Kubernetes release: taken from
 * {@code KUBEBUILDER_ASSETS} when set (the envtest convention), else from the build cache,
 * else built there by {@code controlplane/build.sh}, whose progress is shown as it goes.
 */
public record ControlPlaneBinaries(Path directory, String kubeVersion) {
    public static final String DEFAULT_KUBE_VERSION = "1.36.3";
    private static final List<String> NAMES = List.of("etcd", "kube-apiserver", "kubectl");

    public Path etcd() {
        return directory.resolve("etcd");
    }

    public Path kubeApiServer() {
        return directory.resolve("kube-apiserver");
    }

    public Path kubectl() {
        return directory.resolve("kubectl");
    }

    /** The release asked for: system property informerbench.kubeVersion, env KUBE_VERSION, or the default. */
    public static String requestedVersion() {
        String property = System.getProperty("informerbench.kubeVersion");
        if (property != null && !property.isBlank()) {
            return property;
        }
        String env = System.getenv("KUBE_VERSION");
        return env != null && !env.isBlank() ? env : DEFAULT_KUBE_VERSION;
    }

    /**
     * Checks, before a run starts anything, that the binaries are there or can be built: with
     * none cached and no KUBEBUILDER_ASSETS, building needs Go. Bad setup is one line, exit 2.
     */
    public static void requireObtainable(String kubeVersion) {
        String version = bare(kubeVersion);
        String assets = System.getenv("KUBEBUILDER_ASSETS");
        if ((assets == null || assets.isBlank()) && !hasAll(cacheDir(version, System.getenv()))) {
            requireGo(version);
        }
    }

    /** 1.36.3 for v1.36.3 or 1.36.3. */
    private static String bare(String kubeVersion) {
        return kubeVersion.startsWith("v") ? kubeVersion.substring(1) : kubeVersion;
    }

    /** Where the build keeps one release's binaries for this platform. */
    private static Path cacheDir(String version, Map<String, String> env) {
        return ProjectPaths.cacheRoot(env).resolve("k8s").resolve(version + "-" + platform());
    }

    private static void requireGo(String version) {
        if (!Commands.onPath("go")) { // the user's setup, not a failure: one line before anything starts
            throw new IllegalArgumentException("the control plane binaries for v" + version + " are not built and"
                    + " `go` is not on PATH; accepted: a Go toolchain (1.26 or later) on PATH to build them,"
                    + " KUBEBUILDER_ASSETS naming built ones, or --kubeconfig for a cluster of your own");
        }
    }

    /** Finds the binaries, building them when they are missing. */
    public static ControlPlaneBinaries resolve(String kubeVersion) {
        return resolve(kubeVersion, System.getenv());
    }

    static ControlPlaneBinaries resolve(String kubeVersion, Map<String, String> env) {
        String version = bare(kubeVersion);
        String assets = env.get("KUBEBUILDER_ASSETS");
        if (assets != null && !assets.isBlank()) {
            Path dir = Path.of(assets);
            if (!hasAll(dir)) {
                throw new ControlPlaneException("KUBEBUILDER_ASSETS=" + assets
                        + " must hold executable etcd, kube-apiserver and kubectl; unset it to build them from Go "
                        + "modules");
            }
            return new ControlPlaneBinaries(dir, version);
        }
        Path cached = cacheDir(version, env);
        if (hasAll(cached)) {
            return new ControlPlaneBinaries(cached, version);
        }
        return new ControlPlaneBinaries(build(version), version);
    }

    private static Path build(String version) {
        Path script = ProjectPaths.projectHome().resolve("controlplane/build.sh");
        if (!Files.isRegularFile(script)) {
            throw new ControlPlaneException("the control plane binaries for v" + version + " are not built and "
                    + script + " is missing; run from the project folder, or set KUBEBUILDER_ASSETS");
        }
        requireGo(version);
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("KUBE_VERSION", version);
        try {
            Process process = builder.start();
            String last = null;
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    last = line;
                }
            }
            int code = process.waitFor();
            if (code != 0 || last == null || !hasAll(Path.of(last))) {
                throw new ControlPlaneException("building the control plane binaries for v" + version
                        + " failed (controlplane/build.sh exit " + code + "); its error is printed above");
            }
            return Path.of(last);
        } catch (IOException e) {
            throw new ControlPlaneException("could not run " + script + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlPlaneException("interrupted while building the control plane binaries");
        }
    }

    private static boolean hasAll(Path dir) {
        return NAMES.stream().map(dir::resolve).allMatch(Files::isExecutable);
    }

    /** linux-amd64 style, as Go names it. */
    static String platform() {
        String os = System.getProperty("os.name").toLowerCase().startsWith("linux") ? "linux"
                : System.getProperty("os.name").toLowerCase().replace(" ", "");
        String arch = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            default -> System.getProperty("os.arch");
        };
        return os + "-" + arch;
    }
}
