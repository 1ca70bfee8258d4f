package dev.informerbench.servercost;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class PaddingTest {
    @Test
    void aValueIsExactlyItsKibibytesAndTheSameEveryRun() {
        assertThat(Padding.value(7, 100)).hasSize(100 * 1024).isEqualTo(Padding.value(7, 100));
        assertThat(Padding.value(1, 1)).hasSize(1024);
    }

    @Test
    void objectsDifferFromEachOther() {
        assertThat(Padding.value(0, 4)).isNotEqualTo(Padding.value(1, 4));
    }

    /** The server gzips large answers: padding that compressed away would cost it nothing to send. */
    @Test
    void gzipCannotShrinkItMuch() throws Exception {
        String value = Padding.value(3, 100);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(value.getBytes(StandardCharsets.US_ASCII));
        }
        // base64 carries 6 bits a character: gzip gets to about 3/4, never to a small fraction
        assertThat(out.size()).isGreaterThan(value.length() * 7 / 10);
    }
}
