package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A client build a maintainer has and no public repository serves: a {@code -SNAPSHOT} that
 * {@code mvn install} in a client-java or fabric8 checkout left in the local Maven repository.
 * Maven resolves it from there as it resolves a release (the suite builds with {@code -nsu}, so
 * no remote snapshot takes its place); this class finds it before anything starts, and says which
 * build it was in the sidecar.
 */
final class LocalBuilds {
    static final String SNAPSHOT = "-SNAPSHOT";
    private static final Pattern LOCAL_REPOSITORY =
            Pattern.compile("<localRepository>\\s*([^<]+?)\\s*</localRepository>");

    private LocalBuilds() {}

    static boolean isSnapshot(String version) {
        return version.endsWith(SNAPSHOT);
    }

    /** The local Maven repository Maven uses here: -Dmaven.repo.local, settings.xml's, else ~/.m2/repository. */
    static Path repository() {
        String given = System.getProperty("maven.repo.local", "");
        if (!given.isBlank() && !given.startsWith("${")) {
            return Path.of(given);
        }
        Path home = Path.of(System.getProperty("user.home"));
        Path settings = home.resolve(".m2").resolve("settings.xml");
        try {
            if (Files.isRegularFile(settings)) {
                Matcher m = LOCAL_REPOSITORY.matcher(Files.readString(settings));
                if (m.find()) {
                    return Path.of(m.group(1).replace("${user.home}", home.toString()));
                }
            }
        } catch (IOException e) {
            // unreadable settings: Maven's default, as Maven itself would fall back to
        }
        return home.resolve(".m2").resolve("repository");
    }

    /** The client's jar of {@code version} in {@code repository}: where Maven will look for it. */
    static Path jar(Path repository, ClientType type, String version) {
        String[] coordinates = switch (type) {
            case CLIENT_JAVA -> new String[] {"io/kubernetes", "client-java"};
            case FABRIC8 -> new String[] {"io/fabric8", "kubernetes-client"};
            case CLIENT_GO -> throw new IllegalArgumentException("client-go is not a Maven artifact");
        };
        return repository.resolve(coordinates[0]).resolve(coordinates[1]).resolve(version)
                .resolve(coordinates[1] + "-" + version + ".jar");
    }

    /**
     * What is wrong with building {@code type} at a {@code -SNAPSHOT} {@code version} from
     * {@code repository}: null when its jar and pom are there.
     */
    static String problem(Path repository, ClientType type, String version) {
        Path jar = jar(repository, type, version);
        Path pom = jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$", ".pom"));
        return Files.isRegularFile(jar) && Files.isRegularFile(pom) ? null
                : type.id() + " " + version + " is not in the local Maven repository (no " + jar
                        + "); install it first (mvn install in your " + type.id() + " checkout)";
    }

    /**
     * The build a contender ran, for its sidecar: a release as Maven Central (client-go: the Go
     * module proxy) serves it, or a
     * local SNAPSHOT with its jar's path, time and checksum (two runs of one SNAPSHOT name may
     * have run two builds).
     */
    static Optional<String> describe(ClientType type, String version) {
        if (type == ClientType.CLIENT_GO) {
            return Optional.of("release " + version + " (k8s.io/client-go as clientgo/go.mod pins it)");
        }
        if (!isSnapshot(version)) {
            return Optional.of("release " + version);
        }
        Path jar = jar(repository(), type, version);
        try (InputStream in = Files.newInputStream(jar)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
            return Optional.of("local " + version + " from " + jar + ", modified "
                    + Files.getLastModifiedTime(jar) + ", sha256 " + HexFormat.of().formatHex(sha.digest()));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.of("local " + version + " from " + jar + " (unreadable now: " + e.getMessage() + ")");
        }
    }
}
