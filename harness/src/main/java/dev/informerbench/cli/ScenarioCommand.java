package dev.informerbench.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import dev.informerbench.controlplane.ServerVersion;
import dev.informerbench.local.ProjectPaths;
import dev.informerbench.local.RunLock;
import dev.informerbench.results.ResultFile;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.scenario.Facts;
import dev.informerbench.scenario.SeedScenario;
import dev.informerbench.target.ClusterTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./run-bench.sh scenario}: the source article's walk-through with client-java. */
@Command(name = "scenario", mixinStandardHelpOptions = true,
        description = "Replay the article's informer walk-through with client-java and print its timeline "
                + "(about a minute); the facts also go to results/<time>_scenario_....json.")
final class ScenarioCommand implements Callable<Integer>, WritesResults {
    @Spec
    CommandSpec spec;

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where the JSON goes (default: results/ of the project).")
    Path results;

    @Mixin
    TargetOptions target;

    @Override
    public Integer call() throws Exception {
        Path dir = resultsDir();
        ResultFile.requireWritableFolder(dir);
        ClusterTarget clusterTarget = target.target();
        Instant started = Instant.now();
        String runId = DateTimeFormatter.ofPattern("'s'yyyyMMdd'-'HHmmss").withZone(ZoneOffset.UTC).format(started);
        try (RunLock lock = RunLock.acquire(RunLock.machineFile(), RunCommand.commandLine(spec));
                ClusterTarget.Connection connection = clusterTarget.connect()) {
            String server = ServerVersion.gitVersion(connection.newClient());
            String client = RunMetadata.clientJavaVersion();
            System.out.printf("informer walk-through: client-java %s, Kubernetes %s (%s), resync 10 s%n", client,
                    server, clusterTarget.kind());
            Facts facts = new SeedScenario(System.out).run(connection, runId);
            JsonObject json = new JsonObject();
            json.addProperty("schema", "informer-bench/scenario/v1");
            json.addProperty("clientJavaVersion", client);
            json.addProperty("serverVersion", server);
            json.addProperty("targetKind", clusterTarget.kind());
            json.addProperty("startedAt", ResultFile.iso(started));
            facts.toJson(GSON).entrySet().forEach(e -> json.add(e.getKey(), e.getValue()));
            Path file = dir.resolve(ResultFile.stem(started, client, server)
                    .replaceFirst("_client-java", "_scenario_client-java") + ".json");
            Files.writeString(file, GSON.toJson(json) + "\n");
            System.out.println("facts: " + file);
        }
        return 0;
    }

    @Override
    public Path resultsDir() {
        return results != null ? results : ProjectPaths.projectHome().resolve("results");
    }
}
