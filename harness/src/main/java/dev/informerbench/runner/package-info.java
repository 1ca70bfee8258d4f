/**
 * Running the suite from the harness's JVM: the profiles and their families (what runs, how
 * long), the user's JMH arguments laid over them, {@link SuiteRunner}
 * (one JMH invocation per benchmark method against one cluster, into one result file and its
 * sidecar) and {@link MultiVersionRunner} (several client-java
 * versions, each in JVMs of its own, their forks interleaved). The code that runs inside a JMH
 * fork lives in {@code fork}; the command line that starts a run, in {@code cli}.
 */
package dev.informerbench.runner;
