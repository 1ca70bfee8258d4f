// Package cluster is how the program reaches a cluster: the kubeconfig it is given (loopback only),
// clientsets whose every request is counted, and a private control plane in a child process for the
// benchmarks that restart one.
package cluster

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/flowcontrol"

	"dev.informerbench/clientgo/internal/accounting"
)

// LoadConfig reads only the named kubeconfig, at its context kubeContext ("": its current one): no
// KUBECONFIG, no ~/.kube/config, no migration.
func LoadConfig(kubeconfig, kubeContext string) (*rest.Config, error) {
	if _, err := os.Stat(kubeconfig); err != nil {
		return nil, fmt.Errorf("kubeconfig %q: %v", kubeconfig, err)
	}
	rules := &clientcmd.ClientConfigLoadingRules{ExplicitPath: kubeconfig}
	overrides := &clientcmd.ConfigOverrides{CurrentContext: kubeContext}
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, overrides).ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("kubeconfig %q: %v", kubeconfig, err)
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

// ClientSpec says how a benchmark's client differs from the kubeconfig's defaults.
type ClientSpec struct {
	Counter      *accounting.RequestCounter // its own books besides accounting.Process; may be nil
	Unlimited    bool                       // a limiter that never waits, and 429s not retried
	QPS          float32                    // client-go's token bucket, when > 0
	Burst        int
	Host         string // e.g. a relay; TLS still verifies ServerName
	ServerName   string
	noKeepAlives bool
	Elsewhere    bool // another cluster's (a private control plane's): kept out of the run's server audit
}

// NewClient builds a clientset from a copy of base; every request is counted.
func NewClient(base *rest.Config, spec ClientSpec) (*kubernetes.Clientset, error) {
	return kubernetes.NewForConfig(counted(base, spec))
}

// NewMetadataClient is NewClient's for metadata only (PartialObjectMetadata, whatever the resource).
func NewMetadataClient(base *rest.Config, spec ClientSpec) (metadata.Interface, error) {
	return metadata.NewForConfig(counted(base, spec))
}

// counted is a copy of base as spec says, its every request counted.
func counted(base *rest.Config, spec ClientSpec) *rest.Config {
	cfg := rest.CopyConfig(base)
	if spec.Unlimited {
		cfg.RateLimiter = flowcontrol.NewFakeAlwaysRateLimiter()
	} else if spec.QPS > 0 {
		cfg.QPS, cfg.Burst = spec.QPS, spec.Burst
	}
	if spec.Host != "" {
		cfg.Host = spec.Host
		cfg.TLSClientConfig.ServerName = spec.ServerName
	}
	cfg.WrapTransport = accounting.Counted(spec.Counter, spec.Unlimited, spec.Elsewhere)
	return cfg
}

// SeedingClient writes fixtures as fast as the server admits (16 in parallel, 429s retried).
func SeedingClient(base *rest.Config) (*kubernetes.Clientset, error) {
	return NewClient(base, ClientSpec{Unlimited: true})
}

// OwnClient is a clientset on an HTTP connection of its own: a custom dialer keeps client-go from
// sharing its cached transport between clients. unlimited: a schedule, not client-go's token bucket
// (QPS 5 by default, less than 10 GETs a second), sets the rate; 429s are still retried.
func OwnClient(base *rest.Config, unlimited bool) (*kubernetes.Clientset, *http.Client, error) {
	cfg := rest.CopyConfig(base)
	cfg.WrapTransport = accounting.Counted(nil, false, false)
	if unlimited {
		cfg.RateLimiter = flowcontrol.NewFakeAlwaysRateLimiter()
	}
	return OnOwnConnection(cfg)
}

// OnOwnConnection builds a clientset from cfg (changed here) on an HTTP connection of its own: a
// dialer of its own keeps client-go from sharing its cached transport between clients.
func OnOwnConnection(cfg *rest.Config) (*kubernetes.Clientset, *http.Client, error) {
	cfg.Dial = (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, nil, err
	}
	cs, err := kubernetes.NewForConfigAndClient(cfg, hc)
	return cs, hc, err
}
