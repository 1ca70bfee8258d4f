package dev.informerbench.cli;

import dev.informerbench.runner.ProfileTable;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code ./run-bench.sh profiles}: each profile, what it is for, its families and rows, its measured time. */
@Command(name = "profiles", mixinStandardHelpOptions = true,
        description = "List the profiles: what each is for, its families, rows and forks, what a run of it took here.")
final class ProfilesCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.out.print(ProfileTable.markdown());
        return 0;
    }
}
