package dev.informerbench.export;

/** A file an export writes: its name (in the output folder) and its whole text. */
public record ExportFile(String name, String text) {}
