package dev.informerbench.export;

import java.util.List;

/**
 * What an export writes, held in memory until every input has been read and rendered (bad
 * input writes nothing), and the notes for the terminal: what was left out and why.
 */
public record Export(List<ExportFile> files, List<String> notes) {
    public Export {
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }
}
