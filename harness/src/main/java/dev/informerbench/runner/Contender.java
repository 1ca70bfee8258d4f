package dev.informerbench.runner;

import java.nio.file.Path;

/**
 * One column of an interleaved run: a client at a version ({@code spec}), under its label
 * ({@code client-java 27.0.0 #2}, {@code fabric8 8.0.0}); {@code occurrence}: 1 for the first
 * listing of that client and version, 2 for its second (an A/A run); {@code artifact}: the jar or
 * program its units run, null when it could not be built (its units are then left out); {@code plant}:
 * the slowdown planted in its forks in percent ({@code --plant}), 0 for none.
 */
record Contender(ClientSpec spec, String label, int occurrence, Path artifact, int plant) {
    /**
     * The name its files and folders get: {@code fabric8-8.0.0}, {@code client-java-27.0.0-2},
     * {@code client-java-27.0.0-on-jdk25-XX-+UseZGC} ({@link ForkJvm#fileTag}).
     */
    String fileName() {
        if (spec.jvm() != null) {
            return (spec.type().id() + " " + spec.version()).replaceAll("[^A-Za-z0-9.]+", "-") + "-"
                    + spec.jvm().fileTag() + (occurrence > 1 ? "-" + occurrence : "");
        }
        return (spec.type().id() + " " + spec.version() + (occurrence > 1 ? " " + occurrence : ""))
                .replaceAll("[^A-Za-z0-9.]+", "-");
    }
}
