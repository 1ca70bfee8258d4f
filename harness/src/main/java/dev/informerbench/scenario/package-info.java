/**
 * The source article's informer walk-through replayed with client-java
 * ({@code ./run-bench.sh scenario}): not a benchmark but a timeline of what an informer does
 * and what it asks the API server, with its facts for the scenario's JSON.
 */
package dev.informerbench.scenario;
