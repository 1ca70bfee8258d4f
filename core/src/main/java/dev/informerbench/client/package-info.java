/**
 * The client under test, as the benchmarks see it: {@link dev.informerbench.client.ClientType}
 * (a JMH param) finds its {@link dev.informerbench.client.ClientAdapter} in the jar, and the
 * benchmarks read, GET, update and sync through the adapter's small interfaces, knowing no
 * client library. Each client's jar holds its own adapter (client-java's in this project's
 * jar, fabric8's in {@code fabric8/}); nothing here imports a client.
 */
package dev.informerbench.client;
