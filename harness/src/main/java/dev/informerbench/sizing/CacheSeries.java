package dev.informerbench.sizing;

import dev.informerbench.client.ClientType;
import java.util.Comparator;

/**
 * One line to fit: the heap of one kind's cache against its object count, for one client at one
 * version on one JVM, with one remedy. Points of different series are never fitted together.
 */
public record CacheSeries(ClientType client, String version, JvmLabel jvm, SizedKind kind, SizedRemedy remedy) {
    /** By client (the suite's order), version, JVM, kind, remedy. */
    public static final Comparator<CacheSeries> ORDER = Comparator.comparing(CacheSeries::client)
            .thenComparing(CacheSeries::version).thenComparing(s -> s.jvm().toString())
            .thenComparing(CacheSeries::kind).thenComparing(CacheSeries::remedy);

    /** {@code client-java 27.0.0}. */
    public String contender() {
        return client.id() + " " + version;
    }

    /** {@code client-java 27.0.0 on JDK 17}. */
    public String contenderOnJvm() {
        return contender() + " on " + jvm;
    }
}
