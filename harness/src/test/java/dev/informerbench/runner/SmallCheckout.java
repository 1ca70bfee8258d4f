package dev.informerbench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A client-java checkout small enough for a test, made offline from what the local Maven
 * repository holds of a release: the release's parent pom (its dependency management; its plugins
 * and profiles left out, so Maven's default plugins build it) with one module, util, whose pom is
 * the release's client-java pom as a jar and whose resources are the release jar's classes. Its
 * version is the release's, like a checkout of the release's tag; committed with git, so that it
 * has a commit, and made dirty by {@link #touch}.
 */
public final class SmallCheckout {
    public static final String RELEASE = System.getProperty("informerbench.clientVersion", "27.0.0");

    private SmallCheckout() {}

    public static Path make(Path folder) throws IOException, InterruptedException {
        Path release = LocalBuilds.repository().resolve("io/kubernetes");
        String parent = Files.readString(release.resolve("client-java-parent/" + RELEASE + "/client-java-parent-"
                + RELEASE + ".pom"));
        parent = parent.replaceFirst("(?s)<build>.*?</build>", "").replaceAll("(?s)<profiles>.*?</profiles>", "")
                .replaceFirst("(?s)<modules>.*?</modules>", "<modules><module>util</module></modules>");
        String util = Files.readString(release.resolve("client-java/" + RELEASE + "/client-java-" + RELEASE + ".pom"))
                .replaceAll("(?s)<build>.*?</build>", "").replace("<packaging>bundle</packaging>",
                        "<packaging>jar</packaging>");
        Files.createDirectories(folder.resolve("util/src/main/resources"));
        Files.writeString(folder.resolve("pom.xml"), parent);
        Files.writeString(folder.resolve("util/pom.xml"), util);
        Files.writeString(folder.resolve(".gitignore"), "target/\n");
        unzipClasses(release.resolve("client-java/" + RELEASE + "/client-java-" + RELEASE + ".jar"),
                folder.resolve("util/src/main/resources"));
        git(folder, "init", "-q");
        git(folder, "add", "-A");
        git(folder, "-c", "user.name=informer-bench", "-c", "user.email=test@informer-bench.invalid", "commit",
                "-q", "-m", "client-java " + RELEASE + ", small");
        return folder;
    }

    /** Changes a tracked file: the checkout is then dirty, its diff that one line. */
    public static void touch(Path folder) throws IOException {
        Path pom = folder.resolve("util/pom.xml");
        Files.writeString(pom, Files.readString(pom) + "<!-- changed -->\n");
    }

    private static void unzipClasses(Path jar, Path into) throws IOException {
        try (InputStream in = Files.newInputStream(jar); ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                if (e.isDirectory() || e.getName().startsWith("META-INF/")) {
                    continue;
                }
                Path to = into.resolve(e.getName()).normalize();
                if (!to.startsWith(into)) {
                    throw new IOException("an entry outside the folder: " + e.getName());
                }
                Files.createDirectories(to.getParent());
                Files.copy(zip, to);
            }
        }
    }

    public static void git(Path folder, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", folder.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IOException(command + " failed");
        }
    }
}
