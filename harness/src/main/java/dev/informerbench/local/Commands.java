package dev.informerbench.local;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Whether a tool the suite would start (go, mvn) is there, asked before a step that needs it. */
public final class Commands {
    private Commands() {}

    /** Whether {@code name} is an executable file in one of the PATH's folders. */
    public static boolean onPath(String name) {
        return onPath(name, System.getenv("PATH"));
    }

    static boolean onPath(String name, String path) {
        return path != null && Arrays.stream(path.split(File.pathSeparator)).filter(d -> !d.isBlank())
                .map(d -> Path.of(d, name)).anyMatch(f -> Files.isRegularFile(f) && Files.isExecutable(f));
    }
}
