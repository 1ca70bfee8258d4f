package dev.informerbench.fork;

import dev.informerbench.accounting.RequestCounter;

import io.kubernetes.client.openapi.ApiClient;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;

/** Every ApiClient the suite uses goes through here, so every request is counted. */
public final class SuiteClients {
    private SuiteClients() {}

    /** Adds the JVM-wide {@link RequestCounter} to {@code client}'s OkHttp client. */
    public static ApiClient counted(ApiClient client) {
        return counted(client, RequestCounter.JVM);
    }

    /**
     * Releases what {@code client}'s OkHttp client holds: its dispatcher's threads and its pooled
     * connections (client-java's ApiClient has no close of its own). Stop the informers using it
     * first. A connection that just carried a cancelled watch turns idle a moment later, so the
     * pool is emptied until it holds nothing, for at most two seconds.
     */
    public static void close(ApiClient client) throws InterruptedException {
        if (client == null) {
            return;
        }
        OkHttpClient http = client.getHttpClient();
        http.dispatcher().executorService().shutdown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        do {
            http.connectionPool().evictAll();
            if (http.connectionPool().connectionCount() == 0) {
                break;
            }
            Thread.sleep(10);
        } while (System.nanoTime() < deadline);
        http.dispatcher().executorService().awaitTermination(5, TimeUnit.SECONDS);
    }

    public static ApiClient counted(ApiClient client, RequestCounter counter) {
        client.setHttpClient(client.getHttpClient().newBuilder().addInterceptor(counter).build());
        return client;
    }
}
