package dev.informerbench.client;

import dev.informerbench.accounting.RequestCounter;
import java.nio.file.Path;

/**
 * How to build a client.
 *
 * @param watch     for informers: no read timeout, as a watch stays open
 * @param counter   counts this client's requests besides {@code RequestCounter.JVM}; null for none
 * @param relayPort when above 0, connect to {@code 127.0.0.1:relayPort} (a relay in front of the
 *                  server) while TLS still verifies the server's own name
 * @param kubeconfig the cluster; null for this JVM's ({@code ForkSettings})
 */
public record ConnectOptions(boolean watch, RequestCounter counter, int relayPort, Path kubeconfig) {
    /** A client for GETs and writes to this JVM's cluster. */
    public static ConnectOptions direct() {
        return new ConnectOptions(false, null, 0, null);
    }

    /** A client for informers on this JVM's cluster. */
    public static ConnectOptions forWatches() {
        return new ConnectOptions(true, null, 0, null);
    }

    public ConnectOptions countedBy(RequestCounter counter) {
        return new ConnectOptions(watch, counter, relayPort, kubeconfig);
    }

    public ConnectOptions throughRelay(int port) {
        return new ConnectOptions(watch, counter, port, kubeconfig);
    }

    public ConnectOptions on(Path kubeconfig) {
        return new ConnectOptions(watch, counter, relayPort, kubeconfig);
    }
}
