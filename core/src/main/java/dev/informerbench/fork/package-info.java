/**
 * What runs inside a JMH fork besides the benchmark: this JVM's cluster and its clients (chosen
 * by the system properties the runner passes to forks; every request counted), the fixture a
 * benchmark's trial setup asks for in one call, the profiler that adds the requests and a
 * benchmark's own metrics to each iteration's result, and the phase file that tells the runner
 * what a fork was doing when the cluster went away. The runner only names these (property names,
 * the profiler class) and reads the phase file.
 */
package dev.informerbench.fork;
