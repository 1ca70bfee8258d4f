/**
 * client-java ({@code io.kubernetes:client-java}) behind the benchmarks' client SPI: its
 * {@code SharedIndexInformer} and {@code Lister}, its generated {@code CoreV1Api} for GETs and
 * writes, and a WatchList sync sent through that generated API (client-java's informer has no
 * WatchList). Requests are counted by an OkHttp interceptor ({@code fork.SuiteClients}).
 */
package dev.informerbench.clientjava;
