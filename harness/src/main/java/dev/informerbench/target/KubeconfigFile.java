package dev.informerbench.target;

import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kubeconfig file read once, with one of its contexts chosen: it answers the server, the
 * context's name and a client, so checking a file and then connecting to it never parse it
 * again. A file that cannot be read, does not parse, or lacks the context is bad input
 * ({@link IllegalArgumentException}, one line naming the file).
 */
public final class KubeconfigFile {
    private static final Pattern YAML_MARK = Pattern.compile("line (\\d+), column (\\d+)");
    private final Path file;
    private final KubeConfig config;

    private KubeconfigFile(Path file, KubeConfig config) {
        this.file = file;
        this.config = config;
    }

    /** Reads {@code file} with {@code context} chosen (null: the file's current context). */
    public static KubeconfigFile read(Path file, String context) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            KubeConfig config = KubeConfig.loadKubeConfig(reader);
            config.setFile(file.toFile());
            if (context != null && !config.setContext(context)) {
                throw new IllegalArgumentException("context '" + context + "' is not in " + file);
            }
            if (config.getCurrentContext() == null) {
                throw new IllegalArgumentException("kubeconfig " + file + " has no current-context; name one with"
                        + " --context (the file's contexts are its choices)");
            }
            if (config.getServer() == null) {
                throw new IllegalArgumentException("kubeconfig " + file + " gives no server for context '"
                        + config.getCurrentContext() + "'; accepted: a context whose cluster has a server URL");
            }
            return new KubeconfigFile(file, config);
        } catch (IOException e) {
            throw new IllegalArgumentException("kubeconfig " + file + " cannot be read: " + e.getMessage());
        } catch (RuntimeException e) {
            throw invalid(file, e);
        }
    }

    /** The chosen context's server URL ("null" when it names none). */
    public String server() {
        return String.valueOf(config.getServer());
    }

    /** The chosen context's name. */
    public String context() {
        return config.getCurrentContext();
    }

    /** Whether the server is on this machine's loopback (see {@link #isLoopback}). */
    public boolean serverOnLoopback() {
        return isLoopback(server());
    }

    /** A new ApiClient for the chosen context. */
    public ApiClient client() {
        try {
            return ClientBuilder.kubeconfig(config).build();
        } catch (IOException e) {
            throw new IllegalArgumentException("kubeconfig " + file + " cannot be read: " + e.getMessage());
        } catch (RuntimeException e) {
            throw invalid(file, e);
        }
    }

    /** A broken file is bad input; an IllegalArgumentException already says why in one line. */
    private static IllegalArgumentException invalid(Path file, RuntimeException e) {
        if (e instanceof IllegalArgumentException bad) {
            return bad;
        }
        if (e instanceof ClassCastException) { // YAML, but not a mapping of kubeconfig fields
            return new IllegalArgumentException("kubeconfig " + file + " is not a kubeconfig (its YAML is not a"
                    + " mapping with clusters, contexts and users)");
        }
        return new IllegalArgumentException("kubeconfig " + file + " is not valid: " + oneLine(e.getMessage()));
    }

    /**
     * A YAML parser's message in one line: it spreads one error over several, quoting the line
     * with a caret under it; the statements and the first "line N, column M" say it all.
     */
    static String oneLine(String message) {
        if (message == null) {
            return "no reason given";
        }
        List<String> statements = message.lines().filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
                .map(String::strip).toList();
        Matcher where = YAML_MARK.matcher(message);
        String text = String.join("; ", statements);
        return where.find() ? "YAML error at line " + where.group(1) + ", column " + where.group(2) + ": " + text
                : text;
    }

    /**
     * Whether a server URL names this machine's loopback: localhost, 127.0.0.0/8 or ::1.
     * Judged from the text alone — no name is resolved, so no lookup leaves the machine.
     */
    static boolean isLoopback(String serverUrl) {
        String host;
        try {
            host = URI.create(serverUrl.strip()).getHost();
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null) {
            return false;
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.equals("localhost") || host.endsWith(".localhost")) {
            return true;
        }
        if (host.matches("127(\\.\\d{1,3}){3}")) {
            return Arrays.stream(host.split("\\.")).allMatch(o -> Integer.parseInt(o) <= 255);
        }
        return host.equals("::1") || host.equals("0:0:0:0:0:0:0:1");
    }
}
