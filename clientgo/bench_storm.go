package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"dev.informerbench/clientgo/internal/accounting"
	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/faults"
	"dev.informerbench/clientgo/internal/fixtures"
	"dev.informerbench/clientgo/internal/servercost"
)

func init() {
	register(
		Benchmark{pkg + "RestartStormBenchmark.storm", "ss", "ms/op", 1, []Param{
			{"approach", []string{"LIST_WATCH", "WATCH_LIST"}, oneOf("LIST_WATCH", "WATCH_LIST")}, clientParam,
			{"controllers", []string{"10", "100"}, positiveInt}, {"objectKiB", []string{"100"}, kibibytes},
			{"objects", []string{"100"}, positiveInt}}, startStorm},
	)
}

// stormTrial: RestartStormBenchmark. N informers, each on a client and connection of its own,
// know a private control plane's namespace through one loopback relay; each iteration restarts
// kube-apiserver with etcd compacted (Relist's APISERVER_RESTART), begins a server window on the
// new process, and times from letting the N back in until every cache holds a marker written
// then. The window ends once every informer has sent its new WATCH.
type stormTrial struct {
	cp         *cluster.ChildControlPlane
	relay      *faults.Relay
	writer     *kubernetes.Clientset
	win        *servercost.Window
	clients    []*http.Client
	informers  []*configMapInformer
	counters   []*accounting.RequestCounter
	starts     []accounting.Counts
	ns         string
	objects    int
	generation int
	outage     time.Duration
}

const (
	stormMarkerKey = "storm-marker"
	paddingKey     = "padding" // the Java side's Padding.KEY
	// processesFile: the local control plane's file of its pids, next to its kubeconfig.
	processesFile = "informer-bench-server-processes"
)

func startStorm(ctx context.Context, env *TrialEnv) (Trial, error) {
	controllers, _ := strconv.Atoi(env.Params["controllers"])
	kib, _ := strconv.Atoi(env.Params["objectKiB"])
	t := &stormTrial{ns: env.Namespace, objects: env.Objects}
	ok := false
	defer func() {
		if !ok {
			t.Close()
		}
	}()
	var err error
	if t.cp, err = cluster.StartChildControlPlane(env.Settings.childControlPlane()); err != nil {
		return nil, err
	}
	cfg, err := cluster.LoadConfig(t.cp.Kubeconfig(), "")
	if err != nil {
		return nil, err
	}
	if t.writer, err = cluster.NewClient(cfg, cluster.ClientSpec{Unlimited: true, Elsewhere: true}); err != nil {
		return nil, err
	}
	if err := fixtures.Ensure(ctx, t.writer, env.Settings.RunID, env.Settings.Owner, t.ns, t.objects); err != nil {
		return nil, fmt.Errorf("seeding the private control plane: %w", err)
	}
	for i := 0; kib > 0 && i < t.objects; i++ {
		if _, err := setKey(ctx, t.writer, t.ns, fixtures.ConfigMapName(i), paddingKey, padding(i, kib)); err != nil {
			return nil, fmt.Errorf("padding the fixture: %w", err)
		}
	}
	server, err := url.Parse(cfg.Host)
	if err != nil {
		return nil, err
	}
	if t.relay, err = faults.StartRelay(server.Host); err != nil {
		return nil, err
	}
	relayed := "https://127.0.0.1:" + strconv.Itoa(t.relay.Port())
	for range controllers {
		counter := &accounting.RequestCounter{}
		cs, hc, err := relayedClient(cfg, counter, relayed, server.Hostname())
		if err != nil {
			return nil, err
		}
		t.clients, t.counters = append(t.clients, hc), append(t.counters, counter)
		inf := startInformer(cs, t.ns)
		t.informers = append(t.informers, inf)
		if err := inf.waitSynced(ctx, 10*time.Minute); err != nil {
			return nil, err
		}
		if err := awaitNewWatch(ctx, counter, accounting.Counts{}); err != nil {
			return nil, err
		}
	}
	t.win = &servercost.Window{Probe: t.writer, Namespace: t.ns, Processes: filepath.Join(filepath.Dir(t.cp.Kubeconfig()),
		processesFile), Label: "RestartStorm"}
	ok = true
	return t, nil
}

// relayedClient is an informer's own client on its own connection (cluster.OnOwnConnection), to the
// relay, TLS verifying the server's name, its requests counted apart and kept out of the run's
// server audit (another cluster's).
func relayedClient(base *rest.Config, counter *accounting.RequestCounter, host, serverName string) (
	*kubernetes.Clientset, *http.Client, error) {
	cfg := rest.CopyConfig(base)
	cfg.Host = host
	cfg.TLSClientConfig.ServerName = serverName
	cfg.WrapTransport = accounting.Counted(counter, false, true)
	return cluster.OnOwnConnection(cfg)
}

// padding is object i's value of kib KiB: base64 of seeded random bytes, which gzip cannot shrink.
func padding(i, kib int) string {
	r := rand.New(rand.NewPCG(uint64(i), 0x5eed))
	raw := make([]byte, kib*1024*3/4+3)
	for j := range raw {
		raw[j] = byte(r.Uint32())
	}
	return base64.StdEncoding.EncodeToString(raw)[:kib*1024]
}

// awaitNewWatch waits until the counter's last request is a WATCH sent since `since`.
func awaitNewWatch(ctx context.Context, c *accounting.RequestCounter, since accounting.Counts) error {
	return pollUntil(ctx, 30*time.Second, time.Millisecond, "an informer's new WATCH", func() bool {
		d := c.Snapshot().Minus(since)
		return d.Watch >= 1 && d.Last == accounting.KindWatch
	})
}

// Before restarts kube-apiserver, untimed, with the relay refusing the informers, and begins the
// window on the new process before any of them is back.
func (t *stormTrial) Before(ctx context.Context) error {
	t.starts = t.starts[:0]
	for _, c := range t.counters {
		t.starts = append(t.starts, c.Snapshot())
	}
	t.relay.RefuseNew()
	outage, err := t.cp.RestartCompacted()
	if err != nil {
		return err
	}
	t.outage = outage
	if err := t.win.ReadBaseline(ctx); err != nil {
		return err
	}
	return t.win.Begin(ctx)
}

// Shot is the storm: the N back at once, until every cache holds the marker written after it.
func (t *stormTrial) Shot(ctx context.Context) error {
	if err := t.relay.AcceptNew(); err != nil {
		return err
	}
	t.generation++
	// The last object in key order: a WatchList streams the watch cache in key order (the Java side's note).
	marker := fixtures.ConfigMapName(t.objects - 1)
	rv, err := setKey(ctx, t.writer, t.ns, marker, stormMarkerKey, strconv.Itoa(t.generation))
	if err != nil {
		return err
	}
	for _, inf := range t.informers {
		err := pollUntil(ctx, 5*time.Minute, time.Millisecond, "every informer to see the marker at "+rv, func() bool {
			cm, err := inf.lister.Get(marker)
			return err == nil && cm.ResourceVersion == rv
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (t *stormTrial) After(ctx context.Context, m Secondaries) error {
	var total accounting.Counts
	for i, c := range t.counters {
		if err := awaitNewWatch(ctx, c, t.starts[i]); err != nil {
			return err
		}
	}
	if err := t.win.End(ctx, m); err != nil {
		return err
	}
	for i, c := range t.counters {
		d := c.Snapshot().Minus(t.starts[i])
		total.List, total.Watch, total.ListsWithoutRV = total.List+d.List, total.Watch+d.Watch,
			total.ListsWithoutRV+d.ListsWithoutRV
	}
	n := float64(len(t.counters))
	m.Average("recovery.lists", float64(total.List)/n, "requests")
	m.Average("recovery.watches", float64(total.Watch)/n, "requests")
	m.Average("recovery.listsAfter410", float64(total.ListsWithoutRV)/n, "requests")
	m.Average("recovery.outageMs", float64(t.outage.Nanoseconds())/1e6, "ms")
	for _, inf := range t.informers {
		if got := len(inf.informer.GetStore().ListKeys()); got != t.objects {
			return fmt.Errorf("an informer holds %d objects, not %d", got, t.objects)
		}
	}
	return nil
}

// setKey writes data[key] = value into ConfigMap ns/name (retrying a conflict); returns its new resourceVersion.
func setKey(ctx context.Context, cs *kubernetes.Clientset, ns, name, key, value string) (string, error) {
	cms := cs.CoreV1().ConfigMaps(ns)
	for attempt := 0; ; attempt++ {
		cm, err := cms.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return "", err
		}
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		cm.Data[key] = value
		updated, err := cms.Update(ctx, cm, metav1.UpdateOptions{})
		if err == nil {
			return updated.ResourceVersion, nil
		}
		if !apierrors.IsConflict(err) || attempt >= 3 {
			return "", fmt.Errorf("updating %s/%s: %w", ns, name, err)
		}
	}
}

func (t *stormTrial) Close() {
	if t.win != nil {
		t.win.Close()
	}
	for _, inf := range t.informers {
		inf.Close()
	}
	for _, hc := range t.clients {
		hc.CloseIdleConnections()
	}
	if t.relay != nil {
		t.relay.Close()
	}
	if t.cp != nil {
		t.cp.Close()
	}
}
