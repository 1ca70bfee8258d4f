/**
 * The client-side rate limit client-go applies by default (QPS 5, burst 10), for the benchmark
 * that asks what a throttled GET costs; its own package so its shape is fixed in one place and
 * tested in simulated time.
 */
package dev.informerbench.limit;
