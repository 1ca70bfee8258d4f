package dev.informerbench.fork;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;

/**
 * Latency of each operation of a benchmark, in nanoseconds, recorded with HdrHistogram
 * during measurement iterations only (warm-up is dropped). At the end of a trial the
 * histogram is appended to a {@code .hlog} file shared by all forks of that benchmark
 * (a file lock keeps forks apart); {@link LatencyFiles} merges it into the {@code .hgrm}
 * percentile table written next to the result JSON.
 */
public final class LatencyRecorder {
    /** Where forks append their histograms; run-bench.sh points it at the run's folder. */
    public static final String DIR_PROPERTY = "informerbench.latencyDir";

    private final Recorder recorder = new Recorder(3);
    private final Histogram trial = new Histogram(3);
    private volatile boolean measuring;

    /** Called from {@code @Setup(Level.Iteration)}. */
    public void startIteration(boolean measurement) {
        recorder.getIntervalHistogram(); // drop what came in between iterations
        measuring = measurement;
    }

    public void record(long nanos) {
        if (measuring) {
            recorder.recordValue(nanos);
        }
    }

    /** Called from {@code @TearDown(Level.Iteration)}. */
    public void endIteration() {
        Histogram interval = recorder.getIntervalHistogram();
        if (measuring) {
            trial.add(interval);
        }
        measuring = false;
    }

    public Histogram trialHistogram() {
        return trial;
    }

    /** Appends this trial's histogram, tagged, to {@code <dir>/<name>.hlog}; returns the file. */
    public Path appendTo(String name) {
        Path dir = Path.of(System.getProperty(DIR_PROPERTY, "target/latency"));
        Path file = dir.resolve(name + ".hlog");
        try {
            Files.createDirectories(dir);
            // Declared so the lock is released before the stream closes its channel.
            try (FileOutputStream out = new FileOutputStream(file.toFile(), true);
                    PrintStream print = new PrintStream(out, true);
                    FileLock lock = out.getChannel().lock()) {
                HistogramLogWriter writer = new HistogramLogWriter(print);
                if (out.getChannel().size() == 0) {
                    writer.outputLogFormatVersion();
                    writer.outputLegend();
                }
                trial.setTag(name);
                writer.outputIntervalHistogram(trial);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }
}
