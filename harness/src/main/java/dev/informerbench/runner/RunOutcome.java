package dev.informerbench.runner;

import dev.informerbench.results.JmhJson;
import dev.informerbench.results.LatencyFiles;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.summary.RunSummary;
import dev.informerbench.support.CpuTimes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The end of a suite run: its latency tables, its status and its summary, settled once the
 * families are done; apart from {@link SuiteRunner}, which runs them.
 */
final class RunOutcome {
    private RunOutcome() {}

    /** Publishes the latency tables, settles the run's status and writes the summary beside the result file. */
    static SuiteRunner.Outcome settle(RunContext run, Optional<CpuTimes> cpuAtStart, PrintStream log)
            throws IOException {
        RunMetadata meta = run.meta();
        Path json = run.file().json();
        String prefix = json.getFileName().toString().replaceFirst("\\.json$", ".");
        List<LatencyFiles.Percentiles> latencies = LatencyFiles.publish(run.latencyDir(),
                run.request().resultsDir(), prefix);
        latencies.forEach(p -> meta.latencyFiles.add(prefix + p.name() + ".hgrm"));
        meta.requests = run.requests().finish();
        meta.cpu = cpuAtStart.flatMap(start -> CpuTimes.now().map(end -> end.since(start))).orElse(null);
        log.printf("[run-bench] %s%n", run.requests().line());
        boolean anyFailed = meta.error != null || meta.families.stream().anyMatch(f -> f.status == Status.FAILED);
        if (meta.status == Status.RUNNING) { // else interrupted: the shutdown hook has said so already
            meta.status = anyFailed ? Status.FAILED : Status.COMPLETE;
            meta.finishedAt = ResultFile.iso(Instant.now());
        }
        run.file().writeMetadata(meta);

        String summary = RunSummary.render(Files.exists(json) ? JmhJson.read(json) : List.of(), latencies)
                + "\n" + run.requests().line() + "\n";
        Files.writeString(run.request().resultsDir().resolve(prefix + "summary.txt"), summary);
        return new SuiteRunner.Outcome(run.file(), meta, summary);
    }
}
