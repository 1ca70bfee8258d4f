package dev.informerbench.comparison;

import java.nio.file.Path;

/** A compared file and the name its column has. */
public record Source(String label, Path path) {}
