package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clientfeatures "k8s.io/client-go/features"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"dev.informerbench/clientgo/internal/accounting"
)

func init() {
	register(
		Benchmark{pkg + "SyncAndMemoryBenchmark.sync", "ss", "ms/op", 1, []Param{clientParam, syncObjects,
			{"sync", []string{"LIST_WATCH", "WATCH_LIST"}, oneOf("LIST_WATCH", "WATCH_LIST")}}, startSync},
	)
}

// syncTrial: SyncAndMemoryBenchmark. Each iteration times a new informer from start to
// HasSynced, on a client built and connected beforehand (untimed), and reads the heap
// with forced GCs around it. LIST_WATCH and WATCH_LIST differ only in client-go's
// WatchListClient feature gate, which client-go reads once per process from the
// environment (KUBE_FEATURE_WatchListClient): the parent sets it for each fork.
type syncTrial struct {
	env        *TrialEnv
	httpClient *http.Client
	cs         *kubernetes.Clientset
	informer   *configMapInformer
	heapBefore uint64
	clientHeap int64
	requests   accounting.Counts
}

func startSync(_ context.Context, env *TrialEnv) (Trial, error) {
	want := env.Params["sync"] == "WATCH_LIST"
	if got := clientfeatures.FeatureGates().Enabled(clientfeatures.WatchListClient); got != want {
		return nil, fmt.Errorf("sync=%s but client-go's WatchListClient gate is %v in this fork", env.Params["sync"], got)
	}
	return &syncTrial{env: env}, nil
}

// Before builds the clientset on its own connection (a custom dialer keeps client-go from
// sharing a cached transport across iterations) and opens it with one GET of the namespace.
func (t *syncTrial) Before(ctx context.Context) error {
	empty := heapAfterGC()
	cfg := rest.CopyConfig(t.env.Config)
	cfg.Dial = (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	cfg.WrapTransport = accounting.Counted(nil, false, false)
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return err
	}
	cs, err := kubernetes.NewForConfigAndClient(cfg, hc)
	if err != nil {
		return err
	}
	if _, err := cs.CoreV1().Namespaces().Get(ctx, t.env.Namespace, metav1.GetOptions{}); err != nil {
		return err
	}
	t.httpClient, t.cs = hc, cs
	t.heapBefore = heapAfterGC()
	t.clientHeap = int64(t.heapBefore) - int64(empty)
	t.requests = accounting.Process.Snapshot()
	return nil
}

func (t *syncTrial) Shot(ctx context.Context) error {
	t.informer = startInformer(t.cs, t.env.Namespace)
	return t.informer.waitSynced(ctx, 10*time.Minute)
}

func (t *syncTrial) After(ctx context.Context, m Secondaries) error {
	defer t.teardown()
	// With LIST_WATCH the WATCH follows the sync: let it be sent, so it is seen.
	if err := pollUntil(ctx, 10*time.Second, time.Millisecond, "the informer's WATCH",
		func() bool { return accounting.Process.Snapshot().Minus(t.requests).Watch >= 1 }); err != nil {
		return err
	}
	cached := len(t.informer.informer.GetStore().ListKeys())
	retained := float64(int64(heapAfterGC()) - int64(t.heapBefore))
	m.Average("heap.bytesPerObject", retained/float64(max(1, cached)), "bytes")
	m.Average("heap.retainedMiB", retained/(1024*1024), "MiB")
	m.Average("heap.clientBytes", float64(t.clientHeap), "bytes")
	m.Average("cache.objects", float64(cached), "objects")
	watch := accounting.Process.Snapshot().Minus(t.requests).WatchURLs[0]
	m.Average("request.sendInitialEvents", flag(strings.Contains(watch, "sendInitialEvents=true")), "flag")
	m.Average("request.allowWatchBookmarks", flag(strings.Contains(watch, "allowWatchBookmarks=true")), "flag")
	return nil
}

func (t *syncTrial) teardown() {
	if t.informer != nil {
		t.informer.Close()
		t.informer = nil
	}
	if t.httpClient != nil {
		t.httpClient.CloseIdleConnections()
		t.httpClient, t.cs = nil, nil
	}
}

func (t *syncTrial) Close() { t.teardown() }

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// heapAfterGC is the live heap once the collector has nothing more to take.
func heapAfterGC() uint64 {
	var ms runtime.MemStats
	used := ^uint64(0)
	for range 5 {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		if float64(ms.HeapAlloc) >= float64(used)*0.99 {
			return min(ms.HeapAlloc, used)
		}
		used = ms.HeapAlloc
		time.Sleep(20 * time.Millisecond)
	}
	return used
}
