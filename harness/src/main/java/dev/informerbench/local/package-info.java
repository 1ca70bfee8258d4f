/**
 * The machine the harness runs on, and nothing a fork needs: {@code RunLock} (one run per
 * machine), {@code ProjectPaths} (the checkout and the cache), {@code FileTrees} (remove a
 * folder, the end of a log), {@code Commands} (what is on PATH, a process's output) and {@code Jdks}
 * (the JDKs a contender's forks can run on, and the script that installs one).
 */
package dev.informerbench.local;
