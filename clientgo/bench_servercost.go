package main

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	clientfeatures "k8s.io/client-go/features"
	"k8s.io/client-go/kubernetes"
)

// serverCostTrial: ServerCostBenchmark (exp/servercost-spec.md). N controllers, each on a client
// and connection of its own, hold an informer on the fixture namespace (LIST_WATCH, WATCH_LIST)
// or GET its ConfigMaps on a schedule (POLL) while a writer churns them; each window reads what
// that cost kube-apiserver and etcd (/proc and /metrics), the client process, and a probe GET.
type serverCostTrial struct {
	env       *TrialEnv
	window    time.Duration
	probe     *kubernetes.Clientset // the probe's and the scrapes' client
	clients   []*http.Client        // every client's, to close
	informers []*configMapInformer
	polling   bool
	pollGets  atomic.Int64
	cancel    context.CancelFunc // churn and pollers
	load      sync.WaitGroup
	fail      firstError
	said      map[string]bool // missing sources already said on stdout
	baseline  serverScrape    // /metrics before the controllers started

	// the window under way
	r       windowReadings
	pids    map[string]int // nil: the /proc measures are missing
	missing []string
	started time.Time
	cpu1    float64
	gets1   int64
	sampler *probeSampler
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
		cancel: cancel, said: map[string]bool{}}
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
	if churnRate > 0 {
		writer, err := t.client(true)
		if err != nil {
			return nil, err
		}
		t.load.Go(func() { churn(loadCtx, writer, env.Settings.RunID, env.Namespace, env.Objects, churnRate, &t.fail) })
	}
	// The server's own watches, before the controllers add theirs (nil when /metrics is missing).
	if err := t.scrape(ctx, &t.baseline); err != nil {
		return nil, err
	}
	before := Process.Snapshot()
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
		runPollers(loadCtx, pollClients, env.Namespace, env.Objects, interval, &t.pollGets, &t.fail, &t.load)
	} else if err := t.informersReady(ctx, before); err != nil {
		return nil, err
	}
	ok = true
	return t, nil
}

// client is a new own-connection client, kept to be closed with the trial.
func (t *serverCostTrial) client(unlimited bool) (*kubernetes.Clientset, error) {
	cs, hc, err := ownClient(t.env.Config, unlimited)
	if err == nil {
		t.clients = append(t.clients, hc)
	}
	return cs, err
}

// informersReady waits until each informer has synced and holds every object, and has opened its
// WATCH (LIST_WATCH sends it after the sync), so that no setup request falls into a window.
func (t *serverCostTrial) informersReady(ctx context.Context, before Counts) error {
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
	watches := func() bool { return Process.Snapshot().Minus(before).Watch >= int64(len(t.informers)) }
	return pollUntil(ctx, time.Minute, time.Millisecond, "the informers' WATCHes", watches)
}

// Before is the window's untimed setup, in the spec's order: scrape, /proc CPU, peak reset, the
// client's own CPU, the clock and the GET count, then the probe.
func (t *serverCostTrial) Before(ctx context.Context) error {
	t.r = windowReadings{windowSeconds: t.window.Seconds(), poll: t.polling, baseline: t.baseline}
	t.missing = nil
	var err error
	if t.pids, err = readServerProcesses(t.env.Settings.ServerProcesses); err != nil {
		t.note("server.apiserverCores, server.etcdCores, server.apiserverPeakMiB, server.etcdPeakMiB, "+
			"server.cpuCheck.procSec", err.Error())
	}
	if err := t.scrape(ctx, &t.r.scrape1); err != nil {
		return err
	}
	t.readCPU(func(w *procWindow, cpu float64) { w.cpu1, w.cpuOK = cpu, true })
	for _, p := range t.procs() {
		if p.w.cpuOK {
			if err := resetPeak(t.pids[p.name]); err != nil {
				t.note("the peak of "+p.name, fmt.Sprintf("clear_refs: %v", err))
			} else {
				p.w.peakOK = true
			}
		}
	}
	t.cpu1, t.started, t.gets1 = clientCPUSeconds(), time.Now(), t.pollGets.Load()
	t.sampler = startProbe(t.probe, t.env.Namespace)
	return nil
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
	probe, probeErr := t.sampler.finish()
	t.sampler = nil
	t.r.seconds = time.Since(t.started).Seconds()
	t.readCPU(func(w *procWindow, cpu float64) { w.cpu2 = cpu })
	for _, p := range t.procs() {
		if p.w.peakOK {
			kib, err := procPeakKiB(t.pids[p.name])
			p.w.peakKiB, p.w.peakOK = kib, err == nil
			if err != nil {
				t.note("the peak of "+p.name, err.Error())
			}
		}
	}
	t.r.clientCPU, t.r.pollGets = clientCPUSeconds()-t.cpu1, t.pollGets.Load()-t.gets1
	t.r.probe = probe
	if err := t.scrape(ctx, &t.r.scrape2); err != nil {
		return err
	}
	if api := &t.r.apiserver; api.cpuOK {
		cpu, err := procCPUSeconds(t.pids[apiServerProcess])
		api.cpu3, api.cpu3OK = cpu, err == nil
	}
	for _, series := range publishServerCost(m, t.r) {
		t.note("what "+series+" feeds", "kube-apiserver's /metrics has no "+series)
	}
	t.sayMissing()
	if probeErr != nil {
		return probeErr
	}
	// The controllers are still what they were, as the Java side checks each window.
	for _, inf := range t.informers {
		if n := len(inf.informer.GetStore().ListKeys()); n != t.env.Objects {
			return fmt.Errorf("an informer holds %d objects, not %d", n, t.env.Objects)
		}
	}
	return t.fail.get()
}

// serverProc is a server process by name, with its readings of the window.
type serverProc struct {
	name string
	w    *procWindow
}

// procs are both, kube-apiserver first.
func (t *serverCostTrial) procs() []serverProc {
	return []serverProc{{apiServerProcess, &t.r.apiserver}, {etcdProcess, &t.r.etcd}}
}

// readCPU reads both processes' CPU; one that cannot be read (gone, another user's) is missing.
func (t *serverCostTrial) readCPU(set func(*procWindow, float64)) {
	if t.pids == nil {
		return
	}
	for _, p := range t.procs() {
		if cpu, err := procCPUSeconds(t.pids[p.name]); err != nil {
			p.w.cpuOK = false
			t.note("the CPU and peak of "+p.name, err.Error())
		} else {
			set(p.w, cpu)
		}
	}
}

// scrape GETs /metrics through the probe's client into *into; nil when /metrics is missing.
func (t *serverCostTrial) scrape(ctx context.Context, into *serverScrape) error {
	s, why, err := scrapeServer(ctx, t.probe)
	if why != "" {
		t.note("the server.* metrics from /metrics", why)
	}
	*into = s
	return err
}

func (t *serverCostTrial) note(what, why string) {
	t.missing = append(t.missing, what+" not published: "+why)
}

// sayMissing prints each new reason for a missing metric once, on one "# " line.
func (t *serverCostTrial) sayMissing() {
	var fresh []string
	for _, line := range t.missing {
		if !t.said[line] {
			t.said[line] = true
			fresh = append(fresh, line)
		}
	}
	if len(fresh) > 0 {
		fmt.Printf("# ServerCost: %s\n", strings.Join(fresh, "; "))
	}
}

func (t *serverCostTrial) Close() {
	if t.sampler != nil {
		t.sampler.finish()
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
