/**
 * The command line behind {@code ./run-bench.sh}: picocli commands that check their input
 * (bad input is one line and exit 2) and hand over to the runner, the scenario, the control
 * plane or the comparison. The top of the layering: nothing else imports it, and it passes
 * its own entry point down to the runs that start JVMs of their own.
 */
package dev.informerbench.cli;
