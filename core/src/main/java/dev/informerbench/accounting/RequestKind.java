package dev.informerbench.accounting;

import java.util.Arrays;

/**
 * What an HTTP request to the API server is, as the informer question needs it: a LIST of
 * a collection, a WATCH, a GET of one object, a write, or anything else (discovery,
 * /version, health). Classified from the method and URL alone.
 */
public enum RequestKind {
    LIST, WATCH, GET, WRITE, OTHER;

    /**
     * @param method the HTTP method
     * @param path the URL path, e.g. /api/v1/namespaces/ns/configmaps/name
     * @param query the raw query, or null
     */
    public static RequestKind classify(String method, String path, String query) {
        switch (method) {
            case "POST", "PUT", "PATCH", "DELETE" -> {
                return WRITE;
            }
            case "GET" -> {
                // handled below
            }
            default -> {
                return OTHER;
            }
        }
        String[] segments = Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toArray(String[]::new);
        int rest;
        if (segments.length >= 2 && segments[0].equals("api")) {
            rest = 2; // /api/v1/...
        } else if (segments.length >= 3 && segments[0].equals("apis")) {
            rest = 3; // /apis/group/version/...
        } else {
            return OTHER; // /version, /readyz, /openapi, /api, /apis: not resources
        }
        if (segments.length <= rest) {
            return OTHER; // discovery of a group version
        }
        boolean legacyWatchPath = segments[rest].equals("watch");
        if (legacyWatchPath || hasTrueParameter(query, "watch")) {
            return WATCH;
        }
        int afterNamespace = segments[rest].equals("namespaces") && segments.length >= rest + 3 ? rest + 2 : rest;
        // [resource] is a collection; [resource, name, ...] is one object (or its subresource).
        return segments.length - afterNamespace >= 2 ? GET : LIST;
    }

    /** Whether {@code query} has {@code name} with a non-empty value. */
    static boolean hasParameter(String query, String name) {
        if (query == null || query.isEmpty()) {
            return false;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return eq < pair.length() - 1;
            }
        }
        return false;
    }

    private static boolean hasTrueParameter(String query, String name) {
        if (query == null || query.isEmpty()) {
            return false;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (key.equals(name)) {
                return value.equals("true") || value.equals("1");
            }
        }
        return false;
    }
}
