package dev.informerbench.results;

import static dev.informerbench.results.ResultsLayout.NOTEBOOK;
import static dev.informerbench.results.ResultsLayout.RESULTS;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code results/} holds what the suite writes and nothing else (no script, log, diff or note; no
 * line of a build's log inside a result), and every latency table a committed sidecar points to
 * is committed with it. The experiments, scripts and notes live in {@code notebook/}, and no
 * script there names a folder of one machine: they take paths as arguments or find them from
 * where they are.
 */
class ResultsTreeTest {
    private static final List<Path> TRACKED = Tracked.files(RESULTS);
    private static final Set<String> SCRIPT_EXTENSIONS = Set.of("sh", "bash", "py", "js", "mjs", "cjs", "ts", "rs",
            "go", "rb", "pl", "r", "java", "kts", "groovy", "awk", "sed", "jq");
    private static final Set<String> NOT_RESULTS = Set.of("log", "diff", "patch", "orig", "rej", "tsv", "csv", "out",
            "err", "ipynb");
    /** A path that exists on one machine: its work folder, a home, the temporary folder. */
    private static final Pattern MACHINE_PATH = Pattern.compile(
            "(?<![\\w.~$-])/(?:work|root|home|tmp|Users|mnt|opt|srv|var|usr|private)/");
    /** Lines a build or a launcher prints, not the suite's result. */
    private static final Pattern BUILD_LOG = Pattern.compile(
            "^(?:\\[(?:run-bench|INFO|WARNING|WARN|ERROR|DEBUG)\\] |BUILD (?:SUCCESS|FAILURE)|Downloading from |"
                    + "Downloaded from |\\+ \\./run-bench\\.sh|\\$ )");

    @Test
    void onlyTheKindsOfFileTheSuiteWritesAreUnderResults() {
        List<Path> others = TRACKED.stream().filter(f -> ResultsLayout.kindOf(ResultsLayout.inResults(f)).isEmpty())
                .toList();
        assertThat(others).as("files under results/ the suite does not write (see results/README.md; experiments,"
                + " scripts and notes go to notebook/)").isEmpty();
    }

    @Test
    void noScriptLogDiffOrNoteIsUnderResults() {
        List<Path> found = TRACKED.stream().filter(f -> {
            String name = f.getFileName().toString();
            String ext = extension(name);
            return SCRIPT_EXTENSIONS.contains(ext) || NOT_RESULTS.contains(ext) || ext.equals("md")
                    && !name.equals("comparison.md") && !f.equals(ResultsLayout.INDEX);
        }).toList();
        assertThat(found).as("scripts, logs, diffs and notes under results/: they belong in notebook/").isEmpty();
    }

    @Test
    void noResultTextHoldsALineOfABuildsLog() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path f : TRACKED) {
            String name = f.getFileName().toString();
            if (!name.endsWith(".txt") && !name.endsWith(".md")) {
                continue;
            }
            List<String> lines = Files.readAllLines(f);
            for (int i = 0; i < lines.size(); i++) {
                if (BUILD_LOG.matcher(lines.get(i)).find()) {
                    found.add(f + ":" + (i + 1) + ": " + lines.get(i));
                }
            }
        }
        assertThat(found).as("lines of a build's or a launcher's log inside results (what the suite wrote is the rest)")
                .isEmpty();
    }

    /** What the report reads ({@code latencyFiles}, resolved beside the sidecar) is there for a clone. */
    @Test
    void everyLatencyTableACommittedSidecarNamesIsCommitted() throws IOException {
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (Path f : TRACKED) {
            String name = f.getFileName().toString();
            if (!name.endsWith(".meta.json") && !name.equals("interleave.json")) {
                continue;
            }
            JsonObject root = JsonParser.parseString(Files.readString(f)).getAsJsonObject();
            List<JsonElement> lists = new ArrayList<>();
            if (root.has("latencyFiles")) {
                lists.add(root.get("latencyFiles"));
            }
            if (root.has("runs")) {
                root.getAsJsonArray("runs").forEach(r -> {
                    if (r.getAsJsonObject().has("latencyFiles")) {
                        lists.add(r.getAsJsonObject().get("latencyFiles"));
                    }
                });
            }
            for (JsonElement list : lists) {
                for (JsonElement table : list.getAsJsonArray()) {
                    named++;
                    Path hgrm = f.getParent().resolve(table.getAsString()).normalize();
                    if (!TRACKED.contains(hgrm)) {
                        missing.add(f + " names " + table.getAsString());
                    }
                }
            }
        }
        assertThat(named).as("latency tables the committed sidecars name").isPositive();
        assertThat(missing).as("latency tables named by committed sidecars but not committed").isEmpty();
    }

    /** A unit's {@code .phase} says where its process was last: kept only where the unit did not complete. */
    @Test
    void partsKeepThePhaseOnlyOfAUnitThatDidNotComplete() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path phase : TRACKED.stream().filter(f -> f.getFileName().toString().equals(".phase")).toList()) {
            Path unit = phase.getParent();
            Path folder = unit.getParent().getParent();
            JsonObject interleave = JsonParser.parseString(Files.readString(folder.resolve("interleave.json")))
                    .getAsJsonObject();
            String prefix = "parts/" + unit.getFileName() + "/";
            for (JsonElement run : interleave.getAsJsonArray("runs")) {
                JsonObject r = run.getAsJsonObject();
                if (r.has("resultFile") && !r.get("resultFile").isJsonNull()
                        && r.get("resultFile").getAsString().startsWith(prefix)
                        && r.get("status").getAsString().equals("complete")) {
                    wrong.add(phase.toString());
                }
            }
        }
        assertThat(wrong).as("phases of units that completed (scratch: see .gitignore)").isEmpty();
    }

    @Test
    void noScriptInTheNotebookNamesAFolderOfOneMachine() throws IOException {
        List<Path> scripts = Tracked.files(NOTEBOOK).stream().filter(ResultsTreeTest::isScript).toList();
        assertThat(scripts).as("the notebook's scripts").hasSizeGreaterThan(20);
        List<String> found = new ArrayList<>();
        for (Path script : scripts) {
            List<String> lines = Files.readAllLines(script);
            for (int i = 0; i < lines.size(); i++) {
                String line = i == 0 && lines.get(0).startsWith("#!") ? "" : lines.get(i);
                if (MACHINE_PATH.matcher(line).find()) {
                    found.add(script + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(found).as("absolute paths of one machine in the notebook's scripts: take them as arguments or"
                + " in the environment, or find them from the script's own folder").isEmpty();
    }

    /** Each experiment keeps its notes beside its data and scripts. */
    @Test
    void everyExperimentHasItsNotes() throws IOException {
        Path experiments = NOTEBOOK.resolve("experiments");
        List<Path> without = new ArrayList<>();
        try (var folders = Files.list(experiments)) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                if (!Files.isRegularFile(folder.resolve("README.md"))
                        && !Files.isRegularFile(folder.resolve("EXPERIMENT.md"))) {
                    without.add(folder);
                }
            }
        }
        assertThat(without).as("experiments without a README.md or EXPERIMENT.md").isEmpty();
    }

    private static boolean isScript(Path file) {
        if (SCRIPT_EXTENSIONS.contains(extension(file.getFileName().toString()))) {
            return true;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] start = in.readNBytes(2);
            return start.length == 2 && start[0] == '#' && start[1] == '!';
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
