package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Bad input: one line naming what was wrong, exit 2. */
class MainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureErr() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true));
    }

    @AfterEach
    void restoreErr() {
        System.setErr(originalErr);
    }

    /**
     * picocli formats every help line with {@code String.format}: a bare {@code %} (a "±5%") makes it
     * print a warning above the usage instead of the help a user asked for. The lines are read as
     * written in the annotations, as picocli reads them.
     */
    @Test
    void everyHelpLineFormats() {
        List<String> broken = new ArrayList<>();
        helpLines(new CommandLine(new Main()), broken);
        assertThat(broken).isEmpty();
    }

    private static void helpLines(CommandLine cli, List<String> broken) {
        CommandSpec spec = cli.getCommandSpec();
        List<Class<?>> classes = new ArrayList<>();
        classes.add(spec.userObject().getClass());
        spec.mixins().values().forEach(m -> classes.add(m.userObject().getClass()));
        for (Class<?> type : classes) {
            List<String> lines = new ArrayList<>();
            Command command = type.getAnnotation(Command.class);
            if (command != null) {
                lines.addAll(List.of(command.description()));
            }
            for (Field field : type.getDeclaredFields()) {
                Option option = field.getAnnotation(Option.class);
                Parameters parameters = field.getAnnotation(Parameters.class);
                lines.addAll(List.of(option != null ? option.description()
                        : parameters != null ? parameters.description() : new String[0]));
            }
            for (String line : lines) {
                try {
                    String.format(line);
                } catch (IllegalFormatException e) {
                    broken.add(type.getSimpleName() + ": " + e + " in: " + line);
                }
            }
        }
        cli.getSubcommands().values().forEach(sub -> helpLines(sub, broken));
    }

    @Test
    void anUnknownSubcommandIsOneLineAndExitTwo() {
        assertThat(Main.run("controlplane", "restart")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(
                "error: Unmatched argument at index 1: 'restart' (see: run-bench.sh controlplane --help)");
    }

    @Test
    void aMalformedPortIsOneLineAndExitTwo() {
        assertThat(Main.run("controlplane", "start", "--port", "http")).isEqualTo(2);
        assertThat(err.toString().strip().lines()).hasSize(1).first().asString()
                .startsWith("error: Invalid value for option '--port': 'http' is not an int");
    }

    @Test
    void aPortOutOfRangeIsOneLineAndExitTwo() {
        assertThat(Main.run("controlplane", "start", "--port", "70000")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(
                "error: --port must be 0..65535 (0 takes a free one), not 70000 (see: run-bench.sh controlplane start "
                        + "--help)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--profile fast | "
                + "error: Invalid value for option '--profile': unknown profile 'fast'; accepted: smoke, article, "
                + "quick, compare, full, memory (see: run-bench.sh run --help)",
        "-- -p qps=0 | error: -p qps=0: qps must be a number above 0",
        "-- -p objects=0 | error: -p objects=0: objects must be an integer of at least 1",
        "-- -p resyncMillis=10 | "
                + "error: -p resyncMillis=10: resyncMillis must be 0 (no resync) or an integer of at least 1000 "
                + "(client-java's shortest resync period is 1 s)",
        "-- -p fault=KILL | error: -p fault=KILL: fault must be CONNECTION_RESET or APISERVER_RESTART",
        "-- ServerCost -p controllers=0 | error: -p controllers=0: controllers must be an integer of at least 1",
        "-- ServerCost -p pollMillis=0 | "
                + "error: -p pollMillis=0: pollMillis must be an integer of at least 1000 (a poller reads each object "
                + "once per period)",
        "-- ServerCost -p churnPerSecond=-1 | "
                + "error: -p churnPerSecond=-1: churnPerSecond must be an integer of at least 0 (0: a quiet namespace)",
        "-- ServerCost -p approach=CACHE | error: -p approach=CACHE: approach must be LIST_WATCH, WATCH_LIST or POLL",
        "-- RestartStorm -p approach=POLL | "
                + "error: -p approach=POLL: approach must be LIST_WATCH or WATCH_LIST for RestartStorm, whose "
                + "informers come back after a restart (POLL is ServerCost's: name it alone, -- ServerCost)",
        "-- -p approach=POLL | "
                + "error: -p approach=POLL: approach must be LIST_WATCH or WATCH_LIST for RestartStorm, whose "
                + "informers come back after a restart (POLL is ServerCost's: name it alone, -- ServerCost)",
        "-- RestartStorm -p objectKiB=1000 | "
                + "error: -p objectKiB=1000: objectKiB must be an integer from 0 to 900 (a ConfigMap holds at most 1 "
                + "MiB)",
        "--client-versions 19.0.0,27.0.0 | "
                + "error: client version 19.0.0 is older than 20.0.0, whose request-builder API the suite is written "
                + "against; accepted: 20.0.0 and later",
        "--client-versions 27.x | "
                + "error: client version '27.x' is not a release like 27.0.0 or a local build like "
                + "27.0.1-SNAPSHOT; give a comma-separated list, e.g. --client-versions 26.0.0,27.0.0",
        "--clients okhttp | "
                + "error: --clients: unknown client 'okhttp'; accepted: a comma-separated list of client-java, "
                + "fabric8, client-go, each listed once or, for an A/A pair, twice, client-java and fabric8 "
                + "optionally at a version (client-java@26.0.0, fabric8@7.5.0), any of them at a checkout's folder "
                + "(client-java@../java), client-java and fabric8 optionally on a JDK with JVM flags (client-java on "
                + "jdk25 -XX:+UseZGC)",
        "--clients client-java,client-java@/nonexistent/java | "
                + "error: --clients client-java@/nonexistent/java: no folder /nonexistent/java; accepted: "
                + "client-java@VERSION (a release, or a -SNAPSHOT in the local Maven repository) or "
                + "client-java@FOLDER, a client-java checkout",
        "--clients fabric8@/tmp | "
                + "error: --clients fabric8@/tmp: /tmp is not a fabric8 checkout (no kubernetes-client/pom.xml of "
                + "artifact kubernetes-client beside a pom.xml); accepted: fabric8@VERSION (a release, or a -SNAPSHOT "
                + "in the local Maven repository) or fabric8@FOLDER, a fabric8 checkout",
        "--clients client-go,client-go@/tmp | "
                + "error: --clients client-go@/tmp: /tmp is not a client-go module (no go.mod of module "
                + "k8s.io/client-go); accepted: client-go (the version clientgo/go.mod pins) or client-go@FOLDER, a "
                + "k8s.io/client-go module",
        "--clients client-java --client-versions 26.0.0,27.0.0 | "
                + "error: --clients and --client-versions are two kinds of run; give one of them (client-java "
                + "versions side by side: --clients client-java@26.0.0,client-java@27.0.0)",
        "--clients fabric8 -- -p client=FABRIC8 | "
                + "error: -p client=... and --clients: each client's units set client themselves; accepted: --clients "
                + "with the clients to run",
        "--kubeconfig /nonexistent/config | error: kubeconfig /nonexistent/config is not a readable file",
        "--context prod | error: --context needs --kubeconfig: the suite never reads ~/.kube/config",
        "--kube-version latest | error: --kube-version 'latest' is not a release like 1.36.3",
        "--plant 5 | "
                + "error: --plant slows the last contender of a comparison; accepted: with --client-versions or "
                + "--clients",
        "--plant 60 --client-versions 27.0.0,27.0.0 | error: --plant 60 is out of range; accepted: 1 to 50 (percent)",
        "--plant 5 --clients client-java,client-go | "
                + "error: --plant works in the JVM clients' forks, and the last of --clients is client-go; accepted: "
                + "client-java or fabric8 last",
        "--precision 5% | error: --precision and --budget plan the rounds of an interleaved run; accepted: with "
                + "--client-versions or --clients",
        "--precision 0 --clients client-java,client-java | error: --precision '0' is not a detectable change to "
                + "reach; accepted: a percentage from 0.1% to 50%, e.g. --precision 5%",
        "--budget 40 --client-versions 27.0.0,27.0.0 | error: --budget '40' is not a time the run may take; "
                + "accepted: a minute or more as hours, minutes and seconds, e.g. --budget 40m, 90s, 2h, 1h30m",
        "--precision 5% --clients client-java,client-java -- -f 2 | error: -f 2 with --precision or --budget is the "
                + "most forks a side a row gets; accepted: -f 3 or more, or no -f (up to 30)",
        "--shard 4/4 --in-cluster -- ServerCost -p controllers=10 | "
                + "error: --shard 4/4: the index must be 0 to 3 (Kubernetes' JOB_COMPLETION_INDEX)",
        "--shard 0/2 --in-cluster -- ServerCost | "
                + "error: sharding splits one N of controllers, and the JMH arguments give none; accepted: -p "
                + "controllers=N with one N",
        "--shard 0/2 --clients client-java -- ServerCost -p controllers=10 | "
                + "error: --shard runs one client's share of ServerCost; accepted: without --clients and "
                + "--client-versions",
        "--in-cluster --kind | error: --in-cluster and --kind name two clusters; give one of them",
        "job-manifest --image reg/ib:1 --shards 0 -- ServerCost -p controllers=10 | "
                + "error: --shards 0: a Job needs at least 1 shard (one pod each)",
        "job-manifest --image reg/ib:1 --shards 11 -- ServerCost -p controllers=10 | "
                + "error: -p controllers=10 over 11 shards leaves a shard without a controller; accepted: at most 10 "
                + "shards",
        "job-manifest --image reg/ib:1 --shards 2 -- ServerCost -p controllers=10,100 | "
                + "error: sharding splits one N of controllers, and the JMH arguments give 2 (10,100); accepted: -p "
                + "controllers=N with one N",
        "job-manifest --image reg/ib:1 --shards 2 -- DirectGet | "
                + "error: sharding splits ServerCost's controllers, and the JMH arguments select "
                + "DirectGetBenchmark.throttled, DirectGetBenchmark.unthrottled; accepted: -- ServerCost -p "
                + "controllers=N",
        "job-manifest --image reg/ib:1 --shards 2 --namespace Bench -- ServerCost -p controllers=10 | "
                + "error: --namespace 'Bench' is not a DNS label of at most 63 characters (lower case letters, digits "
                + "and '-')",
        "job-manifest --shards 2 -- ServerCost -p controllers=10 | "
                + "error: Missing required option: '--image=IMAGE' (see: run-bench.sh job-manifest --help)",
        "merge-shards -o merged.txt x.log | error: --output must name a .json file, not merged.txt",
        "export results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json --format github-action-benchmark "
                + "--aa results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json | "
                + "error: --aa results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json: give one pair, "
                + "BASE.json,REPEAT.json (the same code run twice); repeat --aa for more",
        "export results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json --format csv --alert-threshold 150% | "
                + "error: --alert-threshold goes with --aa, the A/A pairs that decide which entries alert",
        "compare results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json "
                + "results/20261130T162047Z_client-java-27.0.0_k8s-1.36.3.json --paired | "
                + "error: --paired compares forks round by round, so it needs the files of one complete interleaved "
                + "run (one --client-versions or --clients folder, every sidecar 'complete'); "
                + "results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json is not; accepted: those files, or "
                + "leave out --paired",
    })
    void badInputIsOneLineAndExitTwo(String args, String message) {
        assertThat(Main.run(args.strip().split(" "))).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(message.strip());
    }

    /** A kubeconfig that client-java accepts, for a server on loopback where nothing listens. */
    private static final String LOOPBACK_NOWHERE = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: c
              cluster: {server: "https://127.0.0.1:1"}
            users:
            - name: u
              user: {token: t}
            contexts:
            - name: x
              context: {cluster: c, user: u}
            current-context: x
            """;

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "this: [is not a kubeconfig | "
                + "is not valid: YAML error at line 1, column 7: while parsing a flow sequence; expected ',' or ']', "
                + "but got <stream end>",
        "apiVersion: v1\\nkind: Config\\nclusters: []\\ncontexts: []\\nusers: [] | "
                + "has no current-context; name one with --context (the file's contexts are its choices)",
        "apiVersion: v1\\nkind: Config\\nclusters: []\\ncontexts:\\n- name: x\\n  context: {cluster: gone}\\n"
                + "current-context: x | "
                + "gives no server for context 'x'; accepted: a context whose cluster has a server URL",
    })
    void aKubeconfigThatCannotBeUsedIsOneLineNamingTheFile(String text, String problem, @TempDir Path dir)
            throws Exception {
        Path file = Files.writeString(dir.resolve("config"), text.replace("\\n", "\n") + "\n");
        assertThat(Main.run("run", "--kubeconfig", file.toString(), "--results", dir.resolve("r").toString()))
                .isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("error: kubeconfig " + file + " " + problem.strip());
    }

    @Test
    void aResultsFolderThatCannotBeWrittenIsRefusedBeforeTheClusterIsAsked(@TempDir Path dir) throws Exception {
        Path kubeconfig = Files.writeString(dir.resolve("config"), LOOPBACK_NOWHERE);
        assertThat(Main.run("run", "--kubeconfig", kubeconfig.toString(), "--results", "/proc/nope")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("error: results folder /proc/nope cannot be created or written"
                + " (/proc/nope: no such file or directory); accepted: --results with a folder"
                + " this user can write");
    }
}
