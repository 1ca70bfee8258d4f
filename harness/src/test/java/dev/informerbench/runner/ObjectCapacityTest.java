package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.client.ClientType;
import dev.informerbench.sizing.MemoryData;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/** -p objects= bounded by the fork's heap and the local etcd: every profile's own counts pass. */
class ObjectCapacityTest {
    private static final MemoryData NONE = MemoryData.readQuietly(Path.of("no-such-folder"));
    private static final MemoryData SYNTHETIC = MemoryData.read(List.of(Path.of("harness", "src", "test",
            "resources", "dev", "informerbench", "sizing", "runs")));
    private static final EnumSet<ClientType> JVM_CLIENTS = EnumSet.of(ClientType.CLIENT_JAVA, ClientType.FABRIC8);

    private static JmhArgs args(String... words) {
        return JmhArgs.parse(List.of(words));
    }

    /** Each profile's largest count, or the benchmarks' declared one where it gives none, fits both limits. */
    @Test
    void everyProfilesOwnCountsFit() {
        for (Profile profile : Profile.values()) {
            for (Family family : profile.families()) {
                List<String> counts = family.params().containsKey("objects")
                        ? List.of(family.params().get("objects")) : declaredObjects(family);
                for (String n : counts.stream().max((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)))
                        .stream().toList()) {
                    for (MemoryData data : List.of(NONE, SYNTHETIC)) {
                        Optional<ObjectCapacity.Bound> bound = ObjectCapacity.bound(args(family.include(), "-p",
                                "objects=" + n), profile, true, JVM_CLIENTS, data);
                        assertThat(bound).as(profile.id() + " " + family.name()).isPresent();
                        assertThat(bound.get().objects()).as(profile.id() + " " + family.name() + " objects=" + n
                                + ": " + bound.get().says()).isGreaterThanOrEqualTo(Long.parseLong(n));
                    }
                }
            }
        }
        assertThatCode(() -> ObjectCapacity.require(args("SyncAndMemory", "-p", "objects=100000"), Profile.FULL, true,
                "client-java,fabric8,client-go")).doesNotThrowAnyException();
    }

    private static List<String> declaredObjects(Family family) {
        return JmhArgs.benchmarkEntries().stream().filter(e -> e.getUsername().matches(".*" + family.include()))
                .map(BenchmarkListEntry::getParams).flatMap(p -> Arrays.stream(p.orElse(Map.of())
                        .getOrDefault("objects", new String[0]))).distinct().toList();
    }

    @Test
    void aCountTheForkHeapCannotHoldIsRefusedNamingTheLargestAccepted() {
        assertThatThrownBy(() -> ObjectCapacity.require(args("ListerGetBenchmark.lister_t1", "-p",
                "objects=1000,1000000000"), Profile.ARTICLE, true, null)).hasMessage("-p objects=1000000000:"
                        + " ListerGet's forks in the article profile have a 2 GiB heap (-Xmx2g), which holds at most"
                        + " 526,254 ConfigMaps in client-java's cache at 1,982 bytes each + 0.0 MiB (CacheMemory's"
                        + " line of client-java 27.0.0 on JDK 17, remedy full, largest error 3.0%), the live set at"
                        + " most half the heap (docs/sizing.md); largest accepted: 526254");
        assertThatCode(() -> ObjectCapacity.require(args("ListerGetBenchmark.lister_t1", "-p", "objects=526254"),
                Profile.ARTICLE, true, null)).doesNotThrowAnyException();
    }

    /** The user's -jvmArgsAppend heap comes last on the fork's command line, so it is the heap that bounds. */
    @Test
    void theUsersHeapReplacesTheProfiles() {
        JmhArgs small = args("ListerGetBenchmark.lister_t1", "-p", "objects=600000", "-jvmArgsAppend", "-Xmx1g");
        assertThatThrownBy(() -> ObjectCapacity.require(small, Profile.ARTICLE, true, null)).hasMessageContaining(
                "ListerGet's forks, given -jvmArgsAppend, have a 1 GiB heap (-Xmx1g), which holds at most");
        JmhArgs large = args("ListerGetBenchmark.lister_t1", "-p", "objects=600000", "-jvmArgsAppend",
                "-XX:+UseG1GC -Xmx4g");
        assertThatCode(() -> ObjectCapacity.require(large, Profile.ARTICLE, true, null)).doesNotThrowAnyException();
    }

    /**
     * RestartStorm pads each ConfigMap with 100 KiB (objectKiB): its 6 GiB forks hold 30,102 of them
     * (3 GiB over 4,608 + 102,400 bytes), etcd's 8 GiB 41,524 (8 GiB over 2 × 775 + 512 + 2 × 102,400,
     * the committed runs' ConfigMap JSON): for client-go, which has no -Xmx, etcd binds.
     */
    @Test
    void etcdBindsForLargeObjectsOnTheLocalControlPlaneOnly() {
        JmhArgs storm = args("RestartStorm", "-p", "objects=50000");
        assertThatThrownBy(() -> ObjectCapacity.require(storm, Profile.QUICK, true, "client-go")).hasMessage(
                "-p objects=50000: the local control plane's etcd, its quota 8 GiB (--quota-backend-bytes), holds at"
                        + " most 41,524 ConfigMaps at 206,862 bytes stored each (twice the 775 bytes of one's JSON,"
                        + " CacheMemory's object.jsonBytes, and 512 for its key and revision) (docs/sizing.md); largest"
                        + " accepted: 41524");
        assertThat(ObjectCapacity.bound(storm, Profile.QUICK, false, EnumSet.of(ClientType.CLIENT_JAVA), NONE))
                .hasValueSatisfying(b -> assertThat(b.objects()).isEqualTo(30_102));
        // client-go alone off the local control plane: nothing bounds it
        assertThat(ObjectCapacity.bound(storm, Profile.QUICK, false, ObjectCapacity.jvmClients("client-go"), NONE))
                .isEmpty();
    }

    @Test
    void aLineOfTheDataReplacesTheConservativeFigure() {
        ObjectCapacity.Bound bound = ObjectCapacity.bound(args("ListerGetBenchmark.lister_t1", "-p", "objects=10"),
                Profile.ARTICLE, true, EnumSet.of(ClientType.FABRIC8), SYNTHETIC).orElseThrow();
        // fabric8's ConfigMaps: 4 MiB + 3,500 bytes an object on JDK 17, 1.1% off at most
        assertThat(bound.objects()).isBetween(290_000L, 306_000L);
        assertThat(bound.says()).contains("in fabric8's cache at 3,5").contains("CacheMemory's line of fabric8 8.0.0");
    }

    @Test
    void theClientsAndTheHeapOfARun() {
        assertThat(ObjectCapacity.jvmClients(null)).containsExactly(ClientType.CLIENT_JAVA);
        assertThat(ObjectCapacity.jvmClients("client-java@26.0.0,fabric8,client-go,okhttp"))
                .containsExactly(ClientType.CLIENT_JAVA, ClientType.FABRIC8);
        assertThat(ObjectCapacity.heapBytes(List.of("-Xms2g", "-Xmx2g"))).isEqualTo(2L << 30);
        assertThat(ObjectCapacity.heapBytes(List.of("-Xmx6g", "-Xmx512m"))).isEqualTo(512L << 20);
        assertThat(ObjectCapacity.heapBytes(List.of("-Xms1g"))).isZero();
        assertThat(ObjectCapacity.size(2L << 30)).isEqualTo("2 GiB");
        assertThat(ObjectCapacity.size(3L << 29)).isEqualTo("1.5 GiB");
        assertThat(ObjectCapacity.size(512L << 20)).isEqualTo("512 MiB");
    }
}
