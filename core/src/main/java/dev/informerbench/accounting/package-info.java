/**
 * Counting what the suite's clients ask the API server for: each request by kind (LIST, WATCH,
 * GET, write, other) and every 429 answer, with the retry that seeding needs under API Priority
 * and Fairness. Kept apart so the fork's profiler, the fixtures and the scenario count the same way.
 */
package dev.informerbench.accounting;
