package dev.informerbench.results;

import static dev.informerbench.results.ResultsLayout.RESULTS;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The tests that read committed runs are pinned by {@code src/test/resources/committed-runs.txt}:
 * every path it lists is committed, every test (Java or the Go harness's) that names a committed
 * run under {@code results/} is listed there with that run, and every reader it names is such a
 * test. Reorganising {@code results/} then fails here, naming the test and the path, instead of
 * breaking a reader in silence.
 */
class CommittedRunsManifestTest {
    private static final Path MANIFEST = Path.of("harness", "src", "test", "resources", "committed-runs.txt");
    private static final List<Path> SOURCES = List.of(Path.of("harness", "src", "test", "java"), Path.of("clientgo"));
    /**
     * A test that opens results/: a path built from the folder's name, a string naming a path in it (from the
     * project's top, or from a Go package's folder below it) or a run in it.
     */
    private static final Pattern READS_RESULTS = Pattern.compile(
            "(?:Path\\.of|Paths\\.get)\\(\"results[\"/]|\"(?:\\.\\./)*results/|\"[^\"\\n]* results/\\d{8}T");
    private static final List<Path> TRACKED = Tracked.files(RESULTS);

    @Test
    void everyListedPathIsCommitted() throws IOException {
        Map<String, Set<String>> manifest = manifest();
        assertThat(manifest).isNotEmpty();
        List<String> missing = manifest.keySet().stream().filter(p -> p.endsWith("/")
                ? TRACKED.stream().noneMatch(f -> f.startsWith(Path.of(p))) : !TRACKED.contains(Path.of(p))).toList();
        assertThat(missing).as("paths in %s that are not committed", MANIFEST).isEmpty();
    }

    @Test
    void everyTestThatNamesACommittedRunIsListedWithIt() throws IOException {
        Map<String, Set<String>> manifest = manifest();
        Set<String> committedStamps = TRACKED.stream().map(f -> ResultsLayout.inResults(f).getName(0).toString())
                .map(CommittedRunsManifestTest::stamp).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
        List<String> unlisted = new ArrayList<>();
        for (Path source : readers()) {
            String reader = readerName(source);
            List<String> paths = manifest.entrySet().stream().filter(e -> e.getValue().contains(reader))
                    .map(Map.Entry::getKey).toList();
            if (paths.isEmpty()) {
                unlisted.add(source + " reads results/ and is not a reader in " + MANIFEST);
                continue;
            }
            Matcher m = ResultsLayout.STAMP_PATTERN.matcher(Files.readString(source));
            Set<String> named = new TreeSet<>();
            while (m.find()) {
                if (committedStamps.contains(m.group())) {
                    named.add(m.group());
                }
            }
            for (String stamp : named) {
                if (paths.stream().noneMatch(p -> p.contains(stamp))) {
                    unlisted.add(source + " names the committed run " + stamp + ": list what it reads of it with "
                            + reader + " in " + MANIFEST);
                }
            }
        }
        assertThat(unlisted).isEmpty();
    }

    @Test
    void everyReaderNamedIsATestThatReadsResults() throws IOException {
        Set<String> readers = readers().stream().map(CommittedRunsManifestTest::readerName).collect(Collectors.toSet());
        Set<String> named = new TreeSet<>();
        manifest().values().forEach(named::addAll);
        named.removeAll(readers);
        assertThat(named).as("readers in %s that are not test sources reading results/", MANIFEST).isEmpty();
    }

    /** Path → its readers. */
    static Map<String, Set<String>> manifest() throws IOException {
        Map<String, Set<String>> manifest = new LinkedHashMap<>();
        for (String line : Files.readAllLines(MANIFEST)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t");
            assertThat(cells).as("%s: path, a tab, readers: %s", MANIFEST, line).hasSize(2);
            manifest.put(cells[0], Arrays.stream(cells[1].split(",")).map(String::strip)
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        return manifest;
    }

    private static List<Path> readers() throws IOException {
        List<Path> readers = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path f : all.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith("_test.go"))
                        .sorted().toList()) {
                    if (READS_RESULTS.matcher(Files.readString(f)).find()) {
                        readers.add(f);
                    }
                }
            }
        }
        return readers;
    }

    private static String readerName(Path source) {
        return source.getFileName().toString().replaceFirst("\\.(java|go)$", "");
    }

    private static String stamp(String name) {
        Matcher m = ResultsLayout.STAMP_PATTERN.matcher(name);
        return m.lookingAt() ? m.group() : "";
    }
}
