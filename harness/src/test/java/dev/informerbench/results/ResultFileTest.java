package dev.informerbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFileTest {
    @TempDir
    Path dir;

    static final String ENTRY = """
            [{"jmhVersion":"1.37","benchmark":"x.y.ListerGetBenchmark.lister_t1","mode":"avgt","threads":1,"forks":1,
              "params":{"objects":"100"},
              "primaryMetric":{"score":50.0,"scoreError":"NaN","scoreUnit":"ns/op","rawData":[[49.0,51.0]]},
              "secondaryMetrics":{"api.get":{"score":0.0,"scoreError":"NaN","scoreUnit":"requests",\
            "rawData":[[0.0,0.0]]}}}]
            """;

    @Test
    void namesFollowTheConvention() {
        assertThat(ResultFile.stem(Instant.parse("2026-11-30T10:23:46.5Z"), "27.0.0", "v1.36.3"))
                .isEqualTo("20261130T102346Z_client-java-27.0.0_k8s-1.36.3");
        assertThat(ResultFile.stem(Instant.parse("2026-11-30T10:23:46Z"), "27.0.0", "v1.37.0+k3s1/x"))
                .isEqualTo("20261130T102346Z_client-java-27.0.0_k8s-1.37.0+k3s1-x");
    }

    @Test
    void eachClientsFileIsNamedByItsClient() {
        Instant t = Instant.parse("2026-11-30T10:23:46Z");
        assertThat(ResultFile.stem(t, "fabric8", "8.0.0", "v1.36.3"))
                .isEqualTo("20261130T102346Z_fabric8-8.0.0_k8s-1.36.3");
        assertThat(ResultFile.stem(t, "client-go", "0.36.3", "v1.36.3"))
                .isEqualTo("20261130T102346Z_client-go-0.36.3_k8s-1.36.3");
        assertThat(ResultFile.stem(t, "client-java", "27.0.0", "v1.36.3"))
                .isEqualTo(ResultFile.stem(t, "27.0.0", "v1.36.3"));
    }

    @Test
    void appendingFamiliesKeepsOneValidJmhArray() throws Exception {
        Path family = Files.writeString(dir.resolve("family.json"), ENTRY);
        ResultFile file = ResultFile.create(dir.resolve("results"), "run");
        file.append(family);
        file.append(family);
        file.append(dir.resolve("missing.json")); // a family that produced nothing
        assertThat(JsonParser.parseString(Files.readString(file.json())).getAsJsonArray()).hasSize(2);
        var entries = JmhJson.read(file.json());
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).shortName()).isEqualTo("ListerGet.lister_t1");
        assertThat(entries.get(0).primary().error()).isNaN();
        assertThat(entries.get(0).secondaryScore("api.get")).isZero();
    }

    @Test
    void metadataKnowsTheClientAndTheMachine() throws Exception {
        RunMetadata meta = RunMetadata.forThisMachine(Path.of("."));
        assertThat(meta.clientJavaVersion).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(meta.jmhVersion).isEqualTo("1.37");
        assertThat(meta.cores).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(meta.jdk).isEqualTo(System.getProperty("java.version"));
        assertThat(meta.gitCommit).isNotBlank();
        meta.profile = "smoke";
        meta.families.add(new RunMetadata.FamilyStatus("ListerGet", RunMetadata.Status.COMPLETE, null, 12.5));

        ResultFile file = ResultFile.create(dir, "run");
        file.writeMetadata(meta);
        // The statuses are written lowercase, as sidecars always spelled them.
        assertThat(Files.readString(file.meta())).contains("\"status\": \"running\"", "\"status\": \"complete\"");
        RunMetadata back = ResultFile.readMetadata(file.meta());
        assertThat(back.schema).isEqualTo(RunMetadata.SCHEMA);
        assertThat(back.clientJavaVersion).isEqualTo(meta.clientJavaVersion);
        assertThat(back.families).singleElement()
                .satisfies(f -> assertThat(f.status).isEqualTo(RunMetadata.Status.COMPLETE));
    }

    @Test
    void sidecarsOfRunsWhoseProcessIsGoneAreMarkedKilled() throws Exception {
        ResultFile dead = ResultFile.create(dir, "20261130T000000Z_client-java-27.0.0_k8s-1.36.3");
        ResultFile alive = ResultFile.create(dir, "20261130T000001Z_client-java-27.0.0_k8s-1.36.3");
        ResultFile done = ResultFile.create(dir, "20261130T000002Z_client-java-27.0.0_k8s-1.36.3");
        for (ResultFile f : List.of(dead, alive, done)) {
            RunMetadata m = new RunMetadata();
            m.owner = f == alive ? "host:2:2" : "host:1:1";
            m.status = f == done ? RunMetadata.Status.COMPLETE : RunMetadata.Status.RUNNING;
            f.writeMetadata(m);
        }
        Files.writeString(dir.resolve("broken.meta.json"), "{not json");

        var marked = ResultFile.markKilled(dir, owner -> owner.equals("host:1:1"));

        assertThat(marked).containsExactly(dead.meta());
        RunMetadata killed = ResultFile.readMetadata(dead.meta());
        assertThat(killed.status).isEqualTo(RunMetadata.Status.KILLED);
        assertThat(killed.error).contains("killed");
        assertThat(ResultFile.readMetadata(alive.meta()).status).isEqualTo(RunMetadata.Status.RUNNING);
        assertThat(ResultFile.readMetadata(done.meta()).status).isEqualTo(RunMetadata.Status.COMPLETE);
        assertThat(ResultFile.markKilled(dir.resolve("absent"), owner -> true)).isEmpty();
    }
}
