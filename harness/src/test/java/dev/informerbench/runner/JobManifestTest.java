package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.results.Golden;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The Indexed Job's manifest: pinned whole, and read back for what the pods depend on. */
class JobManifestTest {
    private static final List<String> ARGS = List.of("ServerCost", "-p", "controllers=1000", "-p", "churnPerSecond=10");
    private static final JobManifest MANIFEST = new JobManifest("informer-bench", "bench",
            "registry.example.com/ib:0.1.0", 4, null, ARGS);

    @Test
    void theManifestIsPinned() {
        Golden.assertMatches("job/manifest.yaml", MANIFEST.yaml());
    }

    @Test
    @SuppressWarnings("unchecked")
    void itReadsBackAsAServiceAccountRbacAndAnIndexedJob() {
        List<Map<String, Object>> docs = new ArrayList<>();
        new Yaml().loadAll(MANIFEST.yaml()).forEach(d -> docs.add((Map<String, Object>) d));
        assertThat(docs).extracting(d -> d.get("kind"))
                .containsExactly("ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Job");
        Map<String, Object> spec = (Map<String, Object>) docs.get(3).get("spec");
        assertThat(spec).containsEntry("completionMode", "Indexed").containsEntry("completions", 4)
                .containsEntry("parallelism", 4).containsEntry("backoffLimit", 1);
        Map<String, Object> pod = (Map<String, Object>) ((Map<String, Object>) spec.get("template")).get("spec");
        assertThat(pod).containsEntry("restartPolicy", "Never").containsEntry("serviceAccountName", "informer-bench");
        Map<String, Object> container = ((List<Map<String, Object>>) pod.get("containers")).get(0);
        assertThat((List<String>) container.get("args")).containsExactly("run", "--in-cluster",
                "--shard=$(JOB_COMPLETION_INDEX)/4", "--results", "/tmp/results", "--", "ServerCost", "-p",
                "controllers=1000", "-p", "churnPerSecond=10");
        List<Map<String, Object>> rules = (List<Map<String, Object>>) docs.get(1).get("rules");
        assertThat(rules).anySatisfy(r -> assertThat(r).containsEntry("nonResourceURLs", List.of("/metrics"))
                .containsEntry("verbs", List.of("get")));
        Map<String, Object> subject = ((List<Map<String, Object>>) docs.get(2).get("subjects")).get(0);
        assertThat(subject).containsEntry("name", "informer-bench").containsEntry("namespace", "bench");
    }

    @Test
    void theArgsRunTheRunCommandAsAUserWould() {
        JobManifest withProfile = new JobManifest("ib", "default", "ib:1", 2, "full", ARGS);
        assertThat(withProfile.args()).contains("--profile=full");
        assertThat(withProfile.args().subList(withProfile.args().indexOf("--") + 1, withProfile.args().size()))
                .isEqualTo(ARGS);
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() {
        assertThatThrownBy(() -> new JobManifest("ib", "default", "ib:1", 0, null, ARGS))
                .hasMessage("--shards 0: a Job needs at least 1 shard (one pod each)");
        assertThatThrownBy(() -> new JobManifest("ib", "default", "has space", 2, null, ARGS))
                .hasMessageStartingWith("--image 'has space' is not an image reference");
        assertThatThrownBy(() -> new JobManifest("a".repeat(53), "default", "ib:1", 2, null, ARGS))
                .hasMessageContaining("at most 52 characters");
        assertThatThrownBy(() -> new JobManifest("ib", "default", "ib:1", 1001, null, ARGS))
                .hasMessageContaining("at most 1000 shards");
    }
}
