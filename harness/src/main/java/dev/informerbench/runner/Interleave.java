package dev.informerbench.runner;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.informerbench.results.RunMetadata.Status;
import dev.informerbench.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code interleave.json}, the sidecar of an interleaved run: how the run was cut and the
 * order its JVMs ran in. Rewritten after every JVM, so a run that stops keeps what ran.
 */
final class Interleave {
    static final String FILE = "interleave.json";
    /** The project's JSON style: pretty, no HTML escapes, NaN written as is. */
    static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();

    public String schema = "informer-bench/interleave/v1";
    public String profile;
    public List<String> versions;
    public List<String> labels;
    /** A --clients run: the clients, one per label; the families it leaves out (client-java only). */
    public List<String> clients;
    public List<String> skippedFamilies;
    public int rounds;
    public String order = "each unit (family x fork round) runs every version once, one fork each; "
            + "the versions' order rotates by one from unit to unit";
    public List<String> jmhArgs;
    /** {@code --plant}: the slowdown in percent planted in the last label's forks; 0 for none. */
    public int plantPercent;
    /** {@code --precision}, {@code --budget}: what was asked and what each row reached; null without them. */
    public PrecisionRecord precision;
    public List<Run> runs = new ArrayList<>();

    /** One JVM of the run, in the order they ran. */
    static final class Run {
        public int position;
        public int round;
        public String family;
        public String label;
        public String version;
        /** With {@code --precision}: a process of the pilot, whose forks only plan the measurement; null otherwise. */
        public Boolean pilot;
        public String startedAt;
        public String finishedAt;
        public int exitCode;
        /** complete, failed, or the status the JVM's own sidecar ended with (e.g. interrupted). */
        public Status status;
        /** The one-fork JMH JSON, relative to the run folder; null when none was written. */
        public String resultFile;
        /** Latency tables of a process that writes no sidecar (fabric8, client-go), relative to the run folder. */
        public List<String> latencyFiles = new ArrayList<>();
        /**
         * A process that writes no sidecar: its forks' requests against the server's count over
         * the unit (client-java's process audits itself, in its sidecar).
         */
        public RunMetadata.Requests requests;
    }

    void write(Path file) throws IOException {
        writeAtomically(file, GSON.toJson(this));
    }

    /** Writes through a temporary file, so a reader never sees half a file. */
    static void writeAtomically(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, content + "\n");
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
