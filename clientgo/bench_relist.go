package main

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"dev.informerbench/clientgo/internal/accounting"
	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/faults"
	"dev.informerbench/clientgo/internal/fixtures"
)

func init() {
	register(
		Benchmark{pkg + "RelistBenchmark.recover", "ss", "ms/op", 1, []Param{clientParam,
			{"fault", []string{"CONNECTION_RESET", "APISERVER_RESTART"}, oneOf("CONNECTION_RESET", "APISERVER_RESTART")},
			relistObject}, startRelist},
	)
}

// relistTrial: RelistBenchmark. A synced informer talks to the server through a loopback relay;
// each iteration breaks its watch once, writes a marker update through a direct client, and
// times until the informer's cache holds it. CONNECTION_RESET: the relay resets the informer's
// connections in the timed shot; client-go is expected to re-watch from its resourceVersion,
// without a LIST. APISERVER_RESTART: before the shot, the relay refuses new connections, a
// private control plane's kube-apiserver restarts with etcd compacted (the informer's
// resourceVersion is gone: 410 Gone) and the relay lets it back in; timed from then.
type relistTrial struct {
	restart    *cluster.ChildControlPlane // nil for CONNECTION_RESET
	outage     time.Duration
	relay      *faults.Relay
	writer     *kubernetes.Clientset
	informer   *configMapInformer
	own        *accounting.RequestCounter // the informer's requests only
	ns         string
	generation int
	start      accounting.Counts
}

const markerKey = "relist-marker"

func startRelist(ctx context.Context, env *TrialEnv) (Trial, error) {
	cfg, elsewhere := env.Config, false
	var restart *cluster.ChildControlPlane
	if env.Params["fault"] == "APISERVER_RESTART" {
		var err error
		if restart, err = cluster.StartChildControlPlane(env.Settings.childControlPlane()); err != nil {
			return nil, err
		}
		if cfg, err = cluster.LoadConfig(restart.Kubeconfig(), ""); err != nil {
			restart.Close()
			return nil, err
		}
		elsewhere = true
		seeder, err := cluster.NewClient(cfg, cluster.ClientSpec{Unlimited: true, Elsewhere: true})
		if err == nil {
			err = fixtures.Ensure(ctx, seeder, env.Settings.RunID, env.Settings.Owner, env.Namespace, env.Objects)
		}
		if err != nil {
			restart.Close()
			return nil, fmt.Errorf("seeding the private control plane: %w", err)
		}
	}
	t, err := startRelistOn(ctx, env, cfg, elsewhere)
	if err != nil {
		if restart != nil {
			restart.Close()
		}
		return nil, err
	}
	t.restart = restart
	return t, nil
}

func startRelistOn(ctx context.Context, env *TrialEnv, cfg *rest.Config, elsewhere bool) (*relistTrial, error) {
	server, err := url.Parse(cfg.Host)
	if err != nil {
		return nil, err
	}
	port := server.Port()
	if port == "" {
		port = "443"
	}
	relay, err := faults.StartRelay(server.Hostname() + ":" + port)
	if err != nil {
		return nil, err
	}
	t := &relistTrial{relay: relay, own: &accounting.RequestCounter{}, ns: env.Namespace}
	if t.writer, err = cluster.NewClient(cfg, cluster.ClientSpec{Unlimited: true, Elsewhere: elsewhere}); err != nil {
		relay.Close()
		return nil, err
	}
	cs, err := cluster.NewClient(cfg, cluster.ClientSpec{Counter: t.own, Elsewhere: elsewhere,
		Host: "https://127.0.0.1:" + strconv.Itoa(relay.Port()), ServerName: server.Hostname()})
	if err != nil {
		relay.Close()
		return nil, err
	}
	t.informer = startInformer(cs, env.Namespace)
	if err := t.informer.waitSynced(ctx, 10*time.Minute); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// awaitWatch waits until the informer's last request is a WATCH sent since `since`.
func (t *relistTrial) awaitWatch(ctx context.Context, since accounting.Counts) error {
	return pollUntil(ctx, 10*time.Second, time.Millisecond, "the informer's new WATCH", func() bool {
		d := t.own.Snapshot().Minus(since)
		return d.Watch >= 1 && d.Last == accounting.KindWatch
	})
}

// Before proves the informer's watch open: a WATCH is counted as it is sent, a moment before
// it is open through the relay (a new connection, TLS), and a reset before that breaks no
// watch. An update seen through the watch proves it; the harness counts api.* after Before.
func (t *relistTrial) Before(ctx context.Context) error {
	if t.restart != nil {
		// Out of rotation first, as a load balancer does before a server stops: the watch the server
		// ends on SIGTERM is retried against a refused port, not the dying server.
		t.start = t.own.Snapshot()
		t.relay.RefuseNew()
		outage, err := t.restart.RestartCompacted()
		if err != nil {
			return err
		}
		t.outage = outage
		return t.relay.AcceptNew()
	}
	if err := t.awaitWatch(ctx, accounting.Counts{}); err != nil {
		return err
	}
	rv, err := t.touchMarker(ctx)
	if err != nil {
		return err
	}
	if err := t.awaitMarker(ctx, 10*time.Second, rv); err != nil {
		return err
	}
	t.start = t.own.Snapshot()
	return nil
}

func (t *relistTrial) Shot(ctx context.Context) error {
	if t.restart == nil {
		t.relay.ResetAll()
	}
	rv, err := t.touchMarker(ctx)
	if err != nil {
		return err
	}
	return t.awaitMarker(ctx, 60*time.Second, rv)
}

// awaitMarker polls the informer's cache every millisecond until the marker is at rv.
func (t *relistTrial) awaitMarker(ctx context.Context, timeout time.Duration, rv string) error {
	marker := fixtures.ConfigMapName(0)
	return pollUntil(ctx, timeout, time.Millisecond, "the informer to see "+t.ns+"/"+marker+" at "+rv, func() bool {
		cm, err := t.informer.lister.Get(marker)
		return err == nil && cm.ResourceVersion == rv
	})
}

func (t *relistTrial) After(ctx context.Context, m Secondaries) error {
	if err := t.awaitWatch(ctx, t.start); err != nil {
		return err
	}
	d := t.own.Snapshot().Minus(t.start)
	m.Average("recovery.lists", float64(d.List), "requests")
	m.Average("recovery.watches", float64(d.Watch), "requests")
	m.Average("recovery.listsAfter410", float64(d.ListsWithoutRV), "requests")
	if t.restart != nil {
		m.Average("recovery.outageMs", float64(t.outage.Nanoseconds())/1e6, "ms")
	}
	return nil
}

// touchMarker writes a new value into cm-00000; returns the resourceVersion it got.
func (t *relistTrial) touchMarker(ctx context.Context) (string, error) {
	t.generation++
	rv, err := setKey(ctx, t.writer, t.ns, fixtures.ConfigMapName(0), markerKey, strconv.Itoa(t.generation))
	if err != nil {
		return "", fmt.Errorf("updating the marker: %w", err)
	}
	return rv, nil
}

func (t *relistTrial) Close() {
	if t.informer != nil {
		t.informer.Close()
	}
	t.relay.Close()
	if t.restart != nil {
		t.restart.Close()
	}
}
