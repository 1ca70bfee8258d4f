package dev.informerbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShellCommandsTest {
    private static final Map<String, String> ENV = Map.of("OUT", "/tmp/o", "PCT", "25");

    @Test
    void wordsAreWhatBashPasses() {
        assertThat(ShellCommands.of("./run-bench.sh compare \"$OUT/a b.json\" '$OUT/c.json' ${OUT}/d.json x\\ y \"\"",
                ENV)).containsExactly(List.of("./run-bench.sh", "compare", "/tmp/o/a b.json", "$OUT/c.json",
                        "/tmp/o/d.json", "x y", ""));
    }

    @Test
    void unknownVariablesStayAsWritten() {
        assertThat(ShellCommands.of("echo \"$NOPE\" ${NOPE} $? \"${HEAD:0:12}\"", ENV))
                .containsExactly(List.of("echo", "$NOPE", "${NOPE}", "$?", "${HEAD:0:12}"));
    }

    @Test
    void redirectionsAndTheirTargetsAreDropped() {
        assertThat(ShellCommands.of("./run-bench.sh compare a b --threshold \"$PCT\" >\"$OUT/c.md\" "
                + "2>\"$OUT/c.err\" || s=$?\ncat x >&2\nwc -l < in >> out", ENV)).containsExactly(
                List.of("./run-bench.sh", "compare", "a", "b", "--threshold", "25"), List.of("s=$?"),
                List.of("cat", "x"), List.of("wc", "-l"));
    }

    @Test
    void commandsSplitAtOperatorsLineEndsAndContinuations() {
        assertThat(ShellCommands.of("a 1 | tee f\nb 2 \\\n  --c 3 # a comment\n(cd d && e); f &", ENV)).containsExactly(
                List.of("a", "1"), List.of("tee", "f"), List.of("b", "2", "--c", "3"), List.of("cd", "d"), List.of("e"),
                List.of("f"));
    }

    @Test
    void aHashInsideAWordIsNoComment() {
        assertThat(ShellCommands.of("echo a#b \"#c\"", ENV)).containsExactly(List.of("echo", "a#b", "#c"));
    }
}
