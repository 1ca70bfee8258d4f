package dev.informerbench.cli;

import dev.informerbench.report.RunReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./run-bench.sh report FILE.json [MORE.json ...] [-o report.html]}: one self-contained
 * HTML page for a run, or for several compared with the first. Bad input is one line and exit 2.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write one self-contained HTML page (no script, nothing fetched: it opens offline) for a "
                + "JMH JSON result file, or several compared with the first: per benchmark family a chart of the "
                + "scores with their intervals and of the change against the first file, the noise floor and "
                + "stationarity flags, the API requests, the GET latency percentile curves (.hgrm) and the runs' "
                + "metadata (.meta.json) found beside the files."})
final class ReportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "JMH JSON files (-rf json); the first is the "
            + "base. Only read.")
    List<Path> files;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.html", defaultValue = "report.html",
            description = "Where to write the page (default: ${DEFAULT-VALUE}; replaced if it exists).")
    Path output;

    @Mixin
    StatisticsOptions statistics;

    @Option(names = "--history", description = "The files are versions of a client in order (e.g. a --clients folder's "
            + "client-java@20.0.0 ... @27.0.0 files): the page opens with each client's history, per question a chart "
            + "of every score row across the versions (100%% = the first) with the steps beyond the noise marked, and "
            + "its table, as compare --history.")
    boolean history;

    @Override
    public Integer call() throws IOException {
        statistics.check();
        String name = String.valueOf(output.getFileName()).toLowerCase(Locale.ROOT);
        if (!name.endsWith(".html") && !name.endsWith(".htm")) {
            // Only a page is replaced: never a result file, sidecar or summary beside it.
            throw new IllegalArgumentException("--output must name an .html file, not " + output);
        }
        Path dir = output.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--output: no such directory: " + dir);
        }
        for (Path file : files) {
            if (Files.exists(output) && Files.exists(file) && Files.isSameFile(file, output)) {
                throw new IllegalArgumentException("--output " + output + " is one of the result files: it would "
                        + "be overwritten; name another file");
            }
        }
        String page = RunReport.render(files, statistics.alpha, statistics.minChange, history);
        Path tmp = output.resolveSibling("." + output.getFileName() + ".tmp");
        Files.writeString(tmp, page);
        Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING);
        System.err.println("report: " + output + " (" + files.size() + (files.size() == 1 ? " file" : " files") + ")");
        return 0;
    }
}
