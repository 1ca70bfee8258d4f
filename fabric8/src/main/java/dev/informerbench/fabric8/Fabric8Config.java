package dev.informerbench.fabric8;

import dev.informerbench.client.ConnectOptions;
import dev.informerbench.fork.ForkSettings;
import io.fabric8.kubernetes.client.Config;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fabric8's {@link Config} from the kubeconfig the runner names, and nothing else: never
 * ~/.kube/config, $KUBECONFIG or fabric8's {@code kubernetes.*} system properties and
 * environment variables ({@link Config#fromKubeconfig(String, java.io.File)} starts from an
 * empty config; {@link #DISABLE_AUTO_CONFIG} is set too, before fabric8 is first used).
 */
final class Fabric8Config {
    /** fabric8's switch that keeps a client built without a config from reading ~/.kube/config. */
    static final String DISABLE_AUTO_CONFIG = "kubernetes.disable.autoConfig";
    static final String NO_KUBECONFIG =
            "fabric8 forks need -D" + ForkSettings.KUBECONFIG + "; run through ./run-bench.sh --clients fabric8";

    static {
        disableAutoConfig();
    }

    private Fabric8Config() {}

    static void disableAutoConfig() {
        System.setProperty(DISABLE_AUTO_CONFIG, "true");
    }

    /** The kubeconfig {@code given}, else the fork's; an {@link IllegalStateException} of one line without either. */
    static Path kubeconfig(Path given) {
        Path file = given != null ? given
                : ForkSettings.kubeconfig().orElseThrow(() -> new IllegalStateException(NO_KUBECONFIG));
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("fabric8: the kubeconfig " + file + " does not exist");
        }
        return file;
    }

    /** The cluster of {@code kubeconfig} (null for the fork's) in the fork's context, with fabric8's defaults. */
    static Config load(Path kubeconfig) {
        return Config.fromKubeconfig(ForkSettings.context(), kubeconfig(kubeconfig).toFile());
    }

    /**
     * A client's config as {@code options} say: no retries of its own for GETs and writes (one
     * request each, a 429 is the caller's; see ClientConnection#get), fabric8's defaults for
     * informers (their LIST is retried as a user's would be); through a relay when asked.
     */
    static Config forConnection(ConnectOptions options) {
        Config config = load(options.kubeconfig());
        if (!options.watch()) {
            config.setRequestRetryBackoffLimit(0);
        }
        if (options.relayPort() > 0) {
            config.setMasterUrl(throughRelay(URI.create(config.getMasterUrl()), options.relayPort()).toString());
        }
        return config;
    }

    /**
     * The server's URL with the relay's loopback address. The Vert.x client cannot verify TLS
     * against another name than the one it dials (fabric8 warns that it ignores a
     * {@code tlsServerName}), so this dials {@code 127.0.0.1}: the local control plane's
     * certificate names 127.0.0.1 among its subject alternative names, so hostname
     * verification still holds against the real server's certificate. A server whose
     * certificate does not name 127.0.0.1 fails the TLS handshake, loudly.
     */
    static URI throughRelay(URI server, int relayPort) {
        String path = server.getRawPath() == null ? "" : server.getRawPath();
        return URI.create(server.getScheme() + "://127.0.0.1:" + relayPort + path);
    }
}
