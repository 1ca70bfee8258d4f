package dev.informerbench.results;

import com.google.gson.annotations.SerializedName;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import dev.informerbench.support.CpuTimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The sidecar of a result file: what was measured, on what, with what. The JMH JSON stays
 * untouched for JMH tools; everything else a comparison needs to be fair lives here.
 */
public final class RunMetadata {
    public static final String SCHEMA = "informer-bench/run-metadata/v1";

    public String schema = SCHEMA;
    public String runId;
    public String profile;
    public String clientJavaVersion;
    public String serverVersion;
    public String targetKind;
    public String targetServer;
    public String jdk;
    public String jvm;
    public int cores;
    public long memoryBytes;
    public String os;
    public String gitCommit;
    public boolean gitDirty;
    public String jmhVersion;
    public String startedAt;
    public String finishedAt;
    /** Volatile: a SIGTERM hook sets it while the run's own thread may still be finishing. */
    public volatile Status status = Status.RUNNING;
    /** The process of the run ({@code host:pid:startMillis}): a later run marks a dead one's sidecar {@code killed}. */
    public String owner;
    /** Why the run ended early, when it did. */
    public String error;
    public String resultFile;
    public List<String> latencyFiles = new ArrayList<>();
    public List<String> jmhArgs = new ArrayList<>();
    public List<FamilyStatus> families = new ArrayList<>();
    /** A --clients run: the client measured ({@code client-java}, {@code fabric8}, {@code client-go}); else absent. */
    public String client;
    /** A --clients run: that client's version as launched (client-go's: its k8s.io/client-go module's). */
    public String clientVersion;
    /**
     * An interleaved run whose forks reported another client version than the one launched (a jar
     * built from a release tag without a version bump says the release's): what they reported. The
     * file is named and labelled after the contender launched; absent when the two agree.
     */
    public String reportedVersion;
    /**
     * An interleaved run: the build this contender ran, {@code release 27.0.0} or a local build,
     * {@code local 27.0.1-SNAPSHOT from <its jar>, modified <time>, sha256 <hex>}; absent for client-go.
     */
    public String clientBuild;
    /**
     * A --clients contender listed {@code on jdkN [FLAGS]}: the JDK its forks ran on and the flags
     * appended to theirs; absent when its forks ran on the harness's own JVM ({@link #jdk}, {@link #jvm}).
     */
    public ForkJdk forkJdk;
    /** An interleaved --client-versions run: this file's column label, e.g. {@code client-java 27.0.0 #2}. */
    public String label;
    /** An interleaved run: the sidecar recording the order the forks ran in ({@code interleave.json}). */
    public String interleaveFile;
    /** An interleaved run: the one-fork result files merged into this one, relative to its folder, in order. */
    public List<String> mergedFrom;
    /** The run's requests: the suite's count against the API server's own; set as the run ends. */
    public Requests requests;
    /**
     * The JVM options of every fork before the suite's properties: the profile's heap and, for
     * {@code compare}, its collector. Part of the answer: compare runs made with the same ones.
     */
    public List<String> forkJvm = new ArrayList<>();
    /** {@code --plant}: the slowdown planted in this file's forks, in percent; 0 for none. */
    public int plantPercent;
    /** The machine's cores over the run (/proc/stat): busy and stolen by the hypervisor; absent off Linux. */
    public CpuTimes.Share cpu;

    /**
     * A run's status, or one family's ({@code skipped}: the user's pattern left nothing of it).
     * The sidecar spells them in lowercase, as it always has.
     */
    public enum Status {
        @SerializedName("running") RUNNING,
        @SerializedName("complete") COMPLETE,
        @SerializedName("failed") FAILED,
        @SerializedName("interrupted") INTERRUPTED,
        @SerializedName("killed") KILLED,
        @SerializedName("skipped") SKIPPED;

        /** As the sidecar spells it, for messages. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final class FamilyStatus {
        public String name;
        public Status status;
        public String error;
        public double seconds;

        public FamilyStatus(String name, Status status, String error, double seconds) {
            this.name = name;
            this.status = status;
            this.error = error;
            this.seconds = seconds;
        }
    }

    /** The JVM of a contender's forks, as {@code --clients} named it and as it said itself when started. */
    public static final class ForkJdk {
        /** As listed: {@code jdk25}, or a JDK home's path. */
        public String asked;
        /** Its feature version (25). */
        public int feature;
        public String home;
        /** {@code java.version} and {@code java.vendor} of that JVM started with the forks' heap and flags. */
        public String javaVersion;
        public String javaVendor;
        /** Appended to every fork's JVM options, after the heap. */
        public List<String> flags = new ArrayList<>();
    }

    /**
     * Every request the run's JVMs sent, by kind, and what kube-apiserver counted for the
     * suite's resources ({@code apiserver_request_total}) over the same time.
     */
    public static final class Requests {
        /** All of the run's JVMs: list, watch, get, write, other, tooManyRequests. */
        public Map<String, Long> client = new LinkedHashMap<>();
        /**
         * Growth of apiserver_request_total for configmaps and namespaces: list, watch, get, write;
         * null when not read.
         */
        public Map<String, Long> server;
        /** The part of {@link #server} sent by kube-apiserver's own loopback clients (apiserver_selfrequest_total). */
        public Map<String, Long> serverSelf;
        /**
         * In words, one per kind on which clients and server disagree (loopback requests left out);
         * empty when none.
         */
        public List<String> differences = new ArrayList<>();
        /** Why the server's count was not read, when it was not. */
        public String serverUnavailable;
    }

    /** Fills in what this JVM and machine can tell. */
    public static RunMetadata forThisMachine(Path projectHome) {
        RunMetadata m = new RunMetadata();
        m.clientJavaVersion = clientJavaVersion();
        m.jmhVersion = mavenVersion("org.openjdk.jmh", "jmh-core");
        m.jdk = System.getProperty("java.version");
        m.jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version");
        m.cores = Runtime.getRuntime().availableProcessors();
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            m.memoryBytes = os.getTotalMemorySize();
        }
        m.os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        m.gitCommit = git(projectHome, "rev-parse", "HEAD");
        String status = git(projectHome, "status", "--porcelain", "--untracked-files=no");
        m.gitDirty = status != null && !status.isBlank();
        if (m.gitCommit == null) {
            m.gitCommit = "unknown";
        }
        return m;
    }

    /** The version of io.kubernetes:client-java on the class path (from its Maven metadata). */
    public static String clientJavaVersion() {
        String v = mavenVersion("io.kubernetes", "client-java");
        return v != null ? v : "unknown";
    }

    static String mavenVersion(String group, String artifact) {
        String resource = "META-INF/maven/" + group + "/" + artifact + "/pom.properties";
        try (InputStream in = RunMetadata.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            return null;
        }
    }

    private static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
