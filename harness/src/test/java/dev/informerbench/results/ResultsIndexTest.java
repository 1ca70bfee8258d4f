package dev.informerbench.results;

import static dev.informerbench.results.ResultsLayout.INDEX;
import static dev.informerbench.results.ResultsLayout.RESULTS;
import static dev.informerbench.results.ResultsLayout.STAMP;
import static dev.informerbench.results.ResultsLayout.STEM;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.metrics.SuiteMetric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code results/README.md} is the index of what is committed under {@code results/}: every run
 * folder, run and comparison there is named in its table of runs, each with the profile and
 * commit its sidecars record (and "dirty" where a sidecar says the tree was), and it names none
 * that is not there; it describes every kind of file the suite writes ({@link ResultsLayout}), and
 * its table of metric families is the catalogue's ({@link MetricFamilies}, rewritten with
 * {@code -Dgolden.update=true}).
 */
class ResultsIndexTest {
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern ENTRY = Pattern.compile(STAMP + "\\S*");
    private static final Pattern RUN_FILE = Pattern.compile("(" + STEM + ")\\..+");
    private static final String RUNS_HEADING = "## The runs";
    private static final List<Path> TRACKED = Tracked.files(RESULTS);

    @Test
    void everyRunHereIsInTheIndexAndEveryRunItNamesIsHere() throws IOException {
        Set<String> onDisk = new TreeSet<>();
        for (Path file : TRACKED) {
            Path r = ResultsLayout.inResults(file);
            if (r.getNameCount() > 1) {
                onDisk.add(r.getName(0) + "/");
            } else if (!r.toString().equals("README.md")) {
                Matcher run = RUN_FILE.matcher(r.toString());
                onDisk.add(run.matches() ? run.group(1) + ".*" : r.toString());
            }
        }
        Set<String> indexed = new TreeSet<>();
        runRows().forEach(row -> indexed.addAll(entries(firstCell(row))));
        Set<String> missing = new TreeSet<>(onDisk);
        missing.removeAll(indexed);
        assertThat(missing).as("committed under results/ but not in the table of runs of %s", INDEX).isEmpty();

        List<String> absent = new ArrayList<>();
        for (String line : Files.readAllLines(INDEX)) {
            for (String entry : entries(line)) {
                if (!exists(entry)) {
                    absent.add(entry);
                }
            }
        }
        assertThat(absent).as("named in %s but not committed under results/", INDEX).isEmpty();
    }

    @Test
    void theIndexGivesEachRunsProfileAndCommitAsItsSidecarsRecordThem() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (String row : runRows()) {
            for (String entry : entries(firstCell(row))) {
                for (Path sidecar : sidecars(entry)) {
                    JsonObject meta = JsonParser.parseString(Files.readString(sidecar)).getAsJsonObject();
                    String profile = meta.has("profile") ? meta.get("profile").getAsString() : null;
                    String commit = meta.has("gitCommit") ? meta.get("gitCommit").getAsString() : "";
                    boolean dirty = meta.has("gitDirty") && meta.get("gitDirty").getAsBoolean();
                    if (profile != null && !Pattern.compile("\\b" + profile + "\\b").matcher(row).find()) {
                        wrong.add(entry + ": profile " + profile + " (" + sidecar + ")");
                    }
                    if (commit.length() >= 7 && !row.contains(commit.substring(0, 7))) {
                        wrong.add(entry + ": commit " + commit.substring(0, 7) + " (" + sidecar + ")");
                    }
                    if (dirty && !row.contains("dirty")) {
                        wrong.add(entry + ": the tree was dirty (" + sidecar + "), the row does not say so");
                    }
                }
            }
        }
        assertThat(wrong).as("rows of the table of runs in %s against the sidecars", INDEX).isEmpty();
    }

    @Test
    void theIndexDescribesEveryKindOfFileTheSuiteWritesThere() throws IOException {
        List<String> firstCells = Files.readAllLines(INDEX).stream().filter(l -> l.startsWith("|"))
                .map(ResultsIndexTest::firstCell).toList();
        assertThat(ResultsLayout.KINDS).allSatisfy(kind -> assertThat(firstCells)
                .as("a table row of %s whose first cell names %s", INDEX, kind.name())
                .anyMatch(cell -> cell.contains("`") && cell.contains(kind.name())));
    }

    @Test
    void theMetricFamiliesAreTheCatalogues() throws IOException {
        assertThat(MetricFamilies.WRITTEN_BY.keySet()).as("the families MetricFamilies describes")
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(SuiteMetric.values()).map(MetricFamilies::family)
                        .distinct().toList());
        String text = Files.readString(INDEX);
        int start = text.indexOf(MetricFamilies.BEGIN);
        int end = text.indexOf(MetricFamilies.END);
        assertThat(start).as("%s in %s", MetricFamilies.BEGIN, INDEX).isNotNegative();
        assertThat(end).as("%s in %s", MetricFamilies.END, INDEX).isGreaterThan(start);
        String table = MetricFamilies.table();
        String written = text.substring(start + MetricFamilies.BEGIN.length(), end);
        if (Boolean.getBoolean("golden.update") && !written.equals("\n" + table)) {
            Files.writeString(INDEX, text.substring(0, start + MetricFamilies.BEGIN.length()) + "\n" + table
                    + text.substring(end));
            written = "\n" + table;
        }
        assertThat(written).as("the metric families in %s (rewrite with -Dgolden.update=true)", INDEX)
                .isEqualTo("\n" + table);
    }

    /** The rows of the table of runs: table lines after its heading, to the next heading of its level. */
    static List<String> runRows() throws IOException {
        List<String> rows = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(INDEX)) {
            if (line.startsWith("## ")) {
                in = line.startsWith(RUNS_HEADING);
            } else if (in && line.startsWith("|") && !line.startsWith("|---")) {
                rows.add(line);
            }
        }
        assertThat(rows).as("the table of runs under '%s' in %s", RUNS_HEADING, INDEX).isNotEmpty();
        return rows;
    }

    static String firstCell(String row) {
        String[] cells = row.split("(?<!\\\\)\\|", -1);
        return cells.length > 1 ? cells[1] : "";
    }

    /** Code spans that name something under results/ by its time: {@code T_clients/}, {@code STEM.*}, a file. */
    static List<String> entries(String text) {
        List<String> found = new ArrayList<>();
        Matcher m = CODE.matcher(text);
        while (m.find()) {
            if (ENTRY.matcher(m.group(1)).matches()) {
                found.add(m.group(1));
            }
        }
        return found;
    }

    private static boolean exists(String entry) {
        if (entry.endsWith("/")) {
            return TRACKED.stream().anyMatch(f -> f.startsWith(RESULTS.resolve(entry)));
        }
        if (entry.endsWith(".*")) {
            String stem = entry.substring(0, entry.length() - 1);
            return TRACKED.stream().anyMatch(f -> RESULTS.equals(f.getParent())
                    && f.getFileName().toString().startsWith(stem));
        }
        return TRACKED.contains(RESULTS.resolve(entry));
    }

    /** The sidecars of an entry: a folder's own (not its parts'), a run's one. */
    private static List<Path> sidecars(String entry) {
        if (entry.endsWith("/")) {
            Path folder = RESULTS.resolve(entry);
            return TRACKED.stream().filter(f -> folder.equals(f.getParent())
                    && f.getFileName().toString().endsWith(".meta.json")).toList();
        }
        if (entry.endsWith(".*")) {
            Path sidecar = RESULTS.resolve(entry.substring(0, entry.length() - 1) + "meta.json");
            return Files.isRegularFile(sidecar) ? List.of(sidecar) : List.of();
        }
        return List.of();
    }
}
