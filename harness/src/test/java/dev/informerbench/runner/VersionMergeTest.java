package dev.informerbench.runner;

import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static dev.informerbench.results.JmhFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

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
}
