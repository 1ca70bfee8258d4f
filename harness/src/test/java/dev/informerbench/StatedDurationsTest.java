package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;
import dev.informerbench.cli.Main;
import dev.informerbench.runner.Profile;
import dev.informerbench.runner.ProfileTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * A profile's duration, row count, families and the default are stated once, in
 * {@link Profile}; every other mention is held to it here: docs/profiles.md is the output of
 * {@code ./run-bench.sh profiles}, a duration said next to a profile's name anywhere a user
 * reads (README, docs, CONTRIBUTING, the workflow, the CLI's sources) is that profile's measured
 * one, and the workflow's profiles fit its time limit for base and head.
 */
class StatedDurationsTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    /** A profile's name, then within the same sentence a number of minutes. */
    private static final Pattern STATED = Pattern.compile(
            "\\b(smoke|article|quick|compare|full)\\b[^.;\\n]{0,90}?\\b(\\d+(?:\\.\\d+)?)\\s*(?:min\\b|minutes)");
    /** The README's first command, then its duration. */
    private static final Pattern DEFAULT_RUN = Pattern.compile("\\./run-bench\\.sh\\s+#[^\\n]*?(\\d+) min");

    @Test
    void docsProfilesIsWhatTheCommandPrints() throws IOException {
        assertThat(Files.readString(HOME.resolve("docs/profiles.md")))
                .as("docs/profiles.md: regenerate with ./run-bench.sh profiles > docs/profiles.md")
                .isEqualTo(ProfileTable.markdown());
    }

    @Test
    void theCommandLinesDefaultIsTheProfilesDefault() {
        CommandLine run = new CommandLine(new Main()).getSubcommands().get("run");
        assertThat(run.getCommandSpec().findOption("--profile").defaultValue()).isEqualTo(Profile.DEFAULT.id());
    }

    @Test
    void everyDurationStatedBesideAProfileIsItsMeasuredOne() {
        List<String> wrong = new ArrayList<>();
        for (Path file : statingFiles()) {
            String text = read(file);
            Matcher m = STATED.matcher(text);
            while (m.find()) {
                Profile p = Profile.parse(m.group(1));
                double stated = Double.parseDouble(m.group(2));
                long measured = p.measured().map(x -> Math.round(x.minutes())).orElse(-1L);
                if (Math.round(stated) != measured) {
                    wrong.add(HOME.relativize(file) + ": \"" + m.group().replaceAll("\\s+", " ") + "\" (" + p.id()
                            + ": " + p.measured().map(Profile.Measured::words).orElse("not measured") + ")");
                }
            }
        }
        assertThat(wrong).as("durations that are not Profile's measured ones").isEmpty();
    }

    /** The control plane's first build: measured once, stated in docs/control-plane.md; said elsewhere, the same. */
    @Test
    void theControlPlanesBuildTimeIsStatedOnce() {
        Matcher source = Pattern.compile("The first build took \\*\\*(\\d+ min \\d+ s)\\*\\*")
                .matcher(read(HOME.resolve("docs/control-plane.md")));
        assertThat(source.find()).as("docs/control-plane.md states the first build's time").isTrue();
        Pattern elsewhere = Pattern.compile("control plane(?:'s)? build[^.\\n]{0,40}?(\\d+ min(?: \\d+ s)?)");
        List<String> wrong = new ArrayList<>();
        for (Path file : statingFiles()) {
            Matcher m = elsewhere.matcher(read(file));
            while (m.find()) {
                if (!m.group(1).equals(source.group(1))) {
                    wrong.add(HOME.relativize(file) + ": " + m.group());
                }
            }
        }
        assertThat(wrong).as("the control plane's build time, against docs/control-plane.md's " + source.group(1))
                .isEmpty();
    }

    /** The check above can fail: a stale sentence of the kind it replaced. */
    @Test
    void aStaleDurationIsFound() {
        assertThat(STATED.matcher("set BENCH_PROFILE to quick (about 20 min a side on 2 cores)").find()).isTrue();
        Matcher m = STATED.matcher("default profile quick (2-3 forks a row, about 40 min here once built)");
        assertThat(m.find()).isTrue();
        assertThat(m.group(2)).isEqualTo("40");
    }

    @Test
    void theReadmesFirstCommandSaysTheDefaultProfilesTime() {
        Matcher m = DEFAULT_RUN.matcher(read(HOME.resolve("README.md")));
        assertThat(m.find()).as("README: ./run-bench.sh   # ... N min").isTrue();
        assertThat(Long.parseLong(m.group(1)))
                .isEqualTo(Math.round(Profile.DEFAULT.measured().orElseThrow().minutes()));
    }

    /**
     * Three runs of the profile (base, head, base again) or three contenders of one (a client's old
     * version, its new one, the old again), with the builds (measured, docs/ci.md: the control plane's
     * first build 3.5 min, a jar well under 0.5 min: up to three, the head's and fabric8's two). The
     * workflow's own profile also holds six contenders, a pull request that changes both Java clients'
     * versions, with four jars.
     */
    @Test
    void theWorkflowsProfilesFitItsTimeLimit() {
        String workflow = read(HOME.resolve(".github/workflows/benchmark.yml"));
        Job job = Job.of(workflow, "benchmark");
        int limit = job.timeoutMinutes();
        List<String> named = new ArrayList<>(List.of(job.profile()));
        Matcher suggested = Pattern.compile("BENCH_PROFILE to (\\w+)").matcher(workflow);
        while (suggested.find()) {
            named.add(suggested.group(1));
        }
        double builds = 3.5 + 3 * 0.5;
        for (String name : named) {
            double run = Profile.parse(name).measured().orElseThrow().minutes();
            assertThat(3 * run + builds).as(name + ": three runs and the builds within timeout-minutes")
                    .isLessThanOrEqualTo(limit);
        }
        double own = Profile.parse(job.profile()).measured().orElseThrow().minutes();
        assertThat(6 * own + 3.5 + 4 * 0.5).as(job.profile() + ": both Java clients' versions, six contenders")
                .isLessThanOrEqualTo(limit);
    }

    /**
     * A client library's gate: three contenders in one interleaved run, the suite's jar built for the
     * release and for the build, the control plane's first build, and the client's own
     * {@code mvn install} (not measured here, where client-java cannot be built offline: 10 min allowed).
     */
    @Test
    void theClientLibraryWorkflowsProfileFitsItsTimeLimit() {
        Job job = Job.of(read(HOME.resolve("docs/workflows/client-library.yml")), "informer-bench");
        double contender = Profile.parse(job.profile()).measured().orElseThrow().minutes();
        assertThat(3 * contender + 3.5 + 2 * 0.5 + 10).as(job.profile() + ": three contenders and the builds")
                .isLessThanOrEqualTo(job.timeoutMinutes());
    }

    /** A workflow's job as these tests read it: its time limit and the profile its env names. */
    private record Job(int timeoutMinutes, String profile) {
        @SuppressWarnings("unchecked")
        static Job of(String workflow, String name) {
            Map<String, Object> yaml = new Yaml().load(workflow);
            Map<String, Object> job = (Map<String, Object>) ((Map<String, Object>) yaml.get("jobs")).get(name);
            return new Job((Integer) job.get("timeout-minutes"),
                    (String) ((Map<String, Object>) yaml.get("env")).get("BENCH_PROFILE"));
        }
    }

    private static List<Path> statingFiles() {
        List<Path> files = new ArrayList<>(List.of(HOME.resolve("README.md"), HOME.resolve("CONTRIBUTING.md"),
                HOME.resolve(".github/workflows/benchmark.yml")));
        for (String dir : List.of("docs", "harness/src/main/java", "core/src/main/java")) {
            try (Stream<Path> walk = Files.walk(HOME.resolve(dir))) {
                // findings and notes state the length of particular runs, which the profile's is not
                walk.filter(p -> p.toString().endsWith(".md") || p.toString().endsWith(".java"))
                        .filter(p -> !p.startsWith(HOME.resolve("docs/findings")))
                        .filter(p -> !p.toString().toLowerCase(Locale.ROOT).endsWith("profiles.md"))
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files.stream().filter(Files::isRegularFile).toList();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
