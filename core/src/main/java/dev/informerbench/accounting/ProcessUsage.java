package dev.informerbench.accounting;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a server process of the local control plane (the suite's own kube-apiserver or etcd) has
 * used so far, as the kernel counts it: CPU time, user and system, from the JDK's
 * {@link ProcessHandle.Info#totalCpuDuration()} (Linux: {@code /proc/<pid>/stat}), and memory from
 * {@code /proc/<pid>/status}: resident now ({@code VmRSS}) and the peak since the process started
 * ({@code VmHWM}). A window's CPU is the difference of two readings; its memory peak needs
 * readings within it, since the process's own peak may come from before.
 *
 * @param cpuSeconds CPU time used since the process started
 * @param residentBytes resident set now
 * @param peakResidentBytes the largest resident set since the process started
 */
public record ProcessUsage(double cpuSeconds, long residentBytes, long peakResidentBytes) {
    private static final Pattern KIB = Pattern.compile("(?m)^(Vm\\w+):\\s+(\\d+) kB$");

    /** {@code process} now; one line saying why when it cannot be read (gone, not Linux, another user's). */
    public static ProcessUsage of(ProcessHandle process) {
        Duration cpu = process.info().totalCpuDuration().orElseThrow(() -> new IllegalStateException(
                "no CPU time for process " + process.pid() + " (not running, or not readable here)"));
        String status;
        try {
            status = Files.readString(Path.of("/proc", Long.toString(process.pid()), "status"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/" + process.pid() + "/status: " + e.getMessage(), e);
        }
        return new ProcessUsage(cpu.toNanos() / 1e9, kibibytes(status, "VmRSS") * 1024,
                kibibytes(status, "VmHWM") * 1024);
    }

    /** The {@code kB} value of {@code field} in a {@code /proc/<pid>/status} text. */
    static long kibibytes(String status, String field) {
        Matcher m = KIB.matcher(status);
        while (m.find()) {
            if (m.group(1).equals(field)) {
                return Long.parseLong(m.group(2));
            }
        }
        throw new IllegalStateException("/proc status has no " + field);
    }
}
