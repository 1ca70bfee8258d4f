package dev.informerbench.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * The machine's CPU time by kind, from the aggregate {@code cpu} line of {@code /proc/stat}
 * (Linux; in clock ticks): how busy the cores were over a run, and how much time the
 * hypervisor gave to other guests while this one wanted to run ({@code steal}), which a
 * benchmark on a shared VM cannot see otherwise.
 */
public record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {
    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** Now, where the machine has {@code /proc/stat}. */
    public static Optional<CpuTimes> now() {
        try {
            return Files.readAllLines(PROC_STAT).stream().filter(l -> l.startsWith("cpu ")).findFirst()
                    .map(CpuTimes::parse);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The {@code cpu} line of /proc/stat; missing trailing fields (older kernels) are 0. */
    static CpuTimes parse(String line) {
        long[] v = Arrays.stream(line.strip().split("\\s+")).skip(1).limit(8).mapToLong(Long::parseLong).toArray();
        long[] f = Arrays.copyOf(v, 8);
        return new CpuTimes(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]);
    }

    private long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** What the cores did between {@code start} and this snapshot, in percent of all their time. */
    public Share since(CpuTimes start) {
        double total = total() - start.total();
        if (total <= 0) {
            return new Share(0, 0);
        }
        double busy = user + nice + system + irq + softirq - (start.user + start.nice + start.system + start.irq
                + start.softirq);
        return new Share(100 * busy / total, 100 * (steal - start.steal) / total);
    }

    /** Busy and stolen time over an interval, in percent of all the cores' time. */
    public record Share(double busyPercent, double stealPercent) {}
}
