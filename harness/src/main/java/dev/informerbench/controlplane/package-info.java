/**
 * The local control plane: etcd and kube-apiserver from the Go modules of one Kubernetes
 * release, with a throw-away CA, on 127.0.0.1 only — the suite's default cluster, what envtest
 * is to Go controllers. The servers' flags are data ({@code Etcd.flags}, {@code KubeApiServer.flags})
 * so a test can read what they listen on; run folders and pid files let a later start reap what
 * a killed JVM left; {@link dev.informerbench.controlplane.ControlPlaneService} keeps one in the
 * background for {@code ./run-bench.sh controlplane}. Nothing here knows which cluster a run
 * targets or who starts it.
 */
package dev.informerbench.controlplane;
