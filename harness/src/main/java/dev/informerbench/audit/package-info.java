/**
 * Holding the clients' request counts against the API server's own: kube-apiserver's
 * {@code apiserver_request_total} read before and after a run ({@code ApiServerMetrics},
 * {@code ServerCounts}), the two compared kind by kind ({@code RequestComparison}), and the 429
 * answers of API Priority and Fairness retried and counted ({@code TooManyRequests}). The counting
 * itself, inside every client's fork, is {@code dev.informerbench.accounting}'s.
 */
package dev.informerbench.audit;
