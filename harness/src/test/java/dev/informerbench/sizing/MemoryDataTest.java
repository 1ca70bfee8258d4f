package dev.informerbench.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ClientType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which rows are read, and whose: client, version and JVM from rows, sidecars and labels. */
class MemoryDataTest {
    /** The synthetic CacheMemory results of these tests (their README says how they were made). */
    static final Path DATA = Path.of("harness", "src", "test", "resources", "dev", "informerbench", "sizing");
    static final Path RUNS = DATA.resolve("runs");
    static final Path NONLINEAR = DATA.resolve("nonlinear");

    @Test
    void aFolderIsReadWholeButTheCopiesARunFolderHolds() {
        MemoryData data = MemoryData.read(List.of(RUNS));
        // 18 client-java (JDK 17), 9 fabric8, 9 client-go, 5 on JDK 21, 4 on JDK 25; no part, no all-clients.json
        assertThat(data.points()).hasSize(45);
        assertThat(data.points()).noneMatch(p -> p.file().equals("all-clients.json")
                || p.file().startsWith("20270101T000100Z"));
        assertThat(data.series().keySet().stream().map(CacheSeries::contenderOnJvm).distinct()).containsExactly(
                "client-java 27.0.0 on JDK 17", "client-java 27.0.0 on JDK 21",
                "client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders", "fabric8 8.0.0 on JDK 17",
                "client-go 0.36.3 on Go 1.26");
    }

    @Test
    void aSeriesIsOneClientVersionJvmKindAndRemedy() {
        MemoryData data = MemoryData.read(List.of(RUNS.resolve("20270101T000000Z_clients")));
        CacheSeries pods = new CacheSeries(ClientType.CLIENT_JAVA, "27.0.0", JvmLabel.jdk("17", List.of()),
                SizedKind.POD, SizedRemedy.FULL);
        List<MemoryPoint> points = data.series().get(pods);
        assertThat(points).extracting(MemoryPoint::objects).containsExactly(1000L, 10_000L, 100_000L);
        assertThat(points.get(0).jsonBytes()).isEqualTo(4100);
        assertThat(points.get(0).file()).isEqualTo("20270101T000000Z_client-java-27.0.0_k8s-1.36.3.json");
    }

    @Test
    void aFileNamedMustBeJmhJsonAndAPathMustExist() {
        Path scenario = RUNS.resolve("20270102T010000Z_scenario_client-java-27.0.0_k8s-1.36.3.json");
        assertThatThrownBy(() -> MemoryData.read(List.of(scenario)))
                .hasMessage(scenario + " is not JMH JSON: expected a JSON array of benchmark results, found an object");
        assertThatThrownBy(() -> MemoryData.read(List.of(DATA.resolve("nowhere"))))
                .hasMessage("--from " + DATA.resolve("nowhere") + ": no such file or folder");
        assertThat(MemoryData.readQuietly(DATA.resolve("nowhere")).points()).isEmpty();
        assertThat(MemoryData.readQuietly(RUNS).points()).hasSize(45);
    }

    @Test
    void theJvmOfARowOrALabel() {
        assertThat(JvmLabel.feature("17.0.15")).isEqualTo("17");
        assertThat(JvmLabel.feature("1.8.0_392")).isEqualTo("8");
        assertThat(JvmLabel.feature("25-ea")).isEqualTo("25");
        assertThat(JvmLabel.feature("21")).isEqualTo("21");
        assertThat(JvmLabel.feature(null)).isEqualTo("?");
        assertThat(JvmLabel.ofRow("25.0.1", List.of("-Xmx2g", "-XX:+UseCompactObjectHeaders", "-Dx=y")))
                .hasToString("JDK 25 -XX:+UseCompactObjectHeaders");
        assertThat(JvmLabel.ofLabel("client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders"
                + " -XX:+UnlockExperimentalVMOptions")).hasValueSatisfying(j -> assertThat(j).hasToString(
                        "JDK 25 -XX:+UnlockExperimentalVMOptions -XX:+UseCompactObjectHeaders"));
        assertThat(JvmLabel.ofLabel("client-java 27.0.0 #2")).isEmpty();
        assertThat(JvmLabel.go("go1.26.8")).hasToString("Go 1.26");
        assertThat(JvmLabel.go(null)).hasToString("Go ?");
    }
}
