package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.informerbench.controlplane.LocalControlPlane;
import dev.informerbench.sizing.CacheCapacity;
import dev.informerbench.sizing.HeapMargin;
import dev.informerbench.sizing.HeldOutCheck;
import dev.informerbench.sizing.MemoryData;
import dev.informerbench.sizing.SizedKind;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * docs/sizing.md states the figures of the sizing guide and of the {@code -p objects=} bound once,
 * and they are the code's: the conservative heap and stored bytes of each kind, etcd's quota, the
 * margin, the held-out bar, the default folder.
 */
class SizingDocTest {
    private static final String PAGE = DocPages.read(Path.of("docs", "sizing.md")).replaceAll("\\s+", " ");

    @Test
    void theConservativeFiguresAreTheCodes() {
        for (SizedKind kind : SizedKind.values()) {
            once(String.format(Locale.ROOT, "| %s | %,d | %,d |", kind.plural(), kind.conservativeHeapBytes(),
                    kind.conservativeStoredBytes()));
        }
        once("plus " + CacheCapacity.STORED_OVERHEAD_BYTES + " for its key and revision");
        assertThat(CacheCapacity.STORED_PER_JSON_BYTE).isEqualTo(2);
        once("the bytes it stores of one object: twice the object's JSON");
    }

    @Test
    void theQuotaTheMarginTheBarAndTheDefaultFolderAreTheCodes() {
        assertThat(LocalControlPlane.ETCD_QUOTA_BACKEND_BYTES).isEqualTo(8L << 30);
        once("`--quota-backend-bytes` of 8 GiB");
        assertThat(HeapMargin.LIVE_SHARE).isEqualTo(0.5);
        once("× (1 + e) × 2, rounded up to a MiB");
        once("within " + HeldOutCheck.BAR_PERCENT + "% of the heap measured there");
        assertThat(MemoryData.DEFAULT_FROM.getNameCount()).isEqualTo(1);
        once("the CacheMemory rows of the runs committed in the project's `" + MemoryData.DEFAULT_FROM + "/`");
    }

    /** Stated on the page, and on no other product page. */
    private static void once(String statement) {
        assertThat(PAGE).as("docs/sizing.md states '%s'", statement).contains(statement);
        assertThat(PAGE.indexOf(statement)).as("'%s' twice in docs/sizing.md", statement)
                .isEqualTo(PAGE.lastIndexOf(statement));
        for (Path page : DocPages.product()) {
            if (!page.endsWith(Path.of("docs", "sizing.md"))) {
                assertThat(DocPages.read(page).replaceAll("\\s+", " ")).as(page + " repeats '%s'", statement)
                        .doesNotContain(statement);
            }
        }
    }
}
