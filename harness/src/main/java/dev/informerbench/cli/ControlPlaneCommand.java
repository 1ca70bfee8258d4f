package dev.informerbench.cli;

import dev.informerbench.controlplane.ControlPlaneService;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./run-bench.sh controlplane start|stop|status}: a local control plane in the background.
 * Start and stop are classes and status and serve methods only for the help's order: picocli
 * lists the {@code subcommands} classes first, then the methods by name.
 */
@Command(name = "controlplane", mixinStandardHelpOptions = true,
        description = "Start, stop or inspect the local control plane (etcd + kube-apiserver on 127.0.0.1) in the "
                + "background.",
        subcommands = {ControlPlaneCommand.Start.class, ControlPlaneCommand.Stop.class})
final class ControlPlaneCommand {

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Build the binaries if needed, start the control plane in the background, "
                    + "and print its kubeconfig path on the last line.")
    static final class Start implements Callable<Integer> {
        @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
                description = "The API server's port on 127.0.0.1 (default: a free one).")
        int port;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            if (port < 0 || port > 65535) {
                throw new ParameterException(spec.commandLine(),
                        "--port must be 0..65535 (0 takes a free one), not " + port);
            }
            // The background JVM runs this same command line's `controlplane serve`.
            ControlPlaneService.Status status = ControlPlaneService.start(Main.class,
                    List.of("controlplane", "serve", "--port", Integer.toString(port)));
            System.err.printf("local control plane %s running at %s (ready in %.1f s)%n", status.version(),
                    status.serverUrl(), status.startSeconds());
            System.out.println(status.kubeconfig());
            return 0;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop the background control plane and remove its data.")
    static final class Stop implements Runnable {
        @Override
        public void run() {
            System.out.println(ControlPlaneService.stop() ? "stopped" : "not running");
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Whether the background control plane runs, its /version and address. Exit 0 when it "
                    + "runs, 3 when not.")
    int status() {
        return ControlPlaneService.status().map(s -> {
            System.out.println("running");
            System.out.println("version:    " + s.version());
            System.out.println("server:     " + s.serverUrl());
            System.out.println("kubeconfig: " + s.kubeconfig());
            System.out.println("pid:        " + s.pid());
            return 0;
        }).orElseGet(() -> {
            System.out.println("not running");
            return 3;
        });
    }

    /** The background process itself: holds the control plane until SIGTERM. */
    @Command(name = "serve", hidden = true)
    int serve(@Option(names = "--port", defaultValue = "0") int port) throws InterruptedException {
        return ControlPlaneService.serve(port);
    }
}
