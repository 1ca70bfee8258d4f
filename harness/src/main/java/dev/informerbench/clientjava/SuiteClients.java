package dev.informerbench.clientjava;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import dev.informerbench.support.Await;
import io.kubernetes.client.openapi.ApiClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** Every ApiClient the suite uses goes through here, so every request is counted. */
public final class SuiteClients {
    /** A connection that just carried a cancelled watch turns idle a moment later. */
    private static final Duration EVICTION_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration EVICTION_POLL = Duration.ofMillis(10);

    private SuiteClients() {}

    /** Adds the JVM-wide {@link RequestCounter} to {@code client}'s OkHttp client. */
    public static ApiClient counted(ApiClient client) {
        return counted(client, RequestCounter.JVM);
    }

    /**
     * Releases what {@code client}'s OkHttp client holds: its dispatcher's threads and its pooled
     * connections (client-java's ApiClient has no close of its own). Stop the informers using it
     * first. The pool is emptied until it holds nothing; {@link Await.TimedOut} if a connection
     * is still in use after two seconds, as it would be left behind for what runs next.
     */
    public static void close(ApiClient client) throws InterruptedException {
        if (client == null) {
            return;
        }
        OkHttpClient http = client.getHttpClient();
        http.dispatcher().executorService().shutdown();
        Await.until(EVICTION_TIMEOUT, EVICTION_POLL,
                () -> "the client's connections to close (" + http.connectionPool().connectionCount() + " open)",
                () -> {
                    http.connectionPool().evictAll();
                    return http.connectionPool().connectionCount() == 0;
                });
        if (!http.dispatcher().executorService().awaitTermination(5, TimeUnit.SECONDS)) {
            throw new Await.TimedOut("waited 5 s for the client's dispatcher threads to end");
        }
    }

    /**
     * Adds {@code counter} to {@code client}'s OkHttp client as an application interceptor: each
     * call is counted once, when it is sent, whatever retries the client makes below it.
     */
    public static ApiClient counted(ApiClient client, RequestCounter counter) {
        client.setHttpClient(client.getHttpClient().newBuilder().addInterceptor(chain -> {
            Request request = chain.request();
            RequestKind kind =
                    counter.sent(request.method(), request.url().encodedPath(), request.url().encodedQuery());
            Response response = chain.proceed(request);
            counter.answered(kind, response.code());
            return response;
        }).build());
        return client;
    }
}
