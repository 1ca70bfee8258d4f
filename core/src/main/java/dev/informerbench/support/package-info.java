/**
 * Small helpers that know nothing of the rest of the project, at the bottom of every layer and
 * inside every fork: {@code Await} (the one way to wait for a condition, failing with what was
 * awaited), {@code Durations}, {@code ProcessIdentity} (a pid with its start time) and
 * {@code CpuTimes} (a process's and the machine's CPU from /proc). What only the harness needs
 * of the machine is in {@code dev.informerbench.local}; the server's {@code /version}, read as
 * plain JSON, is the control plane package's {@code ServerVersion}.
 */
package dev.informerbench.support;
