package dev.informerbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The project's markdown pages, as the doc tests read them. */
final class DocPages {
    private DocPages() {
    }

    /** The product pages, held to the CLI: README.md, CONTRIBUTING.md and every page under docs/. */
    static List<Path> product() {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md"), Path.of("CONTRIBUTING.md")));
        pages.addAll(under(Path.of("docs"), Integer.MAX_VALUE));
        return pages;
    }

    /**
     * The product pages and the notebook's own (not its experiments' folders, which keep their data
     * as it was written): every page whose links and cited runs must exist.
     */
    static List<Path> all() {
        List<Path> pages = new ArrayList<>(product());
        pages.addAll(under(Path.of("notebook"), 1));
        return pages;
    }

    static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> under(Path dir, int depth) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir, depth)) {
            return files.filter(f -> f.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
