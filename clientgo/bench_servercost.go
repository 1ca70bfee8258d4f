package main

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	clientfeatures "k8s.io/client-go/features"
	"k8s.io/client-go/kubernetes"

	"dev.informerbench/clientgo/internal/accounting"
	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/servercost"
)

func init() {
	register(
		Benchmark{pkg + "ServerCostBenchmark.window", "ss", "ms/op", 1, []Param{
			{"approach", []string{"LIST_WATCH", "WATCH_LIST", "POLL"}, oneOf("LIST_WATCH", "WATCH_LIST", "POLL")},
			{"churnPerSecond", []string{"0", "10"}, nonNegativeInt}, clientParam,
			{"controllers", []string{"1", "10", "100"}, positiveInt}, {"objects", []string{"100"}, positiveInt},
			{"pollMillis", []string{"10000"}, atLeast(1000, "a poller GETs each object no more than once a second")},
			{"windowMillis", []string{"10000"}, positiveInt}}, startServerCost},
	)
}

// serverCostTrial: ServerCostBenchmark (exp/servercost-spec.md). N controllers, each on a client
// and connection of its own, hold an informer on the fixture namespace (LIST_WATCH, WATCH_LIST)
// or GET its ConfigMaps on a schedule (POLL) while a writer churns them; each window reads what
// that cost kube-apiserver and etcd (/proc and /metrics), the client process, and a probe GET.
type serverCostTrial struct {
	env       *TrialEnv
	window    time.Duration
	win       *servercost.Window
	probe     *kubernetes.Clientset // the probe's and the scrapes' client
	clients   []*http.Client        // every client's, to close
	informers []*configMapInformer
	polling   bool
	pollGets  atomic.Int64
	cancel    context.CancelFunc // churn and pollers
	load      sync.WaitGroup
	fail      servercost.FirstError
}

func startServerCost(ctx context.Context, env *TrialEnv) (Trial, error) {
	approach := env.Params["approach"]
	// The parent sets client-go's WatchListClient gate from approach for each fork (fork.go).
	if got := clientfeatures.FeatureGates().Enabled(clientfeatures.WatchListClient); got != (approach == "WATCH_LIST") {
		return nil, fmt.Errorf("approach=%s but client-go's WatchListClient gate is %v in this fork", approach, got)
	}
	controllers, _ := strconv.Atoi(env.Params["controllers"])
	churnRate, _ := strconv.Atoi(env.Params["churnPerSecond"])
	pollMillis, _ := strconv.Atoi(env.Params["pollMillis"])
	window, _ := strconv.Atoi(env.Params["windowMillis"])
	loadCtx, cancel := context.WithCancel(context.Background())
	t := &serverCostTrial{env: env, window: time.Duration(window) * time.Millisecond, polling: approach == "POLL",
		cancel: cancel}
	ok := false
	defer func() {
		if !ok {
			t.Close()
		}
	}()
	var err error
	if t.probe, err = t.client(true); err != nil {
		return nil, err
	}
	t.win = &servercost.Window{Probe: t.probe, Namespace: env.Namespace, Processes: env.Settings.ServerProcesses,
		Label: "ServerCost", WindowSeconds: t.window.Seconds()}
	if t.polling {
		t.win.PollGets = &t.pollGets
	}
	if churnRate > 0 {
		writer, err := t.client(true)
		if err != nil {
			return nil, err
		}
		t.load.Go(func() {
			servercost.Churn(loadCtx, writer, env.Settings.RunID, env.Namespace, env.Objects, churnRate, &t.fail)
		})
	}
	// The server's own watches, before the controllers add theirs (nil when /metrics is missing).
	if err := t.win.ReadBaseline(ctx); err != nil {
		return nil, err
	}
	before := accounting.Process.Snapshot()
	var pollClients []*kubernetes.Clientset
	for range controllers {
		// A poller's schedule sets its rate; an informer's client is as its users build it.
		cs, err := t.client(t.polling)
		if err != nil {
			return nil, err
		}
		if t.polling {
			pollClients = append(pollClients, cs)
		} else {
			t.informers = append(t.informers, startInformer(cs, env.Namespace))
		}
	}
	if t.polling {
		interval := time.Duration(pollMillis) * time.Millisecond / time.Duration(env.Objects)
		servercost.RunPollers(loadCtx, pollClients, env.Namespace, env.Objects, interval, &t.pollGets, &t.fail, &t.load)
	} else if err := t.informersReady(ctx, before); err != nil {
		return nil, err
	}
	ok = true
	return t, nil
}

// client is a new own-connection client, kept to be closed with the trial.
func (t *serverCostTrial) client(unlimited bool) (*kubernetes.Clientset, error) {
	cs, hc, err := cluster.OwnClient(t.env.Config, unlimited)
	if err == nil {
		t.clients = append(t.clients, hc)
	}
	return cs, err
}

// informersReady waits until each informer has synced and holds every object, and has opened its
// WATCH (LIST_WATCH sends it after the sync), so that no setup request falls into a window.
func (t *serverCostTrial) informersReady(ctx context.Context, before accounting.Counts) error {
	for _, inf := range t.informers {
		if err := inf.waitSynced(ctx, 10*time.Minute); err != nil {
			return err
		}
	}
	holds := func() bool {
		for _, inf := range t.informers {
			if len(inf.informer.GetStore().ListKeys()) < t.env.Objects {
				return false
			}
		}
		return true
	}
	if err := pollUntil(ctx, time.Minute, time.Millisecond, fmt.Sprintf("every informer to hold %d objects", t.env.Objects), holds); err != nil {
		return err
	}
	watches := func() bool { return accounting.Process.Snapshot().Minus(before).Watch >= int64(len(t.informers)) }
	return pollUntil(ctx, time.Minute, time.Millisecond, "the informers' WATCHes", watches)
}

// Before begins the window.
func (t *serverCostTrial) Before(ctx context.Context) error {
	return t.win.Begin(ctx)
}

// Shot is the window.
func (t *serverCostTrial) Shot(ctx context.Context) error {
	select {
	case <-time.After(t.window):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (t *serverCostTrial) After(ctx context.Context, m Secondaries) error {
	if err := t.win.End(ctx, m); err != nil {
		return err
	}
	// The controllers are still what they were, as the Java side checks each window.
	for _, inf := range t.informers {
		if n := len(inf.informer.GetStore().ListKeys()); n != t.env.Objects {
			return fmt.Errorf("an informer holds %d objects, not %d", n, t.env.Objects)
		}
	}
	return t.fail.Err()
}

func (t *serverCostTrial) Close() {
	if t.win != nil {
		t.win.Close()
	}
	t.cancel()
	t.load.Wait()
	for _, inf := range t.informers {
		inf.Close()
	}
	for _, hc := range t.clients {
		hc.CloseIdleConnections()
	}
}
