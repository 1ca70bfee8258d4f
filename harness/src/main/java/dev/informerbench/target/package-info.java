/**
 * Which cluster the suite talks to, and the one rule that decides it: the local control plane
 * by default, a kubeconfig the user names (loopback only unless allowed), a kind cluster of the
 * project's own, or a cluster a parent run already holds. Here, not in the CLI, so every entry
 * point (the run, a scenario, a JMH fork) picks the same way.
 */
package dev.informerbench.target;
