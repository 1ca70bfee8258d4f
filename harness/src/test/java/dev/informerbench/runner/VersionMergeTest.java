package dev.informerbench.runner;

import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonParser;
import dev.informerbench.client.ClientType;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A client without sidecars of its own (fabric8, client-go): its parts merged into a file named by the client. */
class VersionMergeTest {
    @TempDir
    Path folder;

    private Interleave.Run part(int round, String status) throws Exception {
        Path dir = Files.createDirectories(folder.resolve("parts/r" + round + "-ListerGet-fabric8-8.0.0"));
        Interleave.Run run = new Interleave.Run();
        run.round = round;
        run.family = "ListerGet";
        run.label = "fabric8 8.0.0";
        run.startedAt = "2026-11-30T16:00:0" + round + "Z";
        run.finishedAt = "2026-11-30T16:00:0" + (round + 1) + "Z";
        run.status = status.equals("complete") ? RunMetadata.Status.COMPLETE : RunMetadata.Status.FAILED;
        run.exitCode = status.equals("complete") ? 0 : 1;
        if (status.equals("complete")) {
            write(dir, "result.json", withParams(entry(LISTER, "avgt", "ns/op", forks(1, 100)), "client", "FABRIC8"));
            run.resultFile = folder.relativize(dir.resolve("result.json")).toString();
        }
        return run;
    }

    @Test
    void partsWithoutSidecarsMergeIntoTheClientsFile() throws Exception {
        Instant started = Instant.parse("2026-11-30T16:00:43Z");
        VersionMerge merge = new VersionMerge(folder, started, List.of(), new PrintStream(new ByteArrayOutputStream()));
        RunMetadata base = new RunMetadata();
        base.serverVersion = "v1.36.3";
        base.clientJavaVersion = "27.0.0";
        merge.describe(base);
        Contender fabric8 = new Contender(new ClientSpec(ClientType.FABRIC8, "8.0.0"), "fabric8 8.0.0", 1,
                Path.of("fabric8.jar"), 0);

        VersionMerge.Merged merged = merge.merge(fabric8, List.of(part(1, "complete"), part(2, "failed"),
                part(3, "complete")));

        assertThat(merged.json().getFileName().toString()).isEqualTo("20261130T160043Z_fabric8-8.0.0_k8s-1.36.3.json");
        assertThat(merged.complete()).isFalse();
        RunMetadata meta = ResultFile.readMetadata(VersionJvms.sidecarOf(merged.json()));
        assertThat(meta.client).isEqualTo("fabric8");
        assertThat(meta.clientVersion).isEqualTo("8.0.0");
        assertThat(meta.clientJavaVersion).isNull();
        assertThat(meta.label).isEqualTo("fabric8 8.0.0");
        assertThat(meta.status).isEqualTo(RunMetadata.Status.FAILED);
        assertThat(meta.mergedFrom).hasSize(2);
        assertThat(meta.error).contains("round 2");
        assertThat(Files.readString(merged.json())).contains("\"forks\": 2");
        assertThat(folder.resolve("20261130T160043Z_fabric8-8.0.0_k8s-1.36.3.summary.txt")).isRegularFile();
        assertThat(new Contender(new ClientSpec(ClientType.CLIENT_JAVA, "27.0.0"), "client-java 27.0.0 #2", 2, null, 0)
                .fileName()).isEqualTo("client-java-27.0.0-2");
    }

    /**
     * Two client-java builds whose jars report one version (a release, and a checkout of its tag
     * with a fix and no version bump, installed as 27.0.99): each keeps its own file, named and
     * labelled after the contender launched, and the second's sidecar says what its forks reported.
     */
    @Test
    void twoBuildsThatReportOneVersionKeepTheirOwnFiles() throws Exception {
        Instant started = Instant.parse("2026-11-30T16:00:43Z");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        VersionMerge merge = new VersionMerge(folder, started, List.of(), new PrintStream(log, true));
        RunMetadata base = new RunMetadata();
        base.serverVersion = "v1.36.3";
        merge.describe(base);
        Contender release = new Contender(new ClientSpec(ClientType.CLIENT_JAVA, "27.0.0"), "client-java 27.0.0", 1,
                Path.of("target/benchmarks.jar"), 0);
        Contender patched = new Contender(new ClientSpec(ClientType.CLIENT_JAVA, "27.0.99"), "client-java 27.0.99",
                1, Path.of("target/client-java-27.0.99/benchmarks.jar"), 0);

        Path first = merge.merge(release, List.of(reporting(release, 1, 100, "27.0.0"))).json();
        Path second = merge.merge(patched, List.of(reporting(patched, 1, 80, "27.0.0"))).json();

        assertThat(first.getFileName().toString()).isEqualTo("20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json");
        assertThat(second.getFileName().toString())
                .isEqualTo("20261130T160043Z_client-java-27.0.99_k8s-1.36.3.json");
        assertThat(score(first)).isCloseTo(100, within(5.0));
        assertThat(score(second)).isCloseTo(80, within(5.0));
        RunMetadata releaseMeta = ResultFile.readMetadata(VersionJvms.sidecarOf(first));
        RunMetadata patchedMeta = ResultFile.readMetadata(VersionJvms.sidecarOf(second));
        assertThat(releaseMeta.clientVersion).isEqualTo("27.0.0");
        assertThat(releaseMeta.reportedVersion).isNull();
        assertThat(patchedMeta.clientVersion).isEqualTo("27.0.99");
        assertThat(patchedMeta.label).isEqualTo("client-java 27.0.99");
        assertThat(patchedMeta.reportedVersion).isEqualTo("27.0.0");
        assertThat(patchedMeta.clientJavaVersion).isEqualTo("27.0.0");
        assertThat(log.toString()).contains("client-java 27.0.99: its forks report client-java 27.0.0, not 27.0.99");
    }

    private static double score(Path json) throws Exception {
        return JsonParser.parseString(Files.readString(json)).getAsJsonArray().get(0).getAsJsonObject()
                .getAsJsonObject("primaryMetric").get("score").getAsDouble();
    }

    /** One fork of {@code contender} scoring {@code score}, whose sidecar says its jar is {@code reports}. */
    private Interleave.Run reporting(Contender contender, int round, double score, String reports) throws Exception {
        Path dir = Files.createDirectories(folder.resolve("parts/r" + round + "-ListerGet-" + contender.fileName()));
        Path json = write(dir, "result.json", withParams(entry(LISTER, "avgt", "ns/op", forks(1, score)),
                "client", "CLIENT_JAVA"));
        RunMetadata meta = new RunMetadata();
        meta.serverVersion = "v1.36.3";
        meta.clientJavaVersion = reports;
        Files.writeString(VersionJvms.sidecarOf(json), Interleave.GSON.toJson(meta));
        Interleave.Run run = new Interleave.Run();
        run.round = round;
        run.family = "ListerGet";
        run.label = contender.label();
        run.startedAt = "2026-11-30T16:00:01Z";
        run.finishedAt = "2026-11-30T16:00:02Z";
        run.status = RunMetadata.Status.COMPLETE;
        run.resultFile = folder.relativize(json).toString();
        return run;
    }
}
