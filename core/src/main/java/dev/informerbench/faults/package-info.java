/**
 * Faults put between an informer and its API server: a loopback TCP relay that can reset
 * every connection or refuse new ones, so a benchmark can break a watch on purpose.
 */
package dev.informerbench.faults;
