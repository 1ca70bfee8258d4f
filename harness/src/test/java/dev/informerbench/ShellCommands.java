package dev.informerbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simple commands of a bash script as a workflow's {@code run:} holds them, each as the
 * words bash would pass: quotes removed, {@code $NAME} and {@code ${NAME}} replaced where
 * {@code env} knows the name (left as written otherwise), redirections and their targets
 * dropped, split at {@code | || && ; & ( )} and line ends, comments skipped. Enough to read a
 * command line out of a step, not a shell: no globbing, no command substitution.
 */
final class ShellCommands {
    private static final Pattern VARIABLE = Pattern.compile("\\$(?:\\{([A-Za-z_]\\w*)}|([A-Za-z_]\\w*))");

    private final String text;
    private final Map<String, String> env;
    private final List<List<String>> commands = new ArrayList<>();
    private List<String> command = new ArrayList<>();
    private final StringBuilder word = new StringBuilder();
    private boolean inWord;
    private boolean quoted;
    private boolean redirectTarget;
    private int i;

    private ShellCommands(String script, Map<String, String> env) {
        this.text = script.replace("\\\n", " ");
        this.env = env;
    }

    static List<List<String>> of(String script, Map<String, String> env) {
        ShellCommands parser = new ShellCommands(script, env);
        parser.parse();
        return parser.commands;
    }

    private void parse() {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'') {
                int end = closing('\'');
                append(text.substring(i + 1, end), true);
                i = end + 1;
            } else if (c == '"') {
                i = doubleQuoted();
            } else if (c == '$') {
                i = variable(i, word);
                inWord = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                append(String.valueOf(text.charAt(i + 1)), true);
                i += 2;
            } else if (c == '#' && !inWord) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else if (c == ' ' || c == '\t') {
                endWord();
                i++;
            } else if ("|&;()\n".indexOf(c) >= 0) {
                endCommand();
                i++;
            } else if (c == '<' || c == '>') {
                redirection();
            } else {
                append(String.valueOf(c), false);
                i++;
            }
        }
        endCommand();
    }

    /** {@code >}, {@code >>}, {@code 2>}, {@code >&2}, {@code <}: the word after it is a file or a descriptor. */
    private void redirection() {
        if (inWord && !quoted && word.chars().allMatch(Character::isDigit)) {
            word.setLength(0);
            inWord = false;
        } else {
            endWord();
        }
        while (i < text.length() && "<>&".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        redirectTarget = true;
    }

    private int doubleQuoted() {
        int j = i + 1;
        StringBuilder content = new StringBuilder();
        while (j < text.length() && text.charAt(j) != '"') {
            char c = text.charAt(j);
            if (c == '\\' && j + 1 < text.length() && "\\\"$`".indexOf(text.charAt(j + 1)) >= 0) {
                content.append(text.charAt(j + 1));
                j += 2;
            } else if (c == '$') {
                j = variable(j, content);
            } else {
                content.append(c);
                j++;
            }
        }
        append(content.toString(), true);
        return Math.min(j + 1, text.length());
    }

    /** Appends the variable at {@code at} (its value, or as written when unknown); returns the index after it. */
    private int variable(int at, StringBuilder into) {
        Matcher m = VARIABLE.matcher(text).region(at, text.length());
        if (!m.lookingAt()) {
            into.append('$');
            return at + 1;
        }
        String name = m.group(1) != null ? m.group(1) : m.group(2);
        into.append(env.getOrDefault(name, m.group()));
        return m.end();
    }

    private int closing(char quote) {
        int end = text.indexOf(quote, i + 1);
        return end < 0 ? text.length() : end;
    }

    private void append(String s, boolean isQuoted) {
        word.append(s);
        inWord = true;
        quoted |= isQuoted;
    }

    private void endWord() {
        if (inWord) {
            if (!redirectTarget) {
                command.add(word.toString());
            }
            redirectTarget = false;
        }
        word.setLength(0);
        inWord = false;
        quoted = false;
    }

    private void endCommand() {
        endWord();
        redirectTarget = false;
        if (!command.isEmpty()) {
            commands.add(command);
        }
        command = new ArrayList<>();
    }
}
