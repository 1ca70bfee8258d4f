package dev.informerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input: one line naming what was wrong, exit 2. */
class MainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureErr() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true));
    }

    @AfterEach
    void restoreErr() {
        System.setErr(originalErr);
    }

    @Test
    void anUnknownSubcommandIsOneLineAndExitTwo() {
        assertThat(Main.run("controlplane", "restart")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(
                "error: Unmatched argument at index 1: 'restart' (see: run-bench.sh controlplane --help)");
    }

    @Test
    void aMalformedPortIsOneLineAndExitTwo() {
        assertThat(Main.run("controlplane", "start", "--port", "http")).isEqualTo(2);
        assertThat(err.toString().strip().lines()).hasSize(1).first().asString()
                .startsWith("error: Invalid value for option '--port': 'http' is not an int");
    }

    @Test
    void aPortOutOfRangeIsOneLineAndExitTwo() {
        assertThat(Main.run("controlplane", "start", "--port", "70000")).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(
                "error: --port must be 0..65535 (0 takes a free one), not 70000 (see: run-bench.sh controlplane start --help)");
    }
}
