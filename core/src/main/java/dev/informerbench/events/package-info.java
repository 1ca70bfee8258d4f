/**
 * Events as every client's informer delivers them, seen the same way: a handler
 * ({@link dev.informerbench.events.ConfigMapHandler}) and the ConfigMap it is handed
 * ({@link dev.informerbench.events.ConfigMapView}), which each client's adapter wraps around its
 * own. The benchmarks' handlers are written against these, so they are one piece of code for all.
 */
package dev.informerbench.events;
