package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * House rules that the compiler does not check, read from the sources: files small enough to
 * read in one go, one way to wait, and no hidden arrows between packages (a class started or
 * named by a string, a fully qualified name inline where an import would show it).
 */
class SourceRulesTest {
    private static final int MAX_LINES = 300;
    private static final int MAX_LINE = 120;
    private static final List<String> ALL =
            List.of("core/src/main/java", "core/src/jmh/java", "src/main/java", "src/test/java");
    /** Tests name benchmarks in JSON they write; the rule on strings is for the code that runs. */
    private static final List<String> SHIPPED = List.of("core/src/main/java", "core/src/jmh/java", "src/main/java");
    private static final Path HOME = Path.of(System.getProperty("informerbench.home", "")).toAbsolutePath();
    private static final Pattern PROJECT_CLASS_IN_STRING =
            Pattern.compile("\"[^\"]*dev\\.informerbench\\.[a-z]+\\.[A-Z]");
    private static final Pattern INLINE_QUALIFIED_NAME =
            Pattern.compile("(?<![\\w.\"])(java|javax|dev\\.informerbench|io\\.kubernetes)\\.[a-z][\\w.]*\\.[A-Z]\\w*");

    @Test
    void noSourceFileIsLongerThan300Lines() {
        assertThat(offending(ALL, (file, lines) -> lines.size() > MAX_LINES)).isEmpty();
    }

    /**
     * No Java line over 120 characters, but for the lines some files had when the rule came
     * (src/test/resources/long-lines.txt, a count a file): a file may not gain one, and a file
     * that loses some must say so there, so the list only shrinks.
     */
    @Test
    void noLineIsLongerThan120CharactersButTheOnesListedAndTheirNumberOnlyShrinks() throws IOException {
        Map<String, Long> allowed = new TreeMap<>();
        for (String line : Files.readAllLines(HOME.resolve("src/test/resources/long-lines.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] cells = line.split("\t");
                allowed.put(cells[1], Long.parseLong(cells[0]));
            }
        }
        Map<String, Long> now = new TreeMap<>();
        for (String root : ALL) {
            try (Stream<Path> files = Files.walk(HOME.resolve(root))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    long n = Files.readAllLines(file).stream().filter(l -> l.length() > MAX_LINE).count();
                    if (n > 0) {
                        now.put(HOME.relativize(file).toString(), n);
                    }
                }
            }
        }
        List<String> differ = new ArrayList<>();
        new TreeSet<>(List.of(now.keySet(), allowed.keySet()).stream().flatMap(Set::stream).toList()).forEach(f -> {
            if (!now.getOrDefault(f, 0L).equals(allowed.getOrDefault(f, 0L))) {
                differ.add(f + ": " + now.getOrDefault(f, 0L) + " lines over " + MAX_LINE + ", listed "
                        + allowed.getOrDefault(f, 0L));
            }
        });
        assertThat(differ).as("against src/test/resources/long-lines.txt (it may only shrink)").isEmpty();
    }

    /** A package lives in one source tree, so that where a class goes says which side it is on. */
    @Test
    void everyPackageIsInOneSourceTree() throws IOException {
        Map<String, Set<String>> trees = new TreeMap<>();
        for (String root : List.of("core/src/main/java", "core/src/jmh/java", "src/main/java",
                "fabric8/src/main/java")) {
            try (Stream<Path> files = Files.walk(HOME.resolve(root))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String pkg = HOME.resolve(root).relativize(file.getParent()).toString().replace('/', '.');
                    trees.computeIfAbsent(pkg, k -> new TreeSet<>()).add(root);
                }
            }
        }
        Set<String> split = new TreeSet<>();
        trees.forEach((pkg, roots) -> {
            if (roots.size() > 1) {
                split.add(pkg);
            }
        });
        assertThat(split).as("packages in two source trees (core's and the harness's)").isEmpty();
    }

    @Test
    void onlyAwaitWritesADeadlineLoop() {
        assertThat(offending(ALL, (file, lines) -> !file.endsWith(Path.of("support", "Await.java"))
                && code(lines).map(SourceRulesTest::withoutStrings)
                        .anyMatch(l -> l.contains("nanoTime() +") && l.contains("deadline")))).isEmpty();
    }

    @Test
    void noProjectClassIsNamedInAString() {
        assertThat(offending(SHIPPED,
                (file, lines) -> code(lines).anyMatch(l -> PROJECT_CLASS_IN_STRING.matcher(l).find()))).isEmpty();
    }

    @Test
    void importsShowWhatAClassUses() {
        assertThat(offending(ALL, (file, lines) -> code(lines).map(SourceRulesTest::withoutStrings)
                .anyMatch(l -> INLINE_QUALIFIED_NAME.matcher(l).find()))).isEmpty();
    }

    private static String withoutStrings(String line) {
        return line.replaceAll("\"([^\"\\\\]|\\\\.)*\"", "\"\"");
    }

    /** Lines of code: no package or import line, no comment line. */
    private static Stream<String> code(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.startsWith("import ") && !l.startsWith("package ")
                && !l.startsWith("*") && !l.startsWith("/*") && !l.startsWith("//"));
    }

    /** Each Java source file under {@code roots} that breaks the rule, with its line count. */
    private static List<String> offending(List<String> roots, BiPredicate<Path, List<String>> rule) {
        List<String> found = new ArrayList<>();
        for (String root : roots) {
            try (Stream<Path> files = Files.walk(HOME.resolve(root))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    List<String> lines = Files.readAllLines(file);
                    if (rule.test(file, lines)) {
                        found.add(HOME.relativize(file) + " (" + lines.size() + " lines)");
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return found;
    }
}
