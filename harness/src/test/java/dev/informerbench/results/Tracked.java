package dev.informerbench.results;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of a folder of the checkout that git tracks (what a clone holds; a run of your own
 * written into {@code results/} is not one of them), or, outside a git work tree (an unpacked
 * archive), every file there.
 */
public final class Tracked {
    private Tracked() {}

    /** Paths as the tests name them (relative to the project's folder, {@code results/...}), sorted. */
    public static List<Path> files(Path dir) {
        List<Path> tracked = gitLsFiles(dir);
        if (tracked != null) {
            return tracked;
        }
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Null when git cannot say (no git, or not a work tree). */
    private static List<Path> gitLsFiles(Path dir) {
        try {
            Process git = new ProcessBuilder("git", "ls-files", "-z", "--", dir.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = git.getInputStream().readAllBytes();
            if (git.waitFor() != 0) {
                return null;
            }
            return Arrays.stream(new String(out, UTF_8).split("\0")).filter(s -> !s.isEmpty()).map(Path::of)
                    .filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
