package dev.informerbench.client;

import java.util.Locale;

/**
 * The kinds of object whose cache CacheMemory measures, each in the shape a controller meets it
 * (see {@code fixtures.Shapes}): ConfigMaps as the other families seed them, Secrets as
 * cert-manager leaves a TLS certificate, Pods as a Deployment and the kubelet leave them.
 */
public enum ObjectKind {
    CONFIG_MAP("configmaps", "cm"),
    SECRET("secrets", "secret"),
    POD("pods", "pod");

    private final String resource;
    private final String prefix;

    ObjectKind(String resource, String prefix) {
        this.resource = resource;
        this.prefix = prefix;
    }

    /** The core/v1 resource: {@code pods}. */
    public String resource() {
        return resource;
    }

    /** The name of object {@code index}: {@code pod-00042}. */
    public String name(int index) {
        return String.format(Locale.ROOT, "%s-%05d", prefix, index);
    }

    /** Written by two managers: the creator (a controller) and the kubelet, through the status subresource. */
    public boolean hasStatus() {
        return this == POD;
    }
}
