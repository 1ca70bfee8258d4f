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
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * House rules that the compiler does not check, read from the sources: files small enough to
 * read in one go and lines short enough to read without scrolling, one way to wait, and no
 * hidden arrows between packages (a class started or named by a string, a fully qualified name
 * inline where an import would show it).
 */
class SourceRulesTest {
    /** A main source's room: one job. Tests may take more (a case a few lines). */
    private static final int MAX_MAIN_LINES = 250;
    private static final int MAX_TEST_LINES = 300;
    private static final int MAX_LINE = 120;
    private static final List<String> MAIN =
            List.of("core/src/main/java", "core/src/jmh/java", "src/main/java", "fabric8/src/main/java");
    private static final List<String> TESTS = List.of("src/test/java", "fabric8/src/test/java");
    /**
     * The files over those rules that another engineer owns and is changing (runner's Profile
     * and Family), at what they have: a file may not go further, and one that comes back under
     * must lower its number here or leave, so the lists only shrink.
     */
    private static final Map<String, Integer> OVER_MAIN_LINES =
            Map.of("src/main/java/dev/informerbench/runner/Profile.java", 258);
    private static final Map<String, Integer> LINES_OVER_MAX_LINE = Map.of(
            "src/main/java/dev/informerbench/runner/Family.java", 2,
            "src/main/java/dev/informerbench/runner/Profile.java", 1);
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
    void noMainSourceIsLongerThan250LinesNorATestLongerThan300() throws IOException {
        Map<String, Long> over = new TreeMap<>();
        over.putAll(counts(MAIN, lines -> lines.size() > MAX_MAIN_LINES ? lines.size() : 0));
        over.putAll(counts(TESTS, lines -> lines.size() > MAX_TEST_LINES ? lines.size() : 0));
        assertThat(differences(over, OVER_MAIN_LINES)).as("files over " + MAX_MAIN_LINES + " lines (main) or "
                + MAX_TEST_LINES + " (tests), against OVER_MAIN_LINES (it may only shrink)").isEmpty();
    }

    @Test
    void noJavaLineIsLongerThan120Characters() throws IOException {
        List<String> trees = new ArrayList<>(MAIN);
        trees.addAll(TESTS);
        Map<String, Long> now = counts(trees, lines -> lines.stream().filter(l -> l.length() > MAX_LINE).count());
        assertThat(differences(now, LINES_OVER_MAX_LINE)).as("lines over " + MAX_LINE
                + " characters, against LINES_OVER_MAX_LINE (it may only shrink)").isEmpty();
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

    /** Per Java file under {@code roots}, by its path from the project, what {@code count} gives it when not 0. */
    private static Map<String, Long> counts(List<String> roots, ToLongFunction<List<String>> count)
            throws IOException {
        Map<String, Long> found = new TreeMap<>();
        for (String root : roots) {
            try (Stream<Path> files = Files.walk(HOME.resolve(root))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    long n = count.applyAsLong(Files.readAllLines(file));
                    if (n > 0) {
                        found.put(HOME.relativize(file).toString(), n);
                    }
                }
            }
        }
        return found;
    }

    /** Each file whose count is not the one {@code allowed} has for it (none for a file it does not name). */
    private static List<String> differences(Map<String, Long> now, Map<String, Integer> allowed) {
        List<String> differ = new ArrayList<>();
        new TreeSet<>(List.of(now.keySet(), allowed.keySet()).stream().flatMap(Set::stream).toList()).forEach(f -> {
            long is = now.getOrDefault(f, 0L);
            long listed = allowed.getOrDefault(f, 0);
            if (is != listed) {
                differ.add(f + ": " + is + ", listed " + listed);
            }
        });
        return differ;
    }
}
