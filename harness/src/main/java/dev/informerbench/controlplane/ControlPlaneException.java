package dev.informerbench.controlplane;

/**
 * A control plane or cluster could not be reached, started or stopped. The message is
 * one actionable line meant for a person; {@link #detail()} carries what helps to dig
 * further (the tail of a process log), printed after it.
 */
public class ControlPlaneException extends RuntimeException {
    private final String detail;

    public ControlPlaneException(String message) {
        this(message, "", null);
    }

    public ControlPlaneException(String message, String detail, Throwable cause) {
        super(message, cause);
        this.detail = detail == null ? "" : detail;
    }

    public String detail() {
        return detail;
    }
}
