package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.target.ClusterTarget;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.Pair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.Call;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code job-manifest}'s Indexed Job against a real kube-apiserver: every object of the file
 * submitted with a server-side dry run ({@code dryRun=All}, {@code fieldValidation=Strict}: an
 * unknown or duplicate field is refused too), so the API server's own validation, defaulting and
 * admission pass on it and nothing is stored (there is no kubelet here to run the pods). The
 * local control plane is this test's own, stopped and deleted after it.
 */
class JobManifestIT {
    static LocalControlPlane cp;
    static ApiClient client;

    @RegisterExtension
    final CapturedOutput output = new CapturedOutput();

    @BeforeAll
    static void start() throws Exception {
        cp = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        client = new ClusterTarget.Kubeconfig(cp.kubeconfig(), null).connect().newClient();
    }

    @AfterAll
    static void stop() {
        if (cp != null) {
            cp.close();
        }
    }

    @Test
    void everyObjectOfTheManifestPassesAServerSideDryRun(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("job.yaml");
        assertThat(Main.run("job-manifest", "--image", "registry.example.com/informer-bench:0.1.0", "--shards", "4",
                "--namespace", "default", "-o", file.toString(), "--", "ServerCost", "-p", "controllers=1000",
                "-p", "approach=POLL")).as(output.err()).isEqualTo(0);
        List<Map<String, Object>> objects = documents(Files.readString(file));
        assertThat(objects).extracting(o -> o.get("kind"))
                .containsExactly("ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Job");
        for (Map<String, Object> object : objects) {
            Answer answer = dryRun(object);
            assertThat(answer.code()).as("%s %s: %s", object.get("kind"), name(object), answer.body()).isEqualTo(201);
            // The server's answer is the object as it would have stored it: the Job defaulted, indexed.
            if (object.get("kind").equals("Job")) {
                assertThat(answer.body()).contains("\"completionMode\":\"Indexed\"").contains("\"completions\":4");
            }
        }
        for (Map<String, Object> object : objects) {
            assertThat(get(object)).as("%s %s left in the cluster", object.get("kind"), name(object)).isEqualTo(404);
        }
    }

    /** The dry run is a check: the Job with a mode the API does not know, or a field it does not have, is refused. */
    @Test
    @SuppressWarnings("unchecked")
    void theDryRunRefusesABrokenJob(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("job.yaml");
        assertThat(Main.run("job-manifest", "--image", "ib:1", "--shards", "2", "--namespace", "default",
                "-o", file.toString(), "--", "ServerCost", "-p", "controllers=10")).isEqualTo(0);
        Map<String, Object> job = documents(Files.readString(file)).get(3);
        ((Map<String, Object>) job.get("spec")).put("completionMode", "Sideways");
        assertThat(dryRun(job).code()).isEqualTo(422);
        ((Map<String, Object>) job.get("spec")).put("completionMode", "Indexed");
        ((Map<String, Object>) job.get("spec")).put("shards", 2);
        Answer unknownField = dryRun(job);
        assertThat(unknownField.code()).isEqualTo(400);
        assertThat(unknownField.body()).contains("unknown field \\\"spec.shards\\\"");
    }

    @Test
    void aBrokenManifestIsRefusedByTheCommandWithOneLineAndExitTwo(@TempDir Path dir) {
        Path file = dir.resolve("job.yaml");
        assertThat(Main.run("job-manifest", "--image", "ib:1", "--shards", "0", "-o", file.toString(), "--",
                "ServerCost", "-p", "controllers=10")).isEqualTo(2);
        assertThat(output.err().strip().lines()).containsExactly(
                "error: --shards 0: a Job needs at least 1 shard (one pod each)");
        assertThat(file).doesNotExist();
    }

    private record Answer(int code, String body) {}

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> documents(String yaml) {
        List<Map<String, Object>> docs = new ArrayList<>();
        new Yaml().loadAll(yaml).forEach(d -> docs.add((Map<String, Object>) d));
        return docs;
    }

    @SuppressWarnings("unchecked")
    private static String name(Map<String, Object> object) {
        return String.valueOf(((Map<String, Object>) object.get("metadata")).get("name"));
    }

    /** The collection an object is created in: /api/v1/... for the core group, /apis/GROUP/VERSION/... else. */
    @SuppressWarnings("unchecked")
    private static String collection(Map<String, Object> object) {
        String apiVersion = (String) object.get("apiVersion");
        String prefix = apiVersion.contains("/") ? "/apis/" + apiVersion : "/api/" + apiVersion;
        String namespace = (String) ((Map<String, Object>) object.get("metadata")).get("namespace");
        String resource = switch ((String) object.get("kind")) {
            case "ServiceAccount" -> "serviceaccounts";
            case "ClusterRole" -> "clusterroles";
            case "ClusterRoleBinding" -> "clusterrolebindings";
            case "Job" -> "jobs";
            default -> throw new IllegalArgumentException("no resource for kind " + object.get("kind"));
        };
        return prefix + (namespace != null ? "/namespaces/" + namespace : "") + "/" + resource;
    }

    private static Answer dryRun(Map<String, Object> object) throws Exception {
        List<Pair> query = List.of(new Pair("dryRun", "All"), new Pair("fieldValidation", "Strict"));
        return call(collection(object), "POST", query, object);
    }

    private static int get(Map<String, Object> object) throws Exception {
        return call(collection(object) + "/" + name(object), "GET", List.of(), null).code();
    }

    private static Answer call(String path, String method, List<Pair> query, Object body) throws Exception {
        Call call = client.buildCall(null, path, method, query, List.of(), body,
                Map.of("Accept", "application/json", "Content-Type", "application/json"), Map.of(), Map.of(),
                new String[] {"BearerToken"}, null);
        try (Response response = call.execute()) {
            return new Answer(response.code(), response.body() == null ? "" : response.body().string());
        }
    }
}
