package dev.informerbench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * ServerCost beyond one machine: a Kubernetes Indexed Job whose K pods each run the suite
 * in-cluster on their shard of N controllers ({@link Shard}), with a ServiceAccount and the RBAC
 * the suite's requests need. Four YAML documents for {@code kubectl apply -f}: the
 * ServiceAccount, a ClusterRole (the suite creates and deletes namespaces of its own, so a Role
 * in one namespace would not do), its ClusterRoleBinding, and the Job.
 *
 * <p>The rules are what the suite's three clients send: namespaces got, listed, created, updated
 * (the run's labels) and deleted; ConfigMaps read, listed, watched, created, updated and deleted
 * (one by one and by label); GET on the non-resource URLs {@code /metrics} (ServerCost's counters;
 * without it those measures are missing) and {@code /version} (the server's release, for the
 * result's metadata).
 */
public record JobManifest(String name, String namespace, String image, int shards, String profile,
        List<String> jmhArgs) {
    /** Where the pods write the result files they also print. */
    static final String RESULTS = "/tmp/results";
    /** One retry for the whole Job: a shard that fails again is reported, not run until it passes. */
    static final int BACKOFF_LIMIT = 1;
    /** A fork's fixed heap and the harness JVM beside it. */
    static final String MEMORY = "3Gi";
    private static final String APP_LABEL = "app.kubernetes.io/name";
    private static final String JOB_LABEL = "batch.kubernetes.io/job-name";

    public JobManifest {
        if (shards < 1) {
            throw new IllegalArgumentException("--shards " + shards + ": a Job needs at least 1 shard (one pod each)");
        }
        if (image == null || image.isBlank() || image.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("--image '" + image + "' is not an image reference; accepted: e.g."
                    + " registry.example.com/informer-bench:0.1.0");
        }
        requireName("--name", name, 52); // the Job controller's pod names add '-<index>-<random 5>'
        requireName("--namespace", namespace, 63);
        jmhArgs = List.copyOf(jmhArgs);
        Shard.requireShardable(JmhArgs.parse(jmhArgs), shards);
    }

    private static void requireName(String option, String value, int max) {
        if (value == null || value.length() > max || !value.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
            throw new IllegalArgumentException(option + " '" + value + "' is not a DNS label of at most " + max
                    + " characters (lower case letters, digits and '-')");
        }
    }

    /** The manifest, documents separated by {@code ---}. */
    public String yaml() {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        options.setExplicitStart(true);
        options.setWidth(200);
        return new Yaml(options).dumpAll(objects().iterator());
    }

    /** The four objects, as maps in the order of their fields in the API's documentation. */
    public List<Map<String, Object>> objects() {
        return List.of(serviceAccount(), clusterRole(), clusterRoleBinding(), job());
    }

    private Map<String, Object> serviceAccount() {
        return object("v1", "ServiceAccount", metadata(name, namespace));
    }

    private Map<String, Object> clusterRole() {
        Map<String, Object> role = object("rbac.authorization.k8s.io/v1", "ClusterRole", metadata(clusterName(), null));
        role.put("rules", List.of(
                rule("resources", "namespaces", "get", "list", "create", "update", "delete"),
                rule("resources", "configmaps", "get", "list", "watch", "create", "update", "delete",
                        "deletecollection"),
                rule("nonResourceURLs", "/metrics", "get"),
                rule("nonResourceURLs", "/version", "get")));
        return role;
    }

    private Map<String, Object> clusterRoleBinding() {
        Map<String, Object> binding = object("rbac.authorization.k8s.io/v1", "ClusterRoleBinding",
                metadata(clusterName(), null));
        binding.put("roleRef", map("apiGroup", "rbac.authorization.k8s.io", "kind", "ClusterRole",
                "name", clusterName()));
        binding.put("subjects", List.of(map("kind", "ServiceAccount", "name", name, "namespace", namespace)));
        return binding;
    }

    private Map<String, Object> job() {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completionMode", "Indexed");
        spec.put("completions", shards);
        spec.put("parallelism", shards);
        spec.put("backoffLimit", BACKOFF_LIMIT);
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("serviceAccountName", name);
        pod.put("restartPolicy", "Never");
        // One pod a node where the cluster has the nodes: the point is more than one machine.
        pod.put("topologySpreadConstraints", List.of(map("maxSkew", 1, "topologyKey", "kubernetes.io/hostname",
                "whenUnsatisfiable", "ScheduleAnyway", "labelSelector", map("matchLabels", map(JOB_LABEL, name)))));
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "informer-bench");
        container.put("image", image);
        container.put("args", args());
        container.put("env", List.of(map("name", "INFORMER_BENCH_CACHE", "value", "/tmp/informer-bench")));
        // A fork's heap is fixed (FamilyRun.FORK_HEAP, 2 GiB) beside the harness's JVM; no CPU limit, which would
        // throttle the controllers being measured.
        container.put("resources", map("requests", map("cpu", "1", "memory", MEMORY)));
        pod.put("containers", List.of(container));
        spec.put("template", map("metadata", map("labels", map(APP_LABEL, "informer-bench")), "spec", pod));
        Map<String, Object> job = object("batch/v1", "Job", metadata(name, namespace));
        job.put("spec", spec);
        return job;
    }

    /**
     * The pod's arguments to the image's entry point (the suite's command line): the run,
     * in-cluster, on the shard Kubernetes numbers in JOB_COMPLETION_INDEX (it expands
     * {@code $(VAR)} in args from the container's environment, where the Job controller puts it).
     */
    List<String> args() {
        List<String> args = new ArrayList<>(List.of("run", "--in-cluster", "--shard=$(JOB_COMPLETION_INDEX)/" + shards,
                "--results", RESULTS));
        if (profile != null) {
            args.add("--profile=" + profile);
        }
        args.add("--");
        args.addAll(jmhArgs);
        return args;
    }

    /** Cluster-scoped names carry the namespace: two Jobs of the same name in two namespaces keep apart. */
    private String clusterName() {
        return name + "-" + namespace;
    }

    private Map<String, Object> metadata(String objectName, String objectNamespace) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", objectName);
        if (objectNamespace != null) {
            metadata.put("namespace", objectNamespace);
        }
        metadata.put("labels", map(APP_LABEL, "informer-bench"));
        return metadata;
    }

    private static Map<String, Object> object(String apiVersion, String kind, Map<String, Object> metadata) {
        return map("apiVersion", apiVersion, "kind", kind, "metadata", metadata);
    }

    private static Map<String, Object> rule(String field, String what, String... verbs) {
        Map<String, Object> rule = new LinkedHashMap<>();
        if (field.equals("resources")) {
            rule.put("apiGroups", List.of(""));
        }
        rule.put(field, List.of(what));
        rule.put("verbs", List.of(verbs));
        return rule;
    }

    /** An ordered map of key, value pairs. */
    private static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
