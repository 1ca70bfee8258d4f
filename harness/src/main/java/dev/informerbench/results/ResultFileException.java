package dev.informerbench.results;

/**
 * A result file that cannot be compared: missing, unreadable, empty, truncated or not JMH
 * JSON. The message is one line that names the file; being an
 * {@link IllegalArgumentException}, the command line turns it into {@code error: ...}, exit 2.
 */
public final class ResultFileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ResultFileException(String message) {
        super(message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip());
    }
}
