package main

import (
	"fmt"
	"net"
	"net/url"
	"os"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/flowcontrol"

	"dev.informerbench/clientgo/internal/accounting"
)

// Settings are the -D values, named like the Java forks' system properties.
type Settings struct {
	Kubeconfig, Context, RunID, Owner string
	// RequestsDir: where each fork writes its request totals at exit, for the run's check
	// against the API server's own count (the Java forks' informerbench.requestsDir).
	RequestsDir string
	// A private control plane's (Relist's APISERVER_RESTART): the harness's class path and main
	// class that run it, the java that runs them, and the project home and Kubernetes release it needs.
	ControlPlaneClasspath, ControlPlaneMain, Java, Home, KubeVersion string
	// ServerProcesses: the file naming the local control plane's kube-apiserver and etcd pids
	// (ServerCost's /proc measures); empty when the server's processes are not this machine's.
	ServerProcesses string
}

// loadConfig reads only the named kubeconfig: no KUBECONFIG, no ~/.kube/config, no migration.
func loadConfig(s Settings) (*rest.Config, error) {
	if _, err := os.Stat(s.Kubeconfig); err != nil {
		return nil, fmt.Errorf("kubeconfig %q: %v", s.Kubeconfig, err)
	}
	rules := &clientcmd.ClientConfigLoadingRules{ExplicitPath: s.Kubeconfig}
	overrides := &clientcmd.ConfigOverrides{CurrentContext: s.Context}
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, overrides).ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("kubeconfig %q: %v", s.Kubeconfig, err)
	}
	return cfg, checkLoopback(cfg.Host)
}

// checkLoopback refuses servers off this machine: the suite sends traffic to loopback only.
func checkLoopback(host string) error {
	u, err := url.Parse(host)
	if err != nil || u.Hostname() == "" {
		return fmt.Errorf("kubeconfig server %q is not a URL; accepted: https://127.0.0.1:<port>", host)
	}
	if ip := net.ParseIP(u.Hostname()); (ip == nil || !ip.IsLoopback()) && u.Hostname() != "localhost" {
		return fmt.Errorf("kubeconfig server %q is not on loopback; accepted: 127.0.0.1, ::1 or localhost", host)
	}
	return nil
}

// clientSpec says how a benchmark's client differs from the kubeconfig's defaults.
type clientSpec struct {
	counter      *accounting.RequestCounter // its own books besides Process; may be nil
	unlimited    bool                       // a limiter that never waits, and 429s not retried
	qps          float32                    // client-go's token bucket, when > 0
	burst        int
	host         string // e.g. a relay; TLS still verifies serverName
	serverName   string
	noKeepAlives bool
	elsewhere    bool // another cluster's (a private control plane's): kept out of the run's server audit
}

// newClient builds a clientset from a copy of base; every request is counted.
func newClient(base *rest.Config, spec clientSpec) (*kubernetes.Clientset, error) {
	cfg := rest.CopyConfig(base)
	if spec.unlimited {
		cfg.RateLimiter = flowcontrol.NewFakeAlwaysRateLimiter()
	} else if spec.qps > 0 {
		cfg.QPS, cfg.Burst = spec.qps, spec.burst
	}
	if spec.host != "" {
		cfg.Host = spec.host
		cfg.TLSClientConfig.ServerName = spec.serverName
	}
	cfg.WrapTransport = accounting.Counted(spec.counter, spec.unlimited, spec.elsewhere)
	return kubernetes.NewForConfig(cfg)
}

// seedingClient writes fixtures as fast as the server admits (16 in parallel, 429s retried).
func seedingClient(base *rest.Config) (*kubernetes.Clientset, error) {
	return newClient(base, clientSpec{unlimited: true})
}
