package dev.informerbench.cli;

import dev.informerbench.runner.JmhArgs;
import dev.informerbench.runner.PrecisionGoal;
import picocli.CommandLine.Option;

/** {@code --precision} and {@code --budget} of the run command: how an interleaved run decides its rounds. */
final class PrecisionOptions {
    @Option(names = "--precision", paramLabel = "PCT%",
            description = "With --client-versions or --clients: run each row until the change its comparison detects "
                    + "(compare's detects: 80%% power at alpha 0.05) reaches PCT%%, e.g. 5%%: a pilot of 5 forks a "
                    + "side measures each row's spread and plans its measurement (forks, and iterations a fork by "
                    + "Kalibera & Jones); rows stop on their own; those this machine cannot make that precise say so. "
                    + "-f N after -- caps each row at N forks a side after its pilot (default: 30).")
    String precision;

    @Option(names = "--budget", paramLabel = "DURATION",
            description = "With --client-versions or --clients: start no round that the time measured so far says "
                    + "would end after DURATION (e.g. 40m, 90s, 2h, 1h30m), keeping what was measured; without "
                    + "--precision, rounds of every row until then (or -f N).")
    String budget;

    /** The goal, checked before anything starts (one line, exit 2); null when neither option is given. */
    PrecisionGoal goal(JmhArgs args, boolean interleaved) {
        return PrecisionGoal.of(precision, budget, interleaved, args.forks());
    }
}
