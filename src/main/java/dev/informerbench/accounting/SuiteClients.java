package dev.informerbench.accounting;

import io.kubernetes.client.openapi.ApiClient;

/** Every ApiClient the suite uses goes through here, so every request is counted. */
public final class SuiteClients {
    private SuiteClients() {}

    /** Adds the JVM-wide {@link RequestCounter} to {@code client}'s OkHttp client. */
    public static ApiClient counted(ApiClient client) {
        return counted(client, RequestCounter.JVM);
    }

    public static ApiClient counted(ApiClient client, RequestCounter counter) {
        client.setHttpClient(client.getHttpClient().newBuilder().addInterceptor(counter).build());
        return client;
    }
}
