package dev.informerbench.runner;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.ComparisonChart;
import dev.informerbench.comparison.ComparisonReport;
import dev.informerbench.comparison.History;
import dev.informerbench.comparison.HistoryReport;
import dev.informerbench.comparison.NoiseReport;
import dev.informerbench.comparison.PlantCheck;
import dev.informerbench.report.RunReport;
import dev.informerbench.results.AllClientsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What an interleaved run writes into its folder once its contenders' files are merged: the
 * clients side by side in one file, the comparison (text, Markdown, chart), and a client's
 * history across versions. The run itself (planning, running, merging) is {@link MultiVersionRunner}'s.
 */
final class RunFolderFiles {
    private final Path folder;
    private final PrintStream log;

    RunFolderFiles(Path folder, PrintStream log) {
        this.folder = folder;
        this.log = log;
    }

    /**
     * {@link AllClientsFile} when the files are of different clients (versions of one client line
     * up as they are); a file it cannot be made of costs only this file, said in one line.
     */
    void allClients(List<AllClientsFile.Part> parts) throws IOException {
        if (parts.size() < 2 || parts.stream().map(AllClientsFile.Part::client).distinct().count() < parts.size()) {
            return;
        }
        try {
            Interleave.writeAtomically(folder.resolve(AllClientsFile.NAME),
                    Interleave.GSON.toJson(AllClientsFile.combine(parts)));
        } catch (RuntimeException e) {
            log.printf("[run-bench] no %s: %s%n", AllClientsFile.NAME, e.getMessage());
        }
    }

    /**
     * history.txt and history.html when a client ran at two versions or more: each version against
     * the one before it ({@link History}), without drift allowance, as {@link #comparison} has it.
     */
    void history(List<Path> files) throws IOException {
        List<History> histories;
        try {
            histories = History.of(files, Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE,
                    MultiVersionRunner.INTERLEAVED_MIN_CHANGE);
        } catch (IllegalArgumentException e) {
            return; // no client with two files
        }
        if (histories.stream().allMatch(h -> IntStream.range(1, h.versions().size()).allMatch(h::repeat))) {
            return; // A/A pairs only: comparison.txt says it all
        }
        Files.writeString(folder.resolve("history.txt"), HistoryReport.render(histories, false));
        Files.writeString(folder.resolve("history.html"), RunReport.render(files, Comparison.DEFAULT_ALPHA,
                MultiVersionRunner.INTERLEAVED_MIN_CHANGE, true));
        log.printf("[run-bench] history: %s (and history.txt)%n", folder.resolve("history.html"));
    }

    /** Adds {@code text} at the end of {@code comparison.txt} (made when there is none); returns it. */
    String appendToComparison(String text) throws IOException {
        Files.writeString(folder.resolve("comparison.txt"), text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return text;
    }

    /**
     * Compares the merged files with the first; writes the text, Markdown and the chart into the
     * run folder. No drift allowance (--min-change 0): the contenders' forks took turns, so what
     * drifts falls inside every file's forks alike, and the intervals hold it. With a plant, the
     * text ends with what the comparison saw of it ({@link PlantCheck}).
     */
    String comparison(List<Path> files, List<String> labels, int plant, boolean paired) throws IOException {
        Comparison c = Comparison.of(files, labels, Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE,
                MultiVersionRunner.INTERLEAVED_MIN_CHANGE, paired);
        String comparison = ComparisonReport.render(c, ComparisonReport.Format.TEXT);
        List<String> shortfalls = NoiseReport.shortfalls(c);
        comparison += shortfalls.isEmpty() ? "\nEvery score row could call a 5% change (80% power).\n"
                : "\nScore rows that could not call a 5% change with these forks (80% power), and why:\n"
                        + shortfalls.stream().map(l -> "  " + l + "\n").reduce("", String::concat);
        if (plant > 0) {
            List<String> seen = PlantCheck.lines(c);
            comparison += "\nPlanted +" + plant + "% in " + labels.get(labels.size() - 1) + " (--plant):\n"
                    + (seen.isEmpty() ? "  no planted row was measured\n"
                            : seen.stream().map(l -> "  " + l + "\n").reduce("", String::concat));
        }
        Files.writeString(folder.resolve("comparison.txt"), comparison);
        Files.writeString(folder.resolve("comparison.md"),
                ComparisonReport.render(c, ComparisonReport.Format.MARKDOWN));
        ComparisonChart.write(c, folder.resolve("comparison.png"));
        return comparison;
    }
}
