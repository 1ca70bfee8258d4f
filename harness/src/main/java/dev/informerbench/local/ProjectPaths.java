package dev.informerbench.local;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the project keeps what it builds and runs, outside the repository:
 * {@code $INFORMER_BENCH_CACHE}, else {@code $XDG_CACHE_HOME/informer-bench}, else
 * {@code ~/.cache/informer-bench} (the same rule as controlplane/build.sh).
 */
public final class ProjectPaths {
    private ProjectPaths() {}

    public static Path cacheRoot() {
        return cacheRoot(System.getenv());
    }

    public static Path cacheRoot(Map<String, String> env) {
        String explicit = env.get("INFORMER_BENCH_CACHE");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("informer-bench");
    }

    /**
     * Where running control planes keep their state: the system property
     * {@code informerbench.stateDir} (tests use their own), else the cache root.
     */
    public static Path stateRoot() {
        String property = System.getProperty("informerbench.stateDir");
        return property != null && !property.isBlank() ? Path.of(property).toAbsolutePath() : cacheRoot();
    }

    /** Run folders of local control planes, one per running instance. */
    public static Path runs() {
        return stateRoot().resolve("run");
    }

    /**
     * The project checkout, where controlplane/build.sh lives: the system property
     * {@code informerbench.home}, else the environment variable INFORMER_BENCH_HOME, else
     * the working directory.
     */
    public static Path projectHome() {
        String property = System.getProperty("informerbench.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv("INFORMER_BENCH_HOME");
        return Path.of(env != null && !env.isBlank() ? env : "").toAbsolutePath();
    }
}
