package dev.informerbench.results;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What {@code results/} may hold: the kinds of file the suite writes there (a run's JSON,
 * sidecar, summary and latency tables, an interleaved run's folder, {@code compare}'s text) and
 * its index. {@code results/README.md} describes each kind under the name given here.
 */
final class ResultsLayout {
    static final Path RESULTS = Path.of("results");
    static final Path NOTEBOOK = Path.of("notebook");
    static final Path INDEX = RESULTS.resolve("README.md");

    /** A run's start, UTC, as the suite names its files and folders. */
    static final String STAMP = "\\d{8}T\\d{6}Z";
    static final Pattern STAMP_PATTERN = Pattern.compile(STAMP);
    /** {@code T_client-java-C_k8s-K} (and {@code _2}, {@code _3} for a contender listed again). */
    static final String STEM = STAMP + "_(?:client-java|fabric8|client-go)-\\d[\\w.+-]*?_k8s-\\d+\\.\\d+\\.\\d+"
            + "(?:[+-][\\w-]*)?(?:_\\d+)?";
    /** An interleaved run's folder: {@code --clients} or {@code --client-versions}. */
    static final String FOLDER = STAMP + "_(?:clients|client-versions)";
    /** One unit of an interleaved run: round, family, contender (before 2026-11-30T22 without the client). */
    private static final String UNIT = "parts/r\\d+-[A-Z][\\w.]*-(?:(?:client-java|fabric8|client-go)-)?\\d[\\w.+-]*";
    /** A latency table's row: {@code DirectGet.unthrottled-objects=1000}. */
    private static final String ROW = "[A-Z]\\w*\\.\\w+(?:-[^/]*)?";

    /** A kind of file, by the name results/README.md gives it, and where it may be. */
    record Kind(String name, Pattern path) {
        Kind(String name, String regex) {
            this(name, Pattern.compile(regex));
        }
    }

    static final List<Kind> KINDS = List.of(
            new Kind("README.md", "README\\.md"),
            new Kind("T_client-java-C_k8s-K.json", "(?:" + FOLDER + "/)?" + STEM + "\\.json"),
            new Kind(".meta.json", "(?:" + FOLDER + "/(?:" + UNIT + "/)?)?" + STEM + "\\.meta\\.json"),
            new Kind(".summary.txt", "(?:" + FOLDER + "/)?" + STEM + "\\.summary\\.txt"),
            new Kind(".hgrm", "(?:" + FOLDER + "/)?" + STEM + "\\." + ROW + "\\.hgrm|" + FOLDER + "/" + UNIT + "/(?:"
                    + STEM + "\\.)?" + ROW + "\\.hgrm"),
            new Kind(".hlog", FOLDER + "/" + UNIT + "/(?:\\.latency/)?" + ROW + "\\.hlog"),
            new Kind(".phase", FOLDER + "/" + UNIT + "/\\.phase"),
            new Kind("_scenario_", STAMP + "_scenario_client-java-\\d[\\w.+-]*?_k8s-\\d[\\w.+-]*\\.json"),
            new Kind(".compare.txt", STAMP + "-vs-" + STAMP + "(?:_[\\w.-]+)?\\.compare\\.txt|" + FOLDER
                    + "/[\\w.-]+\\.compare\\.txt"),
            new Kind("interleave.json", FOLDER + "/interleave\\.json"),
            new Kind("all-clients.json", FOLDER + "/all-clients\\.json"),
            new Kind("comparison.txt", FOLDER + "/comparison\\.txt"),
            new Kind("comparison.md", FOLDER + "/comparison\\.md"),
            new Kind("comparison.png", FOLDER + "/comparison\\.png"),
            new Kind("history.txt", FOLDER + "/history\\.txt"),
            new Kind("history.html", FOLDER + "/history\\.html"));

    private ResultsLayout() {}

    /** The kind of a file under results/ ({@code relative} to it), if it is one the suite writes. */
    static Optional<Kind> kindOf(Path relative) {
        String name = relative.toString().replace('\\', '/');
        return KINDS.stream().filter(k -> k.path().matcher(name).matches()).findFirst();
    }

    /** {@code results/X/...} as {@code X/...}. */
    static Path inResults(Path file) {
        return RESULTS.relativize(file);
    }
}
