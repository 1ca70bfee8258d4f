package dev.informerbench.fork;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the runner tells a fork (of any client's jar, and the client-go program) through
 * system properties: the cluster's kubeconfig and context, and the run it belongs to. Never
 * $KUBECONFIG or ~/.kube/config.
 */
public final class ForkSettings {
    public static final String KUBECONFIG = "informerbench.kubeconfig";
    public static final String CONTEXT = "informerbench.context";
    public static final String RUN_ID = "informerbench.runId";

    private ForkSettings() {}

    /** The kubeconfig the runner named, if any. */
    public static Optional<Path> kubeconfig() {
        return Optional.ofNullable(System.getProperty(KUBECONFIG)).filter(s -> !s.isBlank()).map(Path::of);
    }

    /** The context to use in it; null for its current context. */
    public static String context() {
        return Optional.ofNullable(System.getProperty(CONTEXT)).filter(s -> !s.isBlank()).orElse(null);
    }

    /** The run this JVM belongs to; names its namespaces. */
    public static String runId() {
        String id = System.getProperty(RUN_ID);
        return id != null && !id.isBlank() ? id : "adhoc";
    }
}
