package dev.informerbench.runner;

import dev.informerbench.client.ClientType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A client's source folder as a contender: a client-java or fabric8 checkout, or a client-go
 * module directory, named in {@code --clients client-java@../java}. Read before anything starts:
 * which client it is (refused in one line when it is not that client's), the version its build
 * declares, its commit and whether files differ from it. Its version in labels and file names is
 * the declared one with the commit as build metadata, {@code 27.0.0+1a2b3c4d5e6f.dirty}: a checkout
 * of a release's tag never shares a column or a file with the release.
 */
record Checkout(ClientType type, Path folder, String declaredVersion, String commit, boolean dirty) {
    /** Where the version ends and the build metadata begins in a checkout's version. */
    static final char BUILD = '+';
    private static final String NO_GIT = "nogit";
    private static final Pattern GO_MODULE = Pattern.compile("(?m)^module\\s+(\\S+)");
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}");

    /** Whether a {@code --clients} value names a folder, not a version: it has a slash, or starts with ~ or '.'. */
    static boolean isPath(String value) {
        return value.contains("/") || value.startsWith("~") || value.startsWith(".");
    }

    /** Reads {@code value} (relative to the working directory; ~/ is the home folder) as {@code type}'s source. */
    static Checkout of(ClientType type, String value) {
        String expanded = value.startsWith("~/") ? System.getProperty("user.home") + value.substring(1) : value;
        Path folder = Path.of(expanded).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("--clients " + type.id() + "@" + value + ": no folder " + folder
                    + "; " + accepted(type));
        }
        String version = declaredVersion(type, folder);
        if (version == null) {
            throw new IllegalArgumentException("--clients " + type.id() + "@" + value + ": " + folder + " is not a "
                    + type.id() + " " + (type == ClientType.CLIENT_GO ? "module" : "checkout") + " (" + marker(type)
                    + "); " + accepted(type));
        }
        String head = git(folder, "rev-parse", "HEAD");
        boolean git = head != null && SHA.matcher(head).matches();
        String status = git ? git(folder, "status", "--porcelain", "--untracked-files=no", "--", ".") : null;
        return new Checkout(type, folder, version, git ? head : NO_GIT, status != null && !status.isBlank());
    }

    /** {@code 27.0.0+1a2b3c4d5e6f}, {@code ….dirty} when tracked files differ from it; client-go {@code local+…}. */
    String version() {
        String build = NO_GIT.equals(commit) ? NO_GIT : commit.substring(0, 12);
        return declaredVersion + BUILD + build + (dirty ? ".dirty" : "");
    }

    /** For the sidecar: the folder, the commit, and whether (and by which diff) it differs from it. */
    String describe() {
        if (NO_GIT.equals(commit)) {
            return "checkout " + folder + " (not a git checkout: no commit to record)";
        }
        return "checkout " + folder + " at " + commit + (dirty ? ", dirty (tracked files differ from the commit;"
                + " diff sha256 " + sha256(diff()) + ")" : ", clean");
    }

    /** What tracked files under the folder differ from the commit ({@code git diff HEAD -- .}); empty when clean. */
    String diff() {
        if (!dirty) {
            return "";
        }
        String diff = git(folder, "diff", "HEAD", "--", ".");
        return diff == null ? "" : diff + "\n";
    }

    private static String declaredVersion(ClientType type, Path folder) {
        return switch (type) {
            case CLIENT_JAVA -> pomVersion(folder, "util", "client-java");
            case FABRIC8 -> pomVersion(folder, "kubernetes-client", "kubernetes-client");
            case CLIENT_GO -> goModule(folder);
        };
    }

    private static String marker(ClientType type) {
        return switch (type) {
            case CLIENT_JAVA -> "no util/pom.xml of artifact client-java beside a pom.xml";
            case FABRIC8 -> "no kubernetes-client/pom.xml of artifact kubernetes-client beside a pom.xml";
            case CLIENT_GO -> "no go.mod of module k8s.io/client-go";
        };
    }

    private static String accepted(ClientType type) {
        return type == ClientType.CLIENT_GO
                ? "accepted: client-go (the version clientgo/go.mod pins) or client-go@FOLDER, a k8s.io/client-go"
                        + " module"
                : "accepted: " + type.id() + "@VERSION (a release, or a -SNAPSHOT in the local Maven repository) or "
                        + type.id() + "@FOLDER, a " + type.id() + " checkout";
    }

    /** The root pom's version when {@code module}/pom.xml builds {@code artifact}; null when it is not so. */
    private static String pomVersion(Path folder, String module, String artifact) {
        Element root = pom(folder.resolve("pom.xml"));
        Element child = pom(folder.resolve(module).resolve("pom.xml"));
        if (root == null || child == null || !artifact.equals(text(child, "artifactId"))) {
            return null;
        }
        String version = text(root, "version");
        if (version == null) {
            Element parent = first(root, "parent");
            version = parent == null ? null : text(parent, "version");
        }
        return version;
    }

    private static String goModule(Path folder) {
        try {
            Path mod = folder.resolve("go.mod");
            Matcher m = GO_MODULE.matcher(Files.isRegularFile(mod) ? Files.readString(mod) : "");
            return m.find() && m.group(1).equals("k8s.io/client-go") ? "local" : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static Element pom(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
        } catch (Exception e) {
            return null;
        }
    }

    private static Element first(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(e.getTagName())) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element parent, String name) {
        Element e = first(parent, name);
        return e == null ? null : e.getTextContent().strip();
    }

    /** {@code git -C folder args…}'s output, stripped; null when git is missing or fails. */
    private static String git(Path folder, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", folder.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0
                    ? new String(out, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
