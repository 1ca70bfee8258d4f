package dev.informerbench.results;

import static dev.informerbench.results.JmhFiles.LISTER;
import static dev.informerbench.results.JmhFiles.entry;
import static dev.informerbench.results.JmhFiles.forks;
import static dev.informerbench.results.JmhFiles.withParams;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One file for a --clients run: every client's rows, each saying whose it is. */
class AllClientsFileTest {
    @TempDir
    Path dir;

    @Test
    void keepsEveryClientsRowsInOrderAsTheyAre() throws Exception {
        Path java = JmhFiles.write(dir, "java.json",
                withParams(entry(LISTER, "avgt", "ns/op", forks(3, 72)), "client", "CLIENT_JAVA", "objects", "1000"));
        Path go = JmhFiles.write(dir, "go.json",
                withParams(entry(LISTER, "avgt", "ns/op", forks(3, 79)), "client", "CLIENT_GO", "objects", "1000"),
                withParams(entry(LISTER, "avgt", "ns/op", forks(3, 90)), "client", "CLIENT_GO", "objects", "10000"));
        JsonArray all = AllClientsFile.combine(List.of(new AllClientsFile.Part(java, "CLIENT_JAVA"),
                new AllClientsFile.Part(go, "CLIENT_GO")));
        assertThat(all).hasSize(3);
        assertThat(all.get(0)).isEqualTo(JmhFiles.read(java).get(0));
        assertThat(all.get(2)).isEqualTo(JmhFiles.read(go).get(1));
        assertThat(all.asList()).extracting(e -> e.getAsJsonObject().getAsJsonObject("params").get("client")
                .getAsString()).containsExactly("CLIENT_JAVA", "CLIENT_GO", "CLIENT_GO");
    }

    @Test
    void aRowWithoutAClientParamGetsItsFiles() throws Exception {
        Path plain = JmhFiles.write(dir, "plain.json", entry(LISTER, "avgt", "ns/op", forks(3, 72)));
        JsonObject row = AllClientsFile.combine(List.of(new AllClientsFile.Part(plain, "FABRIC8"))).get(0)
                .getAsJsonObject();
        assertThat(row.getAsJsonObject("params").get("client").getAsString()).isEqualTo("FABRIC8");
        assertThat(JmhFiles.read(plain).get(0).getAsJsonObject().has("params")).as("the client's own file").isFalse();
    }

    @Test
    void refusesRowsThatWouldNotSayWhoseTheyAre() {
        Path java = JmhFiles.write(dir, "java.json",
                withParams(entry(LISTER, "avgt", "ns/op", forks(3, 72)), "client", "CLIENT_JAVA"));
        assertThatThrownBy(() -> AllClientsFile.combine(List.of(new AllClientsFile.Part(java, "FABRIC8"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a row of client \"CLIENT_JAVA\"");
        assertThatThrownBy(() -> AllClientsFile.combine(List.of(new AllClientsFile.Part(java, "CLIENT_JAVA"),
                new AllClientsFile.Part(java, "CLIENT_JAVA"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is in two clients' files");
    }
}
