package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.bench.DirectGetBenchmark;
import dev.informerbench.bench.ListerGetBenchmark;
import dev.informerbench.client.ClientType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ProfileAndArgsTest {
    @Test
    void profilesByName() {
        assertThat(Profile.parse("smoke")).isEqualTo(Profile.SMOKE);
        assertThatThrownBy(() -> Profile.parse("fast"))
                .hasMessage("unknown profile 'fast'; accepted: smoke, article, quick, compare, full, memory");
    }

    @Test
    void clientJavasStormIsListWatchOnlyInItsOwnJar() {
        Family storm = Profile.QUICK.families().stream().filter(f -> f.name().equals("RestartStorm")).findFirst()
                .orElseThrow();
        assertThat(FamilyRun.params(storm, Optional.of(ClientType.CLIENT_JAVA)))
                .containsEntry("approach", new String[] {"LIST_WATCH"})
                .containsEntry("client", new String[] {"CLIENT_JAVA"});
        assertThat(FamilyRun.params(storm, Optional.of(ClientType.FABRIC8))).doesNotContainKey("approach")
                .containsEntry("client", new String[] {"FABRIC8"});
        assertThat(storm.localOnly()).isTrue();
        // 100 informers of a 10 MiB namespace: fabric8's forks ran out of the profile's 2 GiB
        assertThat(storm.forkJvm(Profile.QUICK)).containsExactly("-Xms6g", "-Xmx6g");
        assertThat(Profile.QUICK.families().get(0).forkJvm(Profile.QUICK)).isEqualTo(Profile.QUICK.forkJvm());
    }

    @Test
    void smokeAndFullRunEveryFamilyAndQuickAllButTheMemoryProfiles() {
        for (Profile p : List.of(Profile.SMOKE, Profile.FULL)) {
            assertThat(p.families()).extracting(Family::name).containsExactly("ListerGet", "IndexerList",
                    "DirectGet.throttled", "DirectGet.unthrottled", "ResyncFanout", "CustomIndex", "SyncAndMemory",
                    "CacheMemory", "Relist", "HandlerFanout", "ResyncZero", "ServerCost", "RestartStorm");
        }
        assertThat(Profile.QUICK.families()).extracting(Family::name).containsExactly("ListerGet", "IndexerList",
                "DirectGet.throttled", "DirectGet.unthrottled", "ResyncFanout", "CustomIndex", "SyncAndMemory",
                "Relist", "HandlerFanout", "ResyncZero", "ServerCost", "RestartStorm");
        assertThat(Profile.MEMORY.families()).extracting(Family::name).containsExactly("CacheMemory");
    }

    @Test
    void theCompareProfileHoldsTheRowsAComparisonOfVersionsNeeds() {
        assertThat(Profile.COMPARE.families()).extracting(Family::name).containsExactly("ListerGet", "IndexerList",
                "CustomIndex", "Plant", "DirectGet.unthrottled", "SyncAndMemory", "Relist", "HandlerFanout");
        // more, shorter forks than quick: the rows' forks differ more than their iterations
        assertThat(Profile.COMPARE.families()).filteredOn(f -> !f.name().equals("Plant")).allMatch(f -> {
            Family quick = Profile.QUICK.families().stream().filter(q -> q.name().equals(f.name())).findFirst()
                    .orElseThrow();
            return f.forks() > quick.forks();
        });
        // and warm-ups no shorter than quick's for the cache reads (shorter ones measured unsettled code)
        assertThat(Profile.COMPARE.families()).filteredOn(f -> List.of("ListerGet", "IndexerList", "CustomIndex")
                .contains(f.name())).allMatch(f -> Profile.QUICK.families().stream()
                        .filter(q -> q.name().equals(f.name())).allMatch(q -> f.warmupIterations() * f.warmupSeconds()
                                >= q.warmupIterations() * q.warmupSeconds()));
        assertThat(Profile.COMPARE.forkJvm()).isEqualTo(Profile.QUICK.forkJvm()).containsExactly("-Xms2g", "-Xmx2g");
    }

    @Test
    void userPatternsNarrowAFamily() {
        Family lister = Profile.QUICK.families().get(0);
        String both = JmhArgs.parse(List.of("lister_t2")).include(lister);
        assertThat(Pattern.compile(both).matcher(ListerGetBenchmark.class.getName() + ".lister_t2").find()).isTrue();
        assertThat(Pattern.compile(both).matcher(ListerGetBenchmark.class.getName() + ".mapBuiltKey_t2").find())
                .isFalse();
        assertThat(Pattern.compile(both).matcher(DirectGetBenchmark.class.getName() + ".throttled").find()).isFalse();
        assertThat(JmhArgs.parse(List.of()).include(lister)).isEqualTo(lister.include());
    }

    @Test
    void userParamsAreFound() {
        assertThat(JmhArgs.parse(List.of("-p", "objects=7", "-p", "qps=2")).paramKeys(List.of("objects")))
                .containsExactly("objects", "qps");
    }

    @Test
    void badJmhArgumentsAreOneLine() {
        assertThatThrownBy(() -> JmhArgs.parse(List.of("-f", "many")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("JMH arguments after -- are not valid:");
    }

    @Test
    void anUnknownBenchmarkIsBadInput() {
        JmhArgs.parse(List.of("ListerGetBenchmark.lister_t1")).requireKnownBenchmarks();
        assertThatThrownBy(() -> JmhArgs.parse(List.of("ListerGet.lister_t9")).requireKnownBenchmarks())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no benchmark matches 'ListerGet.lister_t9' (a regex over the names the summary"
                        + " prints, or full names); benchmarks: CacheMemory.sync, CustomIndex.lookup, "
                        + "CustomIndex.update, DirectGet.throttled, ");
    }

    @Test
    void theNamesTheSummaryPrintsAreNamesTheFilterTakes() {
        JmhArgs args = JmhArgs.parse(List.of("ListerGet.lister_t1"));
        args.requireKnownBenchmarks();
        assertThat(args.selectedBenchmarks()).containsExactly("dev.informerbench.bench.ListerGetBenchmark.lister_t1");
        Family lister = Profile.QUICK.families().get(0);
        Family indexer = Profile.QUICK.families().get(1);
        assertThat(args.benchmarksMatching(args.include(lister)))
                .containsExactly("dev.informerbench.bench.ListerGetBenchmark.lister_t1");
        assertThat(args.benchmarksMatching(args.include(indexer))).isEmpty();
    }

    @Test
    void userParamsReplaceTheFamilysValues() {
        var merged = JmhArgs.parse(List.of("-p", "objects=10000,100000", "-p", "qps=2"))
                .params(Map.of("objects", new String[] {"1000", "10000"}));
        assertThat(merged.get("objects")).containsExactly("10000", "100000");
        assertThat(merged.get("qps")).containsExactly("2");
        assertThat(JmhArgs.parse(List.of()).params(Map.of("objects", new String[] {"100"})).get("objects"))
                .containsExactly("100");
    }
}
