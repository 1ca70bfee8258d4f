package dev.informerbench.cli;

import dev.informerbench.runner.JmhArgs;
import dev.informerbench.runner.JobManifest;
import dev.informerbench.runner.ObjectCapacity;
import dev.informerbench.runner.ParamValidation;
import dev.informerbench.runner.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./run-bench.sh job-manifest --image IMAGE --shards K [--namespace NS] [-o FILE] -- ServerCost
 * -p controllers=N}: ServerCost beyond one machine, as a Kubernetes Indexed Job ({@link JobManifest}).
 * Nothing is sent anywhere: the user applies the file. Bad input is one line and exit 2.
 */
@Command(name = "job-manifest", mixinStandardHelpOptions = true,
        description = {"Write the manifest of a Kubernetes Indexed Job that runs ServerCost's N controllers on K pods"
                + " of the user's cluster (a ServiceAccount, the ClusterRole and binding the suite needs, the Job):"
                + " pod I runs `run --in-cluster --shard I/K` and prints its result; `merge-shards` joins the pods'"
                + " logs into one result file. The image is this suite's (see the Dockerfile)."})
final class JobManifestCommand implements Callable<Integer> {
    @Option(names = "--image", required = true, paramLabel = "IMAGE",
            description = "The suite's image, as the cluster pulls it (built from the Dockerfile).")
    String image;

    @Option(names = "--shards", required = true, paramLabel = "K",
            description = "Pods, each with N/K controllers (the first N%%K one more); at most N.")
    int shards;

    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "informer-bench",
            description = "The namespace of the Job and its ServiceAccount, which must exist"
                    + " (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "informer-bench",
            description = "The Job's and ServiceAccount's name (default: ${DEFAULT-VALUE}); the ClusterRole and its"
                    + " binding are NAME-NS.")
    String name;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "The profile the pods run (default: run's own).")
    String profile;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the manifest (default: standard output).")
    Path output;

    @Parameters(paramLabel = "JMH_ARGS", description = "After --: the pods' JMH arguments, e.g. -- ServerCost "
            + "-p controllers=1000 (one N, which the shards split).")
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        JmhArgs args = JmhArgs.parse(jmhArgs);
        args.requireKnownBenchmarks();
        ParamValidation.require(args);
        // the pods' forks have the profile's heaps; their cluster's etcd is not the suite's to know
        ObjectCapacity.require(args, profile != null ? Profile.parse(profile) : Profile.DEFAULT, false, null);
        String yaml = new JobManifest(name, namespace, image, shards, profile, jmhArgs).yaml();
        if (output == null) {
            System.out.print(yaml);
            return 0;
        }
        Path dir = output.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--output: no such directory: " + dir);
        }
        Files.writeString(output, yaml);
        System.err.println("job-manifest: " + output + " (" + shards + (shards == 1 ? " shard" : " shards")
                + "; kubectl apply -f " + output + ")");
        return 0;
    }
}
