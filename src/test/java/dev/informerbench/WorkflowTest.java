package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.informerbench.cli.Main;
import dev.informerbench.comparison.ComparisonReport;
import dev.informerbench.export.ExportFormat;
import dev.informerbench.support.Commands;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * The CI workflow users copy ({@code .github/workflows/benchmark.yml}) cannot run here, so it is
 * checked in two ways: actionlint (syntax, expressions, action inputs, and shellcheck on the
 * scripts when shellcheck is on PATH), and every {@code ./run-bench.sh} its steps run, parsed by
 * the command line it would call, so that a renamed subcommand or option breaks this test
 * rather than the users' CI.
 */
class WorkflowTest {
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Path WORKFLOW = HOME.resolve(".github/workflows/benchmark.yml");
    private static final String ACTIONLINT_VERSION = "v1.7.12";
    private static final String ACTIONLINT = "github.com/rhysd/actionlint/cmd/actionlint@" + ACTIONLINT_VERSION;

    @Test
    void actionlintFindsNothing() throws Exception {
        Run lint = run(List.of(actionlint().toString(), "-no-color", HOME.relativize(WORKFLOW).toString()), HOME, 2);
        assertThat(lint.output()).as("actionlint " + ACTIONLINT_VERSION + " on " + WORKFLOW).isEmpty();
        assertThat(lint.exit()).as("actionlint's exit code").isZero();
    }

    @Test
    void everyRunBenchInvocationIsACommandLineOfTheSuite() throws IOException {
        List<List<String>> invocations = invocations();
        // Both sides measured, compared twice (text for the log, Markdown with the gate), one report.
        assertThat(invocations).extracting(args -> args.get(0))
                .containsExactly("--profile", "--profile", "compare", "compare", "report");
        invocations.forEach(WorkflowTest::assertParses);
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
        assertThatCode(() -> parse(List.of("compare", "a.json", "b.json", "--threshold", "5"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> parse(List.of("compare", "a.json", "b.json", "--treshold", "5")))
                .isInstanceOf(ParameterException.class);
        assertThatThrownBy(() -> parse(List.of("compare", "a.json", "b.json", "--threshold", "$PCT")))
                .isInstanceOf(ParameterException.class).hasMessageContaining("$PCT");
        assertThatCode(() -> parse(List.of("--profile", "smoke", "--results", "out"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> parse(List.of("--profile", "smok"))).hasMessageContaining("smok");
        assertThatThrownBy(() -> parse(List.of("comprae", "a.json", "b.json"))).hasMessageContaining("comprae");
        assertThatThrownBy(() -> parse(List.of("compare", "a.json", "b.json", "--format", "md"))).hasMessageContaining("md");
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

    /** The arguments of every ./run-bench.sh in the steps' scripts, with the workflow's literal env values put in. */
    @SuppressWarnings("unchecked")
    private static List<List<String>> invocations() throws IOException {
        Map<String, Object> workflow = new Yaml().load(Files.readString(WORKFLOW));
        List<List<String>> found = new ArrayList<>();
        Map<String, Object> jobs = (Map<String, Object>) workflow.get("jobs");
        for (Object value : jobs.values()) {
            Map<String, Object> job = (Map<String, Object>) value;
            Map<String, String> jobEnv = withEnv(withEnv(Map.of(), workflow), job);
            for (Map<String, Object> step : (List<Map<String, Object>>) job.get("steps")) {
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

    /** actionlint at the pinned version, installed with {@code go install} under target/ once. */
    private static Path actionlint() throws Exception {
        assertThat(Commands.onPath("go")).as("go is not on PATH: this test installs actionlint, a Go module, with it "
                + "(and mvn verify needs Go for the control plane anyway)").isTrue();
        Path dir = HOME.resolve("target/tools/actionlint-" + ACTIONLINT_VERSION);
        Path binary = dir.resolve("actionlint");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        Files.createDirectories(dir);
        Path gobin = Files.createTempDirectory(dir, "install");
        ProcessBuilder install = new ProcessBuilder("go", "install", ACTIONLINT);
        install.environment().put("GOBIN", gobin.toString());
        install.environment().put("GOTOOLCHAIN", "local");
        install.environment().remove("GOFLAGS"); // e.g. -mod=vendor would not apply to a module@version
        Run done = run(install, dir, 5);
        assertThat(done.exit()).as("go install " + ACTIONLINT + ":\n" + done.output()).isZero();
        // Moved into place whole, so that a test run cut short leaves no half-written binary.
        Files.move(gobin.resolve("actionlint"), binary, StandardCopyOption.ATOMIC_MOVE);
        Files.delete(gobin);
        return binary;
    }

    private record Run(int exit, String output) {}

    private static Run run(List<String> command, Path dir, int minutes) throws Exception {
        return run(new ProcessBuilder(command), dir, minutes);
    }

    private static Run run(ProcessBuilder builder, Path dir, int minutes) throws Exception {
        Path log = Files.createTempFile("workflow-test", ".log");
        try {
            Process p = builder.directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", builder.command()) + " took over " + minutes + " min");
            }
            return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
