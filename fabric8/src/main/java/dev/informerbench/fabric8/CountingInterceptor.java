package dev.informerbench.fabric8;

import dev.informerbench.accounting.RequestCounter;
import dev.informerbench.accounting.RequestKind;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * fabric8's HTTP hook into the suite's {@link RequestCounter}s. fabric8 calls {@link #before}
 * once per attempt it sends, its own retries (429, 5xx, I/O errors) included, for plain requests
 * and for a watch's WebSocket upgrade alike; {@link #after} with each answer (101 for an upgrade).
 * A request an interceptor's {@code afterFailure} re-sends (a token refresh on 401) skips
 * {@code before}: the suite's clients authenticate with certificates and have none.
 */
final class CountingInterceptor implements Interceptor {
    /** The name fabric8 keeps interceptors by. */
    static final String NAME = "informer-bench-requests";

    private final List<RequestCounter> counters;

    CountingInterceptor(List<RequestCounter> counters) {
        this.counters = List.copyOf(counters);
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        URI uri = request.uri();
        String method = request.method() == null ? "GET" : request.method();
        for (RequestCounter counter : counters) {
            counter.sent(method, uri.getRawPath(), uri.getRawQuery());
        }
    }

    @Override
    public void after(HttpRequest request, HttpResponse<?> response, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        URI uri = request.uri();
        String method = request.method() == null ? "GET" : request.method();
        RequestKind kind = RequestKind.classify(method, uri.getRawPath(), uri.getRawQuery());
        for (RequestCounter counter : counters) {
            counter.answered(kind, response.code());
        }
    }
}
