package dev.informerbench.cli;

import dev.informerbench.controlplane.ControlPlaneException;
import dev.informerbench.local.RunLock;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The harness's command line, behind {@code ./run-bench.sh}. Errors of use (bad input)
 * exit 2 with one line; a control plane that cannot start exits 1 with one line and the
 * tail of the failing process's log; another run in progress exits 2 naming it; anything
 * unexpected exits 1 with one line saying where its stack trace was written.
 */
@Command(name = "run-bench.sh", mixinStandardHelpOptions = true,
        description = "informer-bench: informer cache reads vs direct GETs, resync and relist, on a real API server.",
        subcommands = {RunCommand.class, ScenarioCommand.class, ControlPlaneCommand.class, CompareCommand.class,
                ReportCommand.class, ExportCommand.class, NoiseCommand.class, JobManifestCommand.class,
                MergeShardsCommand.class, ProfilesCommand.class, SizeCommand.class})
public final class Main {
    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof ControlPlaneException cpe) {
                System.err.println("error: " + cpe.getMessage());
                if (!cpe.detail().isBlank()) {
                    System.err.println("--- last lines of its log ---");
                    System.err.println(cpe.detail());
                }
                return 1;
            }
            if (e instanceof IllegalArgumentException || e instanceof RunLock.Held) {
                System.err.println("error: " + e.getMessage());
                return 2;
            }
            // Not the user's doing: the whole trace goes to a file, the terminal gets where it is.
            Path results = commandLine.getCommand() instanceof WritesResults w ? w.resultsDir() : null;
            System.err.println("error: unexpected " + e.getClass().getSimpleName() + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + "; "
                    + CrashLog.write(e, results));
            return 1;
        });
        // Bad input: one line saying what was wrong and what is accepted, exit 2.
        cli.setParameterExceptionHandler((e, args1) -> {
            System.err.println("error: " + e.getMessage() + " (see: "
                    + e.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
            return 2;
        });
        // No subcommand: the suite itself (`./run-bench.sh --profile smoke` is `run --profile smoke`).
        boolean explicit = args.length > 0 && cli.getSubcommands().containsKey(args[0]);
        boolean help = args.length > 0 && (args[0].equals("--help") || args[0].equals("-h")
                || args[0].equals("--version") || args[0].equals("-V"));
        if (!explicit && !help) {
            String[] withRun = new String[args.length + 1];
            withRun[0] = "run";
            System.arraycopy(args, 0, withRun, 1, args.length);
            return cli.execute(withRun);
        }
        return cli.execute(args);
    }
}
