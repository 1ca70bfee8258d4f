package dev.informerbench.fabric8;

import dev.informerbench.fork.ForkSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cluster of this module's integration tests: the local control plane the build starts
 * before them (its kubeconfig is the path the start printed, to the file
 * {@code -Dinformerbench.kubeconfigFrom} names), unless {@code -Dinformerbench.kubeconfig} names one.
 */
final class ItKubeconfig {
    private ItKubeconfig() {}

    /** Sets {@link ForkSettings#KUBECONFIG} to the build's control plane's kubeconfig, unless it is set. */
    static void fromTheBuild() {
        String from = System.getProperty("informerbench.kubeconfigFrom", "");
        if (!from.isBlank() && ForkSettings.kubeconfig().isEmpty()) {
            try {
                // stdout and stderr together, their lines interleaved: the kubeconfig is the path named
                Matcher path = Pattern.compile("/\\S*/kubeconfig").matcher(Files.readString(Path.of(from)));
                while (path.find()) {
                    if (Files.isRegularFile(Path.of(path.group()))) {
                        System.setProperty(ForkSettings.KUBECONFIG, path.group());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("the control plane's start output " + from, e);
            }
        }
    }
}
