package dev.informerbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** N controllers over K shards: N/K each, the first N%K one more, the shares adding up to N. */
class ShardTest {
    @ParameterizedTest
    @CsvSource({"1000, 4", "1000, 3", "10, 10", "7, 3", "1, 1", "1001, 7"})
    void theSharesAddUpToNAndDifferByOneAtMost(int total, int count) {
        List<Integer> shares = IntStream.range(0, count).mapToObj(i -> new Shard(i, count).share(total)).toList();
        assertThat(shares.stream().mapToInt(Integer::intValue).sum()).isEqualTo(total);
        assertThat(shares.get(0) - shares.get(count - 1)).isBetween(0, 1);
        for (int i = 0; i < count; i++) {
            assertThat(shares.get(i)).isEqualTo(total / count + (i < total % count ? 1 : 0));
        }
    }

    @Test
    void sevenOverThreeIsThreeTwoTwo() {
        assertThat(IntStream.range(0, 3).map(i -> new Shard(i, 3).share(7)).boxed().toList()).containsExactly(3, 2, 2);
    }

    @Test
    void parsesIndexOverCount() {
        assertThat(Shard.parse("2/4")).isEqualTo(new Shard(2, 4));
        assertThat(Shard.parse(" 0/1 ")).isEqualTo(new Shard(0, 1));
    }

    @Test
    void anUnexpandedIndexIsBadInput() {
        // What a pod would pass if Kubernetes had not expanded $(JOB_COMPLETION_INDEX).
        assertThatThrownBy(() -> Shard.parse("$(JOB_COMPLETION_INDEX)/4")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--shard '$(JOB_COMPLETION_INDEX)/4' is not INDEX/COUNT");
        assertThatThrownBy(() -> Shard.parse("1/0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Shard.parse("-1/4")).hasMessageContaining("is not INDEX/COUNT");
    }

    @Test
    void applyReplacesControllersWithTheShareAndKeepsTheRest() {
        JmhArgs args = JmhArgs.parse(List.of("ServerCost", "-p", "controllers=1000", "-p", "approach=POLL", "-f", "2"));
        assertThat(new Shard(0, 3).apply(args))
                .containsExactly("ServerCost", "-p", "controllers=334", "-p", "approach=POLL", "-f", "2");
        assertThat(new Shard(2, 3).apply(args))
                .containsExactly("ServerCost", "-p", "controllers=333", "-p", "approach=POLL", "-f", "2");
    }

    @Test
    void onlyServerCostWithOneNIsSharded() {
        assertThatThrownBy(() -> Shard.requireShardable(JmhArgs.parse(List.of("-p", "controllers=10")), 2))
                .hasMessageContaining("sharding splits ServerCost's controllers");
        assertThatThrownBy(() -> Shard.requireShardable(JmhArgs.parse(List.of("ServerCost")), 2))
                .hasMessageContaining("give none");
        assertThatThrownBy(() -> Shard.requireShardable(JmhArgs.parse(List.of("ServerCost", "-p", "controllers=3")), 4))
                .hasMessageContaining("at most 3 shards");
        assertThat(Shard.requireShardable(JmhArgs.parse(List.of("ServerCost", "-p", "controllers=3")), 3)).isEqualTo(3);
    }
}
