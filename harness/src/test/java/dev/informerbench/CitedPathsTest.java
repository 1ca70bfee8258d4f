package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Nothing measured is lost when pages move: every {@code results/...} and {@code notebook/...}
 * path that README.md, CONTRIBUTING.md, docs/ and the notebook's and results/' notes cite exists
 * (a run folder, a file, or what a {@code *} or an ellipsis {@code …} stands for). Paths a command
 * writes ({@code -o}, {@code --output}, {@code --results}, {@code >}) and placeholders
 * ({@code results/<run>.json}) are not citations.
 *
 * <p>{@code notebook/MOVES.tsv} maps every path that left {@code results/} to where it went: a
 * citation of an old path fails, naming the new one.
 */
class CitedPathsTest {
    private static final Path README = Path.of("README.md");
    private static final Path MOVES = Path.of("notebook", "MOVES.tsv");
    private static final Pattern CITED = Pattern.compile(
            "(?<![\\w/.-])((?:\\.\\./)*)((?:results|notebook)/[^\\s`'\"()\\[\\]<>|,;:]*)");
    private static final Pattern WRITTEN_BY_A_COMMAND = Pattern.compile("(?:-o|--output|--results|>)\\s*$");

    @Test
    void everyCitedResultOrNotebookPathExists() throws IOException {
        Map<String, String> moves = moves();
        List<String> missing = new ArrayList<>();
        int cited = 0;
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = CITED.matcher(lines.get(i));
                while (m.find()) {
                    if (WRITTEN_BY_A_COMMAND.matcher(lines.get(i).substring(0, m.start())).find()) {
                        continue;
                    }
                    cited++;
                    String path = m.group(2).replaceAll("#.*$", "").replaceAll("\\.+$", "");
                    Path base = m.group(1).isEmpty() || page.getParent() == null ? Path.of("") : page.getParent();
                    String where = page + ":" + (i + 1) + ": " + m.group(1) + path;
                    if (exists(base.resolve(m.group(1) + path).normalize())) {
                        continue;
                    }
                    String now = movedTo(moves, base.resolve(m.group(1) + path).normalize().toString());
                    missing.add(where + (now == null ? "" : " (moved to " + now + ", notebook/MOVES.tsv)"));
                }
            }
        }
        assertThat(cited).as("citations of results/ and notebook/ found").isGreaterThan(50);
        assertThat(missing).as("cited paths that do not exist").isEmpty();
    }

    /** Each move landed: the new path is there and the old one is gone. */
    @Test
    void everyMoveLandedAndLeftNothingBehind() throws IOException {
        Map<String, String> moves = moves();
        assertThat(moves).isNotEmpty();
        List<String> wrong = new ArrayList<>();
        moves.forEach((from, to) -> {
            if (!Files.exists(Path.of(to))) {
                wrong.add(to + " (from " + from + ") is not there");
            }
            if (Files.exists(Path.of(from))) {
                wrong.add(from + " (moved to " + to + ") is still there");
            }
        });
        assertThat(wrong).as("rows of %s", MOVES).isEmpty();
    }

    /** The pages that cite: the README, the contributors' guide, docs/ and the notes of notebook/ and results/. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(README));
        if (Files.isRegularFile(Path.of("CONTRIBUTING.md"))) {
            pages.add(Path.of("CONTRIBUTING.md"));
        }
        for (String dir : List.of("docs", "notebook", "results")) {
            if (Files.isDirectory(Path.of(dir))) {
                try (Stream<Path> all = Files.walk(Path.of(dir))) {
                    all.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("comparison.md"))
                            .sorted().forEach(pages::add);
                }
            }
        }
        return pages;
    }

    /** A path, or what its {@code *} or {@code …} (or a trailing {@code _} or {@code -}, cut short) stands for. */
    private static boolean exists(Path path) throws IOException {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        if (!name.contains("*") && !name.contains("…") && !name.endsWith("_") && !name.endsWith("-")) {
            return Files.exists(path);
        }
        String glob = name.replace("…", "*") + (name.endsWith("_") || name.endsWith("-") ? "*" : "");
        Path dir = path.getParent() == null ? Path.of("") : path.getParent();
        if (!Files.isDirectory(dir)) {
            return false;
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
        try (Stream<Path> children = Files.list(dir)) {
            return children.anyMatch(c -> matcher.matches(c.getFileName()));
        }
    }

    /** Where MOVES.tsv says a path went: its own row, else the longest folder row it lies in. */
    static String movedTo(Map<String, String> moves, String path) {
        String bare = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        if (moves.containsKey(bare)) {
            return moves.get(bare);
        }
        String best = null;
        for (String from : moves.keySet()) {
            if (from.endsWith("/") && (bare + "/").startsWith(from)
                    && (best == null || from.length() > best.length())) {
                best = from;
            }
        }
        return best == null ? null : moves.get(best) + (bare + "/").substring(best.length()).replaceAll("/$", "");
    }

    /** MOVES.tsv: old path, tab, new path (a folder ends with /); # comments and a header line left out. */
    static Map<String, String> moves() throws IOException {
        Map<String, String> moves = new LinkedHashMap<>();
        if (!Files.isRegularFile(MOVES)) {
            return moves;
        }
        for (String line : Files.readAllLines(MOVES)) {
            String[] cells = line.split("\t");
            if (line.isBlank() || line.startsWith("#") || cells.length != 2 || cells[0].equals("from")) {
                continue;
            }
            moves.put(cells[0], cells[1]);
        }
        return moves;
    }
}
