package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.cli.Main;
import dev.informerbench.runner.JmhArgs;
import dev.informerbench.runner.ParamValidation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The docs cannot drift from the command line: every {@code ./run-bench.sh} that README.md,
 * CONTRIBUTING.md or a page under docs/ shows names a subcommand and options the CLI has; every
 * one written out in full (no placeholder such as FILE.json, [--alpha P] or a|b) is accepted by the
 * CLI's own parser, and its JMH patterns and params after {@code --} by the suite's checks; and
 * every default the docs state is the CLI's, stated once.
 */
class ReadmeCommandsTest {
    /** A command in a code block (up to a comment) or in an inline code span. */
    private static final Pattern BLOCK_LINE = Pattern.compile("(?m)^\\s*(\\./run-bench\\.sh[^#\\n]*)");
    private static final Pattern INLINE = Pattern.compile("`(\\./run-bench\\.sh[^`]*)`");
    /** A word that stands for something: FILE.json, PCT, X.Y.Z, [--alpha P], text|csv, <time>, ..., $(I). */
    private static final Pattern PLACEHOLDER =
            Pattern.compile("[A-Z][A-Z0-9_]*(\\.[A-Za-z0-9]+)*|.*([\\[\\]|<>$…]|\\.\\.\\.).*");

    @Test
    void everyCommandNamesASubcommandAndOptionsTheCliHas() {
        List<String> commands = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (Path page : DocPages.product()) {
            for (String command : commands(page)) {
                commands.add(command);
                problem(command).ifPresent(p -> wrong.add(page + ": " + command + ": " + p));
            }
        }
        assertThat(commands).hasSizeGreaterThan(40);
        assertThat(commands(Path.of("README.md"))).hasSizeGreaterThan(8);
        assertThat(wrong).isEmpty();
    }

    private static Optional<String> problem(String command) {
        CommandLine cli = new CommandLine(new Main());
        List<String> words = words(command);
        CommandSpec spec = cli.getSubcommands().get("run").getCommandSpec();
        if (!words.isEmpty() && !words.get(0).startsWith("-") && !words.get(0).startsWith("[")) {
            CommandLine sub = cli.getSubcommands().get(words.get(0));
            if (sub == null) {
                return Optional.of("no subcommand '" + words.get(0) + "'");
            }
            spec = sub.getCommandSpec();
            if (words.size() > 1 && sub.getSubcommands().containsKey(words.get(1))) {
                spec = sub.getSubcommands().get(words.get(1)).getCommandSpec();
            }
        }
        for (String option : options(words)) {
            if (spec.findOption(option) == null) {
                return Optional.of("'" + spec.qualifiedName() + "' has no option " + option);
            }
        }
        return written(words) ? accepted(words) : Optional.empty();
    }

    /** Whether a command is written out in full: no placeholder outside quotes, and more than a subcommand's name. */
    private static boolean written(List<String> words) {
        boolean nameOnly = words.size() == 1 && new CommandLine(new Main()).getSubcommands().containsKey(words.get(0));
        return !nameOnly && words.stream().noneMatch(w -> !quoted(w) && PLACEHOLDER.matcher(w).matches());
    }

    /** What the CLI's parser and the suite's JMH checks say of a command written out in full. */
    private static Optional<String> accepted(List<String> words) {
        List<String> args = words.stream().map(w -> quoted(w) ? w.substring(1, w.length() - 1) : w).toList();
        boolean explicit = !args.isEmpty() && (new CommandLine(new Main()).getSubcommands().containsKey(args.get(0))
                || args.get(0).matches("--help|-h|--version|-V"));
        List<String> full = new ArrayList<>(explicit ? List.of() : List.of("run"));
        full.addAll(args);
        try {
            new CommandLine(new Main()).parseArgs(full.toArray(String[]::new));
            int dashes = args.indexOf("--");
            if (dashes >= 0) {
                JmhArgs jmh = JmhArgs.parse(args.subList(dashes + 1, args.size()));
                jmh.requireKnownBenchmarks();
                ParamValidation.require(jmh);
            }
            return Optional.empty();
        } catch (CommandLine.ParameterException | IllegalArgumentException e) {
            return Optional.of("not accepted: " + e.getMessage());
        }
    }

    private static boolean quoted(String word) {
        return word.length() > 1
                && (word.startsWith("'") && word.endsWith("'") || word.startsWith("\"") && word.endsWith("\""));
    }

    /** The options of a command's words: before a lone {@code --} (JMH's arguments follow it), out of [ ] and a|b. */
    private static List<String> options(List<String> words) {
        List<String> options = new ArrayList<>();
        for (String word : words) {
            if (word.equals("--")) {
                break;
            }
            for (String part : word.replaceAll("[\\[\\]]", "").split("\\|")) {
                String option = part.replaceFirst("=.*$", "");
                if (option.matches("--?[a-zA-Z][a-zA-Z-]*")) {
                    options.add(option);
                }
            }
        }
        return options;
    }

    @Test
    void theDefaultsTheDocsStateAreTheClis() {
        StringBuilder all = new StringBuilder();
        DocPages.product().forEach(p -> all.append(DocPages.read(p)).append('\n'));
        String docs = all.toString().replaceAll("\\s+", " ");
        assertOnce(docs, "`--min-change` (default " + defaultOf("compare", "--min-change") + "%");
        assertOnce(docs, "(`--alpha`, default " + defaultOf("compare", "--alpha") + ")");
        assertThat(defaultOf("report", "--min-change")).isEqualTo(defaultOf("compare", "--min-change"));
        assertOnce(docs, "(PORT " + defaultOf("controlplane start", "--port") + ", the default");
        assertOnce(docs, "# DIR: " + defaultOf("export", "--output") + " by default");
        assertOnce(docs, "(Kubernetes " + defaultOf("run", "--kube-version") + " unless `--kube-version`");
        assertThat(docs).contains("--format text|markdown|csv");
        assertThat(defaultOf("compare", "--format")).isEqualTo("text");
        // A page that names the default profile names the CLI's.
        Matcher m = Pattern.compile("default profile `(\\w+)`").matcher(docs);
        while (m.find()) {
            assertThat(m.group(1)).as(m.group()).isEqualTo(defaultOf("run", "--profile"));
        }
    }

    private static void assertOnce(String docs, String statement) {
        assertThat(docs).as("the docs state '%s' once", statement).contains(statement);
        assertThat(docs.indexOf(statement)).as("'%s' is stated in two places", statement)
                .isEqualTo(docs.lastIndexOf(statement));
    }

    private static String defaultOf(String command, String option) {
        CommandLine c = new CommandLine(new Main());
        for (String name : command.split(" ")) {
            c = c.getSubcommands().get(name);
        }
        OptionSpec o = c.getCommandSpec().findOption(option);
        assertThat(o).as(command + " " + option).isNotNull();
        return o.defaultValue();
    }

    private static List<String> commands(Path page) {
        List<String> commands = new ArrayList<>();
        boolean inBlock = false;
        for (String line : DocPages.read(page).split("\n")) {
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            Matcher m = inBlock ? BLOCK_LINE.matcher(line) : INLINE.matcher(line);
            while (m.find()) {
                commands.add(m.group(1).strip());
                if (inBlock) {
                    break;
                }
            }
        }
        return commands;
    }

    /** A command's words after {@code ./run-bench.sh}, quotes kept as one word. */
    private static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("'[^']*'|\"[^\"]*\"|\\S+").matcher(command.substring("./run-bench.sh".length()));
        while (m.find()) {
            words.add(m.group());
        }
        return words;
    }
}
