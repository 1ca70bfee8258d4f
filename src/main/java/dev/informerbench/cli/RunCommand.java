package dev.informerbench.cli;

import dev.informerbench.cluster.ProjectPaths;
import dev.informerbench.runner.JmhArgs;
import dev.informerbench.runner.Profile;
import dev.informerbench.runner.SuiteRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./run-bench.sh [--profile P] [target] [-- JMH args]}: the suite, one result file. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the benchmark suite and write results/<time>_client-java-<v>_k8s-<v>.json (the default command).")
final class RunCommand implements Callable<Integer> {
    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "quick",
            description = "smoke (CI, ≤3 min), quick (default, ≤15 min) or full.")
    String profile;

    @Option(names = "--results", paramLabel = "DIR", description = "Where result files go (default: results/ of the project).")
    Path results;

    @Mixin
    TargetOptions target;

    @Parameters(paramLabel = "JMH_ARGS", description = "After --: JMH arguments, e.g. -- ListerGet -p objects=1000 -f 3.")
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        // Every input is checked before anything starts or is created.
        Profile p = Profile.parse(profile);
        JmhArgs args = JmhArgs.parse(jmhArgs);
        var clusterTarget = target.target();
        Path home = ProjectPaths.projectHome();
        Path dir = results != null ? results : home.resolve("results");
        SuiteRunner.Outcome outcome = new SuiteRunner(System.err)
                .run(new SuiteRunner.Request(p, clusterTarget, args, dir, home));
        System.out.println();
        System.out.println(outcome.summary());
        System.out.println("results: " + outcome.file().json());
        System.out.println("metadata: " + outcome.file().meta());
        return outcome.metadata().status.equals("complete") ? 0 : 1;
    }
}
