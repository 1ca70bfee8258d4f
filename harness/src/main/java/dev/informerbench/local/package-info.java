/**
 * The machine the harness runs on, and nothing a fork needs: {@code RunLock} (one run per
 * machine), {@code ProjectPaths} (the checkout and the cache), {@code FileTrees} (remove a
 * folder, the end of a log) and {@code Commands} (what is on PATH, a process's output).
 */
package dev.informerbench.local;
