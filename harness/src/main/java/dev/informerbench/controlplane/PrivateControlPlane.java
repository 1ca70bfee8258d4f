package dev.informerbench.controlplane;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A private local control plane run for a benchmark fork that cannot start one itself (fabric8's
 * jar, client-go's program: neither holds this package), driven over its standard streams, one
 * line each way. It prints {@code kubeconfig PATH}, {@code server URL} and {@code ready} once up;
 * each {@code restart} line restarts kube-apiserver with etcd compacted and is answered
 * {@code restarted NANOS} (the outage); end of input stops the control plane and the process. So
 * a fork that dies closes the pipe and takes its control plane with it. Errors go to stderr, and
 * a failed start or restart answers {@code error MESSAGE}.
 *
 * <pre>java -cp target/benchmarks.jar dev.informerbench.controlplane.PrivateControlPlane</pre>
 */
public final class PrivateControlPlane {
    /** The protocol's lines. */
    public static final String READY = "ready";
    public static final String RESTART = "restart";
    public static final String RESTARTED = "restarted";
    public static final String ERROR = "error";

    private PrivateControlPlane() {}

    public static void main(String[] args) throws Exception {
        // The control plane logs to stdout through slf4j; the protocol gets stdout to itself.
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        System.setOut(System.err);
        LocalControlPlane plane;
        try {
            plane = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        } catch (RuntimeException e) {
            protocol.println(ERROR + " " + oneLine(e));
            System.exit(1);
            return;
        }
        try (plane; BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            protocol.println("kubeconfig " + plane.kubeconfig());
            protocol.println("server " + plane.serverUrl());
            protocol.println(READY);
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.strip().equals(RESTART)) {
                    protocol.println(ERROR + " unknown command '" + line.strip() + "'; accepted: " + RESTART);
                    continue;
                }
                try {
                    protocol.println(RESTARTED + " " + plane.restartApiServer(true).total().toNanos());
                } catch (RuntimeException e) {
                    protocol.println(ERROR + " " + oneLine(e));
                }
            }
        }
    }

    private static String oneLine(Exception e) {
        return String.valueOf(e.getMessage()).replace('\n', ' ');
    }
}
