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
    /** Each module's sources: the code that runs. */
    private static final List<String> MAIN = List.of("core/src/main/java", "benchmarks/src/main/java",
            "harness/src/main/java", "fabric8/src/main/java");
    private static final List<String> TESTS = List.of("harness/src/test/java", "fabric8/src/test/java");
    private static final List<String> ALL = Stream.concat(MAIN.stream(), TESTS.stream()).toList();
    /** Tests name benchmarks in JSON they write; the rule on strings is for the code that runs. */
    private static final List<String> SHIPPED = MAIN;
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
        assertThat(over).as("files over " + MAX_MAIN_LINES + " lines (main) or " + MAX_TEST_LINES + " (tests)")
                .isEmpty();
    }

    @Test
    void noJavaLineIsLongerThan120Characters() throws IOException {
        assertThat(counts(ALL, lines -> lines.stream().filter(l -> l.length() > MAX_LINE).count()))
                .as("files with lines over " + MAX_LINE + " characters").isEmpty();
    }

    /** A package lives in one source tree, so that where a class goes says which side it is on. */
    @Test
    void everyPackageIsInOneSourceTree() throws IOException {
        Map<String, Set<String>> trees = new TreeMap<>();
        for (String root : MAIN) {
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
        assertThat(split).as("packages in two modules' source trees").isEmpty();
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

    /** A class's simple name says what it is wherever it is read: no two shipped classes share one. */
    @Test
    void noTwoClassesShareAName() throws IOException {
        Map<String, List<String>> byName = new TreeMap<>();
        for (String root : SHIPPED) {
            try (Stream<Path> files = Files.walk(HOME.resolve(root))) {
                files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"))
                        .forEach(f -> byName.computeIfAbsent(f.getFileName().toString(), k -> new ArrayList<>())
                                .add(HOME.relativize(f).toString()));
            }
        }
        assertThat(byName.values().stream().filter(paths -> paths.size() > 1).toList()).isEmpty();
    }
}
