package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.cli.Main;
import dev.informerbench.comparison.ComparisonReport;
import dev.informerbench.export.ExportFormat;
import dev.informerbench.local.Commands;
import dev.informerbench.runner.ClientSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * The CI workflow users copy ({@code .github/workflows/benchmark.yml}) cannot run here, so it is
 * checked in two ways: every {@code ./run-bench.sh} its steps run, parsed by the command line it
 * would call, so that a renamed subcommand or option breaks this test rather than the users' CI;
 * and actionlint ({@link WorkflowLintIT}, in {@code mvn verify}: it installs actionlint from the
 * Go module proxy). The script that decides what it compares: {@link PrComparisonScriptTest}.
 */
class WorkflowTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path WORKFLOW = HOME.resolve(".github/workflows/benchmark.yml");
    /** The workflow a client library copies into its own repository (docs/ci.md). */
    private static final Path LIBRARY_WORKFLOW = HOME.resolve("docs/workflows/client-library.yml");

    @Test
    void everyRunBenchInvocationIsACommandLineOfTheSuite() throws IOException {
        List<List<String>> invocations = invocations(WORKFLOW);
        // A client's versions in one run, then per client compared three times (text for the log, the gate,
        // the A/A) and one report; or base, head and base again (with --clients client-go, or without), the same.
        assertThat(invocations).extracting(args -> args.get(0)).containsExactly(
                "--profile", "compare", "compare", "compare", "report",
                "--profile", "--profile", "compare", "compare", "compare", "report");
        invocations.forEach(WorkflowTest::assertParses);
    }

    /**
     * A changed client version: the old, the new and the old again in one run, the list the workflow's
     * script prints for it (PrComparisonScriptTest) put in, labelled apart; compared without drift
     * allowance, as one run's forks took turns. Base and head, separate runs, keep compare's allowance.
     */
    @Test
    void aChangedClientVersionIsOneInterleavedRunComparedWithoutDriftAllowance() throws IOException {
        List<List<String>> interleaved =
                invocations(WORKFLOW, "The old version, the new and the old again, interleaved");
        assertThat(interleaved).hasSize(1);
        List<String> run = interleaved.get(0);
        String clients = run.get(run.indexOf("--clients") + 1)
                .replace("$BENCH_CLIENTS", "client-java@27.0.0,client-java@27.1.0,client-java@27.0.0");
        assertThat(ClientSpec.labels(ClientSpec.parse(clients, type -> "unused")))
                .containsExactly("client-java 27.0.0", "client-java 27.1.0", "client-java 27.0.0 #2");
        List<List<String>> compared = invocations(WORKFLOW, "Compare the new version with the old").stream()
                .filter(args -> args.get(0).equals("compare")).toList();
        assertThat(compared).hasSize(3).allSatisfy(args -> assertThat(args).containsSequence("--min-change", "0"));
        assertThat(compared.get(1)).contains("--threshold");

        List<List<String>> sides = invocations(WORKFLOW, "The base, the head and the base again, one after the other");
        assertThat(sides).hasSize(2).allSatisfy(args -> assertThat(args).contains("--profile"));
        assertThat(sides.get(0)).containsSequence("--clients", "$SIDE_CLIENTS");
        List<List<String>> separate = invocations(WORKFLOW, "Compare the head with the base").stream()
                .filter(args -> args.get(0).equals("compare")).toList();
        assertThat(separate).hasSize(3).noneSatisfy(args -> assertThat(args).contains("--min-change"));
        assertThat(separate.get(1)).contains("--threshold");
    }

    /** The commented-out steps users switch on (github-action-benchmark, Bencher) are held to the same. */
    @Test
    void theCommentedExportsAreCommandLinesOfTheSuiteToo() throws IOException {
        List<List<String>> invocations = commentedInvocations();
        assertThat(invocations).extracting(args -> args.get(0) + " " + args.get(args.indexOf("--format") + 1))
                .containsExactly("export github-action-benchmark", "export bencher");
        invocations.forEach(WorkflowTest::assertParses);
    }

    private static void assertParses(List<String> args) {
        assertThatCode(() -> parse(args)).as("./run-bench.sh " + String.join(" ", args)).doesNotThrowAnyException();
    }

    /** The check above can fail: what a typo in the workflow would look like. */
    @Test
    void parseRefusesWhatTheSuiteWouldRefuse() {
        assertThatCode(() -> parse(List.of("compare", "a.json", "b.json", "--threshold", "5")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> parse(List.of("compare", "a.json", "b.json", "--treshold", "5")))
                .isInstanceOf(ParameterException.class);
        assertThatThrownBy(() -> parse(List.of("compare", "a.json", "b.json", "--threshold", "$PCT")))
                .isInstanceOf(ParameterException.class).hasMessageContaining("$PCT");
        assertThatCode(() -> parse(List.of("--profile", "smoke", "--results", "out"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> parse(List.of("--profile", "smok"))).hasMessageContaining("smok");
        assertThatThrownBy(() -> parse(List.of("comprae", "a.json", "b.json"))).hasMessageContaining("comprae");
        assertThatThrownBy(() -> parse(List.of("compare", "a.json", "b.json", "--format", "md")))
                .hasMessageContaining("md");
        assertThatThrownBy(() -> parse(List.of("export", "a.json", "--format", "github-benchmark")))
                .hasMessageContaining("github-benchmark");
    }

    /**
     * Parses {@code args} as {@code ./run-bench.sh} would, without running anything: options
     * first mean the default subcommand {@code run}; a first word that is no subcommand is an error
     * here (Main would hand it to JMH as a benchmark name). A {@code --format}, which the commands
     * check only as they run, is checked too.
     */
    private static void parse(List<String> args) {
        CommandLine cli = new CommandLine(new Main());
        List<String> full = new ArrayList<>(args);
        if (full.isEmpty() || full.get(0).startsWith("-")) {
            full.add(0, "run");
        } else if (!cli.getSubcommands().containsKey(full.get(0))) {
            throw new IllegalArgumentException("'" + full.get(0) + "' is not a subcommand of run-bench.sh; it has "
                    + cli.getSubcommands().keySet());
        }
        ParseResult command = cli.parseArgs(full.toArray(String[]::new)).subcommand();
        String format = command.matchedOptionValue("--format", null);
        if (format != null && command.commandSpec().name().equals("compare")) {
            ComparisonReport.Format.parse(format);
        } else if (format != null && command.commandSpec().name().equals("export")) {
            ExportFormat.parse(format);
        }
    }

    /** The ./run-bench.sh lines of commented-out steps, with the workflow's literal env values put in. */
    private static List<List<String>> commentedInvocations() throws IOException {
        Map<String, String> env = withEnv(Map.of(), new Yaml().load(Files.readString(WORKFLOW)));
        List<List<String>> found = new ArrayList<>();
        for (String line : Files.readAllLines(WORKFLOW)) {
            String code = line.strip().replaceFirst("^#\\s*(- )?(run:)?\\s*", "");
            if (line.strip().startsWith("#") && code.startsWith("./run-bench.sh ")) {
                found.addAll(ShellCommands.of(code, env).stream().filter(c -> c.get(0).equals("./run-bench.sh"))
                        .map(c -> c.subList(1, c.size())).toList());
            }
        }
        return found;
    }

    /**
     * A client library's gate: one interleaved run of the release, the pull request's build (the
     * version its `mvn install` step finds, here a SNAPSHOT) and the release again, then the build
     * and the repeat each compared with the release. Its --clients list is one the suite takes.
     */
    @Test
    void theClientLibrarysGateRunsTheReleaseTheBuildAndTheReleaseAgain() throws IOException {
        List<List<String>> invocations = invocations(LIBRARY_WORKFLOW);
        assertThat(invocations).extracting(args -> args.get(0)).containsExactly("--profile", "compare", "compare");
        invocations.forEach(WorkflowTest::assertParses);
        List<String> run = invocations.get(0);
        String clients = run.get(run.indexOf("--clients") + 1).replace("$BENCH_BUILD", "27.0.1-SNAPSHOT");
        assertThat(ClientSpec.labels(ClientSpec.parse(clients, type -> "27.0.0")))
                .containsExactly("client-java 27.0.0", "client-java 27.0.1-SNAPSHOT", "client-java 27.0.0 #2");
        assertThat(invocations.get(1)).contains("--threshold");
        // one run's forks took turns: no drift allowance
        assertThat(invocations.subList(1, 3))
                .allSatisfy(args -> assertThat(args).containsSequence("--min-change", "0"));
    }

    /** The arguments of every ./run-bench.sh in the steps' scripts, with the workflow's literal env values put in. */
    private static List<List<String>> invocations(Path file) throws IOException {
        return invocations(file, null);
    }

    /** As above, of the step named {@code name} only (null: every step). */
    @SuppressWarnings("unchecked")
    private static List<List<String>> invocations(Path file, String name) throws IOException {
        Map<String, Object> workflow = new Yaml().load(Files.readString(file));
        List<List<String>> found = new ArrayList<>();
        Map<String, Object> jobs = (Map<String, Object>) workflow.get("jobs");
        for (Object value : jobs.values()) {
            Map<String, Object> job = (Map<String, Object>) value;
            Map<String, String> jobEnv = withEnv(withEnv(Map.of(), workflow), job);
            for (Map<String, Object> step : (List<Map<String, Object>>) job.get("steps")) {
                if (name != null && !name.equals(step.get("name"))) {
                    continue;
                }
                if (step.get("run") instanceof String script) {
                    for (List<String> command : ShellCommands.of(script, withEnv(jobEnv, step))) {
                        if (command.get(0).equals("./run-bench.sh")) {
                            found.add(command.subList(1, command.size()));
                        }
                    }
                }
            }
        }
        return found;
    }

    /** {@code env} with the literal values of {@code node}'s env: added (an expression's value is not known here). */
    @SuppressWarnings("unchecked")
    private static Map<String, String> withEnv(Map<String, String> env, Map<String, Object> node) {
        Map<String, String> merged = new HashMap<>(env);
        Object own = node.get("env");
        if (own instanceof Map<?, ?> map) {
            ((Map<String, Object>) map).forEach((name, value) -> {
                if (!String.valueOf(value).contains("${{")) {
                    merged.put(name, String.valueOf(value));
                }
            });
        }
        return merged;
    }

}
