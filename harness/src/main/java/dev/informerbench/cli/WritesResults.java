package dev.informerbench.cli;

import java.nio.file.Path;

/** A command that writes into a results folder: where an unexpected error's stack trace goes too. */
interface WritesResults {
    Path resultsDir();
}
