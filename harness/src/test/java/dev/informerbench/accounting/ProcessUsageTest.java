package dev.informerbench.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Reading a process's CPU and memory the way the kernel reports them. */
class ProcessUsageTest {
    /** The lines of a real /proc/<pid>/status around the memory fields (Linux 6.x). */
    static final String STATUS = """
            Name:\tkube-apiserver
            VmPeak:\t 2263004 kB
            VmSize:\t 2263004 kB
            VmHWM:\t  412332 kB
            VmRSS:\t  398120 kB
            RssAnon:\t  301212 kB
            Threads:\t17
            """;

    @Test
    void memoryFieldsAreKibibytes() {
        assertThat(ProcessUsage.kibibytes(STATUS, "VmRSS")).isEqualTo(398_120);
        assertThat(ProcessUsage.kibibytes(STATUS, "VmHWM")).isEqualTo(412_332);
        assertThatThrownBy(() -> ProcessUsage.kibibytes(STATUS, "VmSwap")).hasMessage("/proc status has no VmSwap");
    }

    @Test
    void thisJvmHasUsedCpuAndHoldsMemory() {
        ProcessUsage now = ProcessUsage.of(ProcessHandle.current());
        assertThat(now.cpuSeconds()).isPositive();
        assertThat(now.residentBytes()).isGreaterThan(10L << 20);
        assertThat(now.peakResidentBytes()).isGreaterThanOrEqualTo(now.residentBytes());
    }
}
