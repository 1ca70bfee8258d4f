package dev.informerbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whole outputs pinned in {@code src/test/resources/golden/} ({@code compare/}: compare's text,
 * Markdown and CSV; {@code summary/}: a run's summary; {@code export/}: the exports;
 * {@code report/}: the HTML report and its server cost section; {@code job/}: job-manifest's manifest;
 * {@code size/}: size's answers), as
 * benchstat pins its {@code testdata/*.stdout}. After an intended change of an output, rewrite the files with
 * {@code mvn -o test -Dtest='ComparisonReportTest,PairedAndNoiseTest,RunSummaryTest,ExportGoldenTest,RunReportTest,
 * ServerCostSectionTest,JobManifestTest,SizeCommandTest' -Dgolden.update=true} and read the diff before committing.
 */
public final class Golden {
    private static final Path ROOT = Path.of("harness", "src", "test", "resources", "golden");

    private Golden() {}

    public static void assertMatches(String name, String actual) {
        Path file = ROOT.resolve(name);
        try {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual);
            }
            assertThat(Files.exists(file)).as("golden file %s (create it with -Dgolden.update=true)", file).isTrue();
            assertThat(actual).as("output against %s", file).isEqualTo(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
