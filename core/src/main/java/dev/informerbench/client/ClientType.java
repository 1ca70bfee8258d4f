package dev.informerbench.client;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The clients the suite compares. client-java and fabric8 run in JMH, each from a jar of its
 * own (they cannot share a class path without one of them running with dependencies its users
 * do not get); client-go runs as a Go program that writes the same JMH JSON.
 */
public enum ClientType {
    CLIENT_JAVA("client-java"),
    FABRIC8("fabric8"),
    CLIENT_GO("client-go");

    private final String id;

    ClientType(String id) {
        this.id = id;
    }

    /** The name on the command line and in file names: {@code client-java}, {@code fabric8}, {@code client-go}. */
    public String id() {
        return id;
    }

    /** The adapter of this client in this JVM's jar. */
    public ClientAdapter adapter() {
        for (ClientAdapter adapter : ServiceLoader.load(ClientAdapter.class)) {
            if (adapter.type() == this) {
                return adapter;
            }
        }
        throw new IllegalStateException("client=" + name() + " is not in this jar (it holds "
                + inThisJar().map(ClientType::name).orElse("no client") + "); run it with ./run-bench.sh --clients "
                + id);
    }

    /** The one client whose adapter this jar holds. */
    public static Optional<ClientType> inThisJar() {
        return ServiceLoader.load(ClientAdapter.class).stream().map(p -> p.get().type()).findFirst();
    }

    /** Parses a client name as the command line takes it; bad input names what is accepted. */
    public static ClientType parse(String id) {
        for (ClientType type : values()) {
            if (type.id.equals(id.toLowerCase(Locale.ROOT)) || type.name().equals(id)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown client '" + id + "'; accepted: "
                + Arrays.stream(values()).map(ClientType::id).collect(Collectors.joining(", ")));
    }
}
