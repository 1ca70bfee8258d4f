package dev.informerbench.sizing;

import static dev.informerbench.sizing.MemoryDataTest.NONLINEAR;
import static dev.informerbench.sizing.MemoryDataTest.RUNS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.informerbench.client.ClientType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The estimate, its margin, what the data lacks, and the counts a heap or etcd holds. */
class SizingTest {
    private static final MemoryData DATA = MemoryData.read(List.of(RUNS));
    private static final String FROM = "runs";
    private static final double MIB = 1024 * 1024;

    private static Selection javaOn(String jdk, SizedRemedy remedy) {
        return new Selection(ClientType.CLIENT_JAVA, "27.0.0", jdk, null, remedy);
    }

    /** The synthetic lines: Pods 3 MiB + 9,000 bytes an object, Secrets 2 MiB + 2,600 (within their noise). */
    @Test
    void theEstimateIsEachKindsLineSummedAndTheHeapItsMargin() {
        Sizing.Answer a = Sizing.of(DATA, javaOn("17", SizedRemedy.FULL),
                Map.of(SizedKind.POD, 8209L, SizedKind.SECRET, 2000L, SizedKind.CONFIG_MAP, 0L), FROM);
        assertThat(a.kinds()).extracting(Sizing.KindEstimate::kind).containsExactly(SizedKind.SECRET,
                SizedKind.POD);
        double truth = 3 + 9000 * 8209 / MIB + 2 + 2600 * 2000 / MIB;
        assertThat(a.totalMiB()).isCloseTo(truth, within(truth * 0.01));
        assertThat(a.totalObjects()).isEqualTo(10_209);
        assertThat(a.kinds().get(1).model().bytesPerObject()).isCloseTo(9000, within(90.0));
        assertThat(a.largestError()).isPositive().isLessThan(0.05);
        assertThat(a.suggestedMiB()).isEqualTo((long) Math.ceil(a.totalMiB() * (1 + a.largestError()) * 2));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "FABRIC8 | 7.5.0 | | full | no CacheMemory data for fabric8 7.5.0 in runs; it holds fabric8 8.0.0",
        "CLIENT_JAVA | 27.0.0 | 19 | full | no CacheMemory data for client-java 27.0.0 on JDK 19 in runs; it holds"
                + " client-java 27.0.0 on JDK 17, client-java 27.0.0 on JDK 21, client-java 27.0.0 on JDK 25"
                + " -XX:+UseCompactObjectHeaders",
        "CLIENT_JAVA | 27.0.0 | 25 | full | no CacheMemory data for client-java 27.0.0 on JDK 25 without -XX: options"
                + " in runs; it holds client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders",
        "CLIENT_JAVA | 27.0.0 | | full | the data in runs holds client-java 27.0.0 on JDK 17, client-java 27.0.0 on"
                + " JDK 21, client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders; name one, e.g. --jdk 25"
                + " --jvm-flag=-XX:+UseCompactObjectHeaders",
        "CLIENT_JAVA | 27.0.0 | 17 | selector-tenth | no CacheMemory data for client-java 27.0.0 on JDK 17 with"
                + " remedy selector-tenth in runs; it holds full, metadata-only",
        "CLIENT_JAVA | 27.0.0 | 21 | full | no CacheMemory data for ConfigMaps of client-java 27.0.0 on JDK 21,"
                + " remedy full, in runs; it holds Secrets, Pods",
        "CLIENT_GO | | 21 | full | client-go runs on Go, not a JVM (its data: Go 1.26); accepted: client-go without"
                + " --jdk and --jvm-flag",
    })
    void whatTheDataLacksIsOneLineNamingWhatItHolds(String client, String version, String jdk, String remedy,
            String message) {
        Selection s = new Selection(ClientType.valueOf(client), version, jdk, null, SizedRemedy.parse(remedy));
        assertThatThrownBy(() -> Sizing.of(DATA, s, Map.of(SizedKind.CONFIG_MAP, 10L), FROM))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void aKindMeasuredAtOneSizeHasNoLine() {
        Selection s = new Selection(ClientType.CLIENT_JAVA, null, "25", List.of("-XX:+UseCompactObjectHeaders"),
                SizedRemedy.FULL);
        assertThatThrownBy(() -> Sizing.of(DATA, s, Map.of(SizedKind.CONFIG_MAP, 10L), FROM)).hasMessage(
                "ConfigMaps of client-java 27.0.0 on JDK 25 -XX:+UseCompactObjectHeaders, remedy full, were measured"
                        + " at one size in runs (1,000); a line needs two sizes or more");
    }

    @Test
    void theHeldOutCheckOfEverySeries() {
        HeldOutCheck all = HeldOutCheck.of(DATA, new Selection(null, null, null, null, null), FROM);
        assertThat(all.models()).hasSize(14);
        assertThat(all.unchecked()).hasSize(2);
        assertThat(all.passed()).isTrue();
        HeldOutCheck curve = HeldOutCheck.of(MemoryData.read(List.of(NONLINEAR)), new Selection(null, null, null,
                null, null), FROM);
        assertThat(curve.passed()).isFalse();
        assertThat(curve.models().get(0).heldOut().orElseThrow().relativeError()).isCloseTo(-0.47, within(0.01));
    }

    @Test
    void theMarginHalvesTheHeapForTheLiveSet() {
        assertThat(HeapMargin.heapMiB(100, 0.05)).isCloseTo(210, within(1e-9));
        assertThat(HeapMargin.mostObjects(1L << 31, 0, 4608, 0)).isEqualTo(233_016);
        assertThat(HeapMargin.mostObjects(1L << 20, 1L << 20, 100, 0)).isZero();
    }

    @Test
    void aHeapHoldsTheKindsConservativeFigureWithoutALine() {
        CacheCapacity.Limit none = CacheCapacity.heap(1L << 31, ClientType.CLIENT_JAVA, SizedKind.CONFIG_MAP,
                SizedRemedy.FULL, 0, MemoryData.readQuietly(RUNS.resolve("nowhere")));
        assertThat(none.objects()).isEqualTo(233_016);
        assertThat(none.perObject()).isEqualTo("4,608 bytes each (the conservative figure: no CacheMemory line of"
                + " client-java's ConfigMaps, remedy full)");
        CacheCapacity.Limit line = CacheCapacity.heap(1L << 31, ClientType.CLIENT_JAVA, SizedKind.POD,
                SizedRemedy.FULL, 0, DATA);
        // the fewest of the three lines: JDK 17's 9,000 bytes an object (JDK 21: 8,800, JDK 25: 7,600)
        assertThat(line.objects()).isBetween(112_000L, 119_000L);
        assertThat(line.perObject()).contains("CacheMemory's line of client-java 27.0.0 on JDK 17, remedy full");
        // a remedy without a line of its own is bounded by the whole objects' line
        CacheCapacity.Limit tenth = CacheCapacity.heap(1L << 31, ClientType.CLIENT_JAVA, SizedKind.POD,
                SizedRemedy.SELECTOR_TENTH, 0, DATA);
        assertThat(tenth).isEqualTo(line);
        assertThat(tenth.measured()).isTrue();
        assertThat(none.measured()).isFalse();
    }

    @Test
    void etcdHoldsItsQuotaOverTwiceAnObjectsJson() {
        CacheCapacity.Limit measured = CacheCapacity.storage(1L << 31, SizedKind.CONFIG_MAP, 0, DATA);
        assertThat(measured.objects()).isEqualTo((1L << 31) / (2 * 420 + 512));
        CacheCapacity.Limit padded = CacheCapacity.storage(1L << 31, SizedKind.CONFIG_MAP, 1024,
                MemoryData.readQuietly(RUNS.resolve("nowhere")));
        assertThat(padded.objects()).isEqualTo((1L << 31) / (2048 + 2 * 1024));
        assertThat(padded.perObject()).isEqualTo("4,096 bytes stored each (the conservative figure: no CacheMemory"
                + " measure of a ConfigMap's JSON)");
    }
}
