package dev.informerbench.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import dev.informerbench.results.ShardLog;
import dev.informerbench.results.ShardMerge;
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
 * {@code ./run-bench.sh merge-shards -o FILE.json LOG...}: the results an Indexed Job's pods
 * printed ({@code run --shard}) joined into one JMH JSON file ({@link ShardMerge}). Bad input is
 * one line and exit 2.
 */
@Command(name = "merge-shards", mixinStandardHelpOptions = true,
        description = {"Join the results the pods of `job-manifest`'s Job printed (their logs: kubectl logs, one file"
                + " or many) into one JMH JSON file with all N controllers: client.*, api.* and poll.* summed over the"
                + " shards, server.* and probe.* (one API server, read by every shard in its own window) their mean."})
final class MergeShardsCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "LOG", description = "The pods' logs. Only read.")
    List<Path> logs;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.json",
            description = "Where to write the merged result (not replaced if it exists).")
    Path output;

    @Override
    public Integer call() throws IOException {
        if (!output.getFileName().toString().endsWith(".json")) {
            throw new IllegalArgumentException("--output must name a .json file, not " + output);
        }
        if (Files.exists(output)) {
            throw new IllegalArgumentException("--output " + output + " exists; name a new file");
        }
        List<ShardLog.Part> parts = new ArrayList<>();
        for (Path log : logs) {
            if (!Files.isRegularFile(log)) {
                throw new IllegalArgumentException("log " + log + ": no such file");
            }
            parts.addAll(ShardLog.parts(Files.readString(log), log.toString()));
        }
        JsonArray merged = ShardMerge.merge(parts);
        Files.writeString(output, new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().create()
                .toJson(merged) + "\n");
        System.err.println("merge-shards: " + output + " (" + parts.size() + " shards, " + merged.size()
                + (merged.size() == 1 ? " row)" : " rows)"));
        return 0;
    }
}
