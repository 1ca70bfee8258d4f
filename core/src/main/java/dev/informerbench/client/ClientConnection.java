package dev.informerbench.client;

import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import java.time.Duration;
import java.util.Map;

/** One client of one library, with its HTTP connection pool. {@link #close} releases its threads and connections. */
public interface ClientConnection extends AutoCloseable {
    /**
     * GETs ConfigMap {@code namespace/name} from the API server: one request, no retries. Null
     * when the server answered 429 (API Priority and Fairness had no seat): counted, not an error.
     */
    Object get(String namespace, String name) throws Exception;

    /** One GET of {@code namespace}: opens the connection, so a timed request after it reuses it. */
    void open(String namespace) throws Exception;

    /** Sets {@code data[key] = value} on ConfigMap {@code namespace/name}; returns its new resourceVersion. */
    String update(String namespace, String name, String key, String value) throws Exception;

    /** Creates ConfigMap {@code namespace/name} with {@code labels} and {@code data}: one request. */
    void create(String namespace, String name, Map<String, String> labels, Map<String, String> data) throws Exception;

    /**
     * Replaces ConfigMap {@code namespace/name} with {@code labels} and {@code data}, unconditionally
     * (no resourceVersion): one request, and every write is a change.
     */
    void replace(String namespace, String name, Map<String, String> labels, Map<String, String> data) throws Exception;

    /** Deletes the ConfigMaps of {@code namespace} that match {@code labelSelector}: one request. */
    void deleteCollection(String namespace, String labelSelector) throws Exception;

    /**
     * Starts an informer of the ConfigMaps in {@code namespace} and returns once it has synced,
     * polled every {@code Await.DEFAULT_POLL} (a benchmark times this). {@code Await.TimedOut}
     * after {@code timeout}, the informer stopped.
     */
    default CachedInformer startInformer(String namespace, Sync sync, Duration timeout) throws Exception {
        return startInformer(namespace, InformerSpec.of(sync), timeout);
    }

    /**
     * As above, started as {@code spec} says (custom indexes, a resync period, a counting
     * handler). A client that cannot do it in a sync mode says so with an
     * {@link IllegalArgumentException}.
     */
    CachedInformer startInformer(String namespace, InformerSpec spec, Duration timeout) throws Exception;

    /**
     * Starts an informer of the {@code kind} objects in {@code namespace} as {@code remedy} says and
     * returns once it has synced ({@code Await.TimedOut} after {@code timeout}). A remedy this
     * client does not offer: {@link UnsupportedOperationException}.
     */
    default ShapeInformer startShapeInformer(String namespace, ObjectKind kind, Remedy remedy, Duration timeout)
            throws Exception {
        throw new UnsupportedOperationException("this client starts no informer on " + kind);
    }

    /** The body of a GET of {@code path} (e.g. an object's JSON) through this client: one request. */
    default String rawGet(String path) throws Exception {
        throw new UnsupportedOperationException("this client has no raw GET");
    }

    /**
     * The API server's {@code /metrics} text through this client: a GET of a non-resource path,
     * counted as OTHER. {@link MetricsHidden} when the server does not give it to this user (403)
     * or has no such endpoint (404); any other failure as itself.
     */
    String metricsText() throws Exception;

    @Override
    void close() throws Exception;
}
