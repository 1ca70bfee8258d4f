/**
 * Small helpers that know nothing of the rest of the project, at the bottom of every layer:
 * {@code Await} (the one way to wait for a condition, failing with what was awaited),
 * {@code FileTrees} (remove a folder, the end of a log), {@code ProcessIdentity} (a pid with
 * its start time), {@code ProjectPaths} (cache and checkout), {@code RunLock} (one run per
 * machine) and {@code ServerVersion} (the server's {@code /version} read as plain JSON, so that
 * no client version's model decides whether a run can start).
 */
package dev.informerbench.support;
