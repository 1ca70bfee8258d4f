package dev.informerbench.cli;

import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.NoiseReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ./run-bench.sh noise FILE.json [MORE.json ...]}: where the variance of every score
 * row comes from (iterations, forks, runs) in result files of the same code, and the forks a
 * comparison needs to see a 5% change. Bad input is one line and exit 2.
 */
@Command(name = "noise", mixinStandardHelpOptions = true,
        description = {"Split each score row's variance into iterations, forks and runs (the files, all of the same "
                + "code: an A/A pair, or the contenders of an A/A --client-versions run) and say how many forks per "
                + "side a comparison needs for a noise of ±5%% and to call a 5%% change with 80%% power."})
final class NoiseCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "JMH JSON files of the same code. Only read.")
    List<Path> files;

    @Override
    public Integer call() {
        Comparison runs = Comparison.of(files, null, Comparison.DEFAULT_ALPHA, Comparison.DEFAULT_CONFIDENCE, 0);
        System.out.print(NoiseReport.render(runs));
        return 0;
    }
}
