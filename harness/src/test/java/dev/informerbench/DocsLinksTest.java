package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the pages point at exists: every relative link and image of README.md, CONTRIBUTING.md,
 * docs/ and the notebook's pages resolves (to a heading too, when it names one, by GitHub's
 * anchors). That every path they cite under {@code results/} or {@code notebook/} exists, linked or
 * not, is {@link CitedPathsTest}'s.
 */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkResolves() {
        List<String> broken = new ArrayList<>();
        for (Path page : DocPages.all()) {
            Matcher m = LINK.matcher(withoutCodeBlocks(DocPages.read(page)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // http:, https:, mailto:
                }
                String file = target.replaceFirst("#.*$", "");
                String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path resolved = file.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(page + ": " + target + " (no such file)");
                } else if (anchor != null && resolved.toString().endsWith(".md")
                        && !anchors(DocPages.read(resolved)).contains(anchor)) {
                    broken.add(page + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(broken).isEmpty();
    }


    /** GitHub's anchors of a page's headings: lower case, punctuation dropped, a space a hyphen. */
    static Set<String> anchors(String page) {
        Set<String> anchors = new HashSet<>();
        for (String line : withoutCodeBlocks(page).split("\n")) {
            if (line.matches("#{1,6} .*")) {
                String text = line.replaceFirst("^#+ ", "").strip().toLowerCase(Locale.ROOT);
                anchors.add(text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }

    private static String withoutCodeBlocks(String page) {
        return page.replaceAll("(?s)```.*?```", "");
    }
}
