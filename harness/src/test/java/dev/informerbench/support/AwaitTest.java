package dev.informerbench.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.local.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AwaitTest {

    @Test
    void returnsOnceTheConditionHolds() throws InterruptedException {
        AtomicInteger polls = new AtomicInteger();
        Await.until(Duration.ofSeconds(5), "three polls", () -> polls.incrementAndGet() >= 3);
        assertThat(polls.get()).isEqualTo(3);
    }

    @Test
    void failsWithWhatItWaitedFor() {
        AtomicInteger seen = new AtomicInteger(4);
        assertThatThrownBy(() -> Await.until(Duration.ofMillis(30), () -> seen.get() + " of 10 events", () -> false))
                .isInstanceOf(Await.TimedOut.class)
                .hasMessage("waited 30 ms for 4 of 10 events");
    }

    @Test
    void aProbeGivesItsValueAndMayEndTheWaitByThrowing() throws InterruptedException {
        AtomicInteger polls = new AtomicInteger();
        String value = Await.value(Duration.ofSeconds(5), Duration.ofMillis(1), () -> "a value",
                () -> polls.incrementAndGet() < 2 ? Optional.empty() : Optional.of("ready"));
        assertThat(value).isEqualTo("ready");
        assertThatThrownBy(() -> Await.value(Duration.ofSeconds(5), Duration.ofMillis(1), () -> "never",
                () -> { throw new IllegalStateException("the process exited"); }))
                .hasMessage("the process exited");
    }

    @Test
    void durationsInWords() {
        assertThat(Durations.words(Duration.ofMillis(250))).isEqualTo("250 ms");
        assertThat(Durations.words(Duration.ofSeconds(30))).isEqualTo("30 s");
        assertThat(Durations.words(Duration.ofMillis(1500))).isEqualTo("1.5 s");
        assertThat(Durations.words(Duration.ofMinutes(3))).isEqualTo("3 min");
    }

    @Test
    void deletesATreeAndReadsATail(@TempDir Path dir) throws Exception {
        Path log = Files.createDirectories(dir.resolve("a/b")).resolve("log");
        Files.writeString(log, "one\ntwo\nthree\n");
        assertThat(FileTrees.tail(log, 2)).isEqualTo("two\nthree");
        assertThat(FileTrees.tail(dir.resolve("missing"), 2)).isEmpty();
        FileTrees.delete(dir.resolve("a"));
        assertThat(dir.resolve("a")).doesNotExist();
        FileTrees.delete(dir.resolve("a"));
    }
}
