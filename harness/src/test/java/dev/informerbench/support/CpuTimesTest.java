package dev.informerbench.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CpuTimesTest {
    @Test
    void busyAndStolenShareOfAnInterval() {
        CpuTimes start = CpuTimes.parse("cpu  100 0 50 800 10 0 0 40 0 0");
        CpuTimes end = CpuTimes.parse("cpu  400 0 150 1300 10 0 0 140 0 0");
        // 1,000 ticks went by: 400 busy (user 300 + system 100), 500 idle, 100 stolen
        CpuTimes.Share share = end.since(start);
        assertThat(share.busyPercent()).isCloseTo(40, within(1e-9));
        assertThat(share.stealPercent()).isCloseTo(10, within(1e-9));
    }

    @Test
    void anOldKernelsShortLineHasNoSteal() {
        CpuTimes old = CpuTimes.parse("cpu 1 2 3 4");
        assertThat(old.steal()).isZero();
        assertThat(CpuTimes.now()).isPresent(); // this project runs on Linux
    }
}
