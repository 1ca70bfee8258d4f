package dev.informerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.local.FileTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The report in a real browser: headless Chromium (Debian's package {@code chromium}; .ci/run
 * installs it) opens the page of a committed quick run, of a committed client-versions
 * comparison and of a --clients run's ServerCost files (its charts against N) from disk, with no
 * network, and must log nothing to its console (the page runs no script, so any message is a
 * fault: a broken element, a blocked resource). Its screenshots land in
 * {@code target/report-browser/}; the README's picture, {@code docs/report.png}, is a copy of
 * {@code default-run.png}, and {@code docs/report-history.png} of {@code history.png} (copy them
 * again after the page changes).
 */
class ReportBrowserIT {
    private static final Path OUT = Path.of("target", "report-browser");
    private static final Path RESULTS = Path.of("results");

    /**
     * Without Chromium the test is skipped with one line saying how to run it, so that
     * {@code mvn verify} on a fresh machine passes; under {@code CI=true} (.ci/run installs it)
     * a missing browser fails.
     */
    private static final String SKIPPED = "skipped ReportBrowserIT: the report's browser test needs Chromium on PATH "
            + "(apt-get install chromium, then mvn verify); under CI=true it is required";
    private static boolean skip;

    @BeforeAll
    static void chromiumOrSkip() {
        skip = Browser.find().isEmpty() && !"true".equals(System.getenv("CI"));
        if (skip) {
            System.err.println(SKIPPED);
        }
    }

    @BeforeEach
    void skipWithoutChromium() {
        Assumptions.assumeFalse(skip, SKIPPED);
    }

    @Test
    void quickRunOpensWithoutConsoleMessages() throws Exception {
        Path page = write("quick-run", List.of(RESULTS.resolve("20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json")));
        opensCleanly(page, "quick-run");
    }

    /** The default profile's run: the page opens on the question, a cache read against a GET. */
    @Test
    void defaultRunOpensOnTheAnswer() throws Exception {
        Path page = write("default-run",
                List.of(RESULTS.resolve("20261204T124437Z_client-java-27.0.0_k8s-1.36.3.json")));
        String html = Files.readString(page);
        assertThat(html.indexOf("<section id=\"answer\">")).isPositive()
                .isLessThan(html.indexOf("<section id=\"f-listerget\">"));
        opensCleanly(page, "default-run");
    }

    @Test
    void clientVersionsComparisonOpensWithoutConsoleMessages() throws Exception {
        Path dir = RESULTS.resolve("20261130T164453Z_client-versions");
        Path page = write("client-versions", List.of(dir.resolve("20261130T164453Z_client-java-27.0.0_k8s-1.36.3.json"),
                dir.resolve("20261130T164453Z_client-java-27.0.0_k8s-1.36.3_2.json")));
        opensCleanly(page, "client-versions");
    }

    /** A --clients run's three files: every client's lines on ServerCost's charts against N. */
    @Test
    void clientsServerCostOpensWithoutConsoleMessages() throws Exception {
        Path dir = RESULTS.resolve("20261202T161047Z_clients");
        Path page = write("server-cost", List.of(dir.resolve("20261202T161047Z_client-java-27.0.0_k8s-1.36.3.json"),
                dir.resolve("20261202T161047Z_fabric8-8.0.0_k8s-1.36.3.json"),
                dir.resolve("20261202T161047Z_client-go-0.36.3_k8s-1.36.3.json")));
        assertThat(Files.readString(page)).contains("<section id=\"server-cost\">");
        opensCleanly(page, "server-cost");
    }

    /**
     * The history run's page with --history: client-java 20.0.0 to 27.0.0 (27.0.0 twice) and
     * fabric8 7.5.0 and 8.0.0, a chart per client and question. docs/report-history.png is its screenshot.
     */
    @Test
    void historyOpensWithoutConsoleMessages() throws Exception {
        String run = "20261204T023937Z";
        Path dir = RESULTS.resolve(run + "_clients");
        List<Path> files = Stream.of("client-java-20.0.0", "client-java-22.0.0", "client-java-24.0.0",
                "client-java-25.0.0", "client-java-26.0.0", "client-java-27.0.0", "client-java-27.0.0_k8s-1.36.3_2",
                "fabric8-7.5.0", "fabric8-8.0.0")
                .map(v -> dir.resolve(run + "_" + (v.endsWith("_2") ? v : v + "_k8s-1.36.3") + ".json")).toList();
        assertThat(files).hasSize(9).allMatch(Files::isRegularFile);
        Files.createDirectories(OUT);
        Path page = OUT.resolve("history.html");
        Files.writeString(page, RunReport.render(files, 0.05, 0, true));
        assertThat(Files.readString(page)).contains("<section id=\"history-client-java\">",
                "<section id=\"history-fabric8\">");
        opensCleanly(page, "history");
    }

    private static Path write(String name, List<Path> files) throws IOException {
        Files.createDirectories(OUT);
        Path page = OUT.resolve(name + ".html");
        Files.writeString(page, RunReport.render(files, 0.05, 12));
        return page;
    }

    private static void opensCleanly(Path page, String name) throws Exception {
        Path screenshot = OUT.resolve(name + ".png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        Browser.Run shot = Browser.run(OUT.resolve(name + "-screenshot"), "--window-size=1280,2200",
                "--screenshot=" + screenshot, page.toUri().toString());
        assertThat(shot.console()).as("console messages of %s (chromium's log: %s)", page, shot.log()).isEmpty();
        assertThat(screenshot).exists();
        assertThat(Files.size(screenshot)).as("a screenshot with something on it").isGreaterThan(50_000);

        Browser.Run dom = Browser.run(OUT.resolve(name + "-dom"), "--dump-dom", page.toUri().toString());
        assertThat(dom.console()).isEmpty();
        String html = Files.readString(page);
        // The browser built the whole page: every chart and section the file holds is in its DOM.
        assertThat(count(dom.stdout(), "<svg")).isEqualTo(count(html, "<svg")).isPositive();
        assertThat(count(dom.stdout(), "<section")).isEqualTo(count(html, "<section")).isGreaterThan(3);
    }

    /** The check itself can fail: a page that logs is caught. */
    @Test
    void aPageThatLogsIsCaught() throws Exception {
        Files.createDirectories(OUT);
        Path page = OUT.resolve("logs.html");
        Files.writeString(page, "<!DOCTYPE html><p>x</p><script>console.error('broken'); missing();</script>");
        Browser.Run run = Browser.run(OUT.resolve("logs"), "--dump-dom", page.toUri().toString());
        assertThat(run.console()).hasSize(2).anyMatch(l -> l.contains("broken"))
                .anyMatch(l -> l.contains("missing is not defined"));
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** Headless Chromium, offline, with a throw-away profile. */
    static final class Browser {
        /** What one run printed: its console messages, its standard output, the whole log. */
        record Run(List<String> console, String stdout, Path log) {}

        /** Chromium with {@code args}; its log and output go to {@code name.log} and {@code name.out}. */
        static Run run(Path name, String... args) throws Exception {
            String binary = binary();
            Path profile = Files.createTempDirectory("chromium-profile");
            Path log = Path.of(name + ".log");
            Path stdout = Path.of(name + ".out");
            List<String> command = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + profile,
                    // Offline: any host name fails to resolve, so a page that needs the network shows it.
                    "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0"));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(stdout.toFile()).start();
            assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished within 90 s").isTrue();
            assertThat(p.exitValue()).as("chromium's exit code (log: %s)", log).isZero();
            List<String> console = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains(":CONSOLE")).toList();
            FileTrees.delete(profile);
            return new Run(console, Files.readString(stdout), log);
        }

        /** Chromium's binary on PATH (Debian names it chromium, others chromium-browser). */
        static Optional<String> find() {
            for (String candidate : List.of("chromium", "chromium-browser")) {
                for (String dir : System.getenv("PATH").split(":")) {
                    if (Files.isExecutable(Path.of(dir, candidate))) {
                        return Optional.of(Path.of(dir, candidate).toString());
                    }
                }
            }
            return Optional.empty();
        }

        private static String binary() {
            return find().orElseThrow(() -> new AssertionError("the report's browser test needs Chromium on PATH: "
                    + "apt-get install chromium (.ci/run installs it)"));
        }
    }
}
