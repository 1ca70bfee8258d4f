package dev.informerbench.client;

/**
 * The API server does not give its {@code /metrics} to this client: 403 (the user may not GET
 * the non-resource URL) or 404 (no such endpoint). The measures from it are missing, not failed.
 */
public final class MetricsHidden extends Exception {
    private static final long serialVersionUID = 1L;

    public MetricsHidden(String why) {
        super(why);
    }
}
