package dev.informerbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandsTest {

    @Test
    void findsOnlyExecutableFilesInThePathsFolders(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("tool"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(bin.resolve("tool"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(bin.resolve("notes"), "not a program\n");
        String path = dir.resolve("missing") + ":" + bin;
        assertThat(Commands.onPath("tool", path)).isTrue();
        assertThat(Commands.onPath("notes", path)).isFalse();
        assertThat(Commands.onPath("go", dir.resolve("missing").toString())).isFalse();
        assertThat(Commands.onPath("tool", null)).isFalse();
    }
}
