package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.cli.Main;
import dev.informerbench.runner.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The README cannot drift from the command line: every {@code ./run-bench.sh} it shows names a
 * subcommand and options the CLI has, every default it states is the CLI's, and what it says of
 * the profiles' forks is what {@link Profile} holds.
 */
class ReadmeCommandsTest {
    private static final Path README = Path.of("README.md");
    /** A command in a code block (up to a comment) or in an inline code span. */
    private static final Pattern BLOCK_LINE = Pattern.compile("(?m)^\\s*(\\./run-bench\\.sh[^#\\n]*)");
    private static final Pattern INLINE = Pattern.compile("`(\\./run-bench\\.sh[^`]*)`");

    @Test
    void everyCommandNamesASubcommandAndOptionsTheCliHas() throws IOException {
        List<String> commands = commands();
        assertThat(commands).hasSizeGreaterThan(20);
        CommandLine cli = new CommandLine(new Main());
        List<String> wrong = new ArrayList<>();
        for (String command : commands) {
            List<String> words = words(command);
            CommandSpec spec = cli.getSubcommands().get("run").getCommandSpec();
            if (!words.isEmpty() && !words.get(0).startsWith("-") && !words.get(0).startsWith("[")) {
                CommandLine sub = cli.getSubcommands().get(words.get(0));
                if (sub == null) {
                    wrong.add(command + ": no subcommand '" + words.get(0) + "'");
                    continue;
                }
                spec = sub.getCommandSpec();
                if (words.size() > 1 && sub.getSubcommands().containsKey(words.get(1))) {
                    spec = sub.getSubcommands().get(words.get(1)).getCommandSpec();
                }
            }
            for (String option : options(words)) {
                if (spec.findOption(option) == null) {
                    wrong.add(command + ": '" + spec.qualifiedName() + "' has no option " + option);
                }
            }
        }
        assertThat(wrong).isEmpty();
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
    void theDefaultsItStatesAreTheClis() throws IOException {
        String readme = Files.readString(README).replaceAll("\\s+", " ");
        assertThat(readme).contains("default profile " + defaultOf("run", "--profile"));
        assertThat(readme).contains("`--min-change` (default " + defaultOf("compare", "--min-change") + "%");
        assertThat(readme).contains("(`--alpha`, default " + defaultOf("compare", "--alpha") + ")");
        assertThat(defaultOf("report", "--min-change")).isEqualTo(defaultOf("compare", "--min-change"));
        assertThat(readme).contains("(PORT " + defaultOf("controlplane start", "--port") + ", the default");
        assertThat(readme).contains("# DIR: " + defaultOf("export", "--output") + " by default");
        assertThat(readme).contains("(Kubernetes " + defaultOf("run", "--kube-version") + " unless `--kube-version`");
        assertThat(readme).contains("--format text|markdown|csv");
        assertThat(defaultOf("compare", "--format")).isEqualTo("text");
    }

    @Test
    void whatItSaysOfTheProfilesForksIsTheProfiles() throws IOException {
        String readme = Files.readString(README);
        assertThat(readme).contains(bullet("quick") + ", the default:");
        assertThat(paragraph(readme, "quick")).contains(max(Profile.QUICK) + " forks each (" + min(Profile.QUICK)
                + " where a limiter or a period sets the answer)");
        assertThat(paragraph(readme, "compare")).contains("**" + max(Profile.COMPARE) + " forks each**");
        assertThat(paragraph(readme, "full")).contains(max(Profile.FULL) + " forks each");
        assertThat(min(Profile.FULL)).isEqualTo(max(Profile.FULL));
    }

    private static String defaultOf(String command, String option) {
        CommandLine cli = new CommandLine(new Main());
        CommandLine c = cli;
        for (String name : command.split(" ")) {
            c = c.getSubcommands().get(name);
        }
        OptionSpec o = c.getCommandSpec().findOption(option);
        assertThat(o).as(command + " " + option).isNotNull();
        return o.defaultValue();
    }

    private static String bullet(String profile) {
        return "- `" + profile + "`";
    }

    /** The README's bullet for a profile, up to the next bullet. */
    private static String paragraph(String readme, String profile) {
        int start = readme.indexOf("\n" + bullet(profile));
        assertThat(start).as("the README's bullet for " + profile).isPositive();
        int end = readme.indexOf("\n- ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end).replaceAll("\\s+", " ");
    }

    private static int max(Profile p) {
        return p.families().stream().filter(f -> !f.name().equals("Plant")).mapToInt(f -> f.forks()).max().orElseThrow();
    }

    private static int min(Profile p) {
        return p.families().stream().filter(f -> !f.name().equals("Plant")).mapToInt(f -> f.forks()).min().orElseThrow();
    }

    private static List<String> commands() throws IOException {
        String readme = Files.readString(README);
        List<String> commands = new ArrayList<>();
        boolean inBlock = false;
        for (String line : readme.split("\n")) {
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
