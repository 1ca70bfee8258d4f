package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"

	"dev.informerbench/clientgo/internal/accounting"
	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/fixtures"
)

const cacheMemory = pkg + "CacheMemoryBenchmark.sync"

func init() {
	var kinds []string
	for _, k := range fixtures.Kinds {
		kinds = append(kinds, k.Param)
	}
	register(Benchmark{cacheMemory, "ss", "ms/op", 1, []Param{clientParam, {"kind", kinds, oneOf(kinds...)},
		syncObjects, {"remedy", remedies, oneOf(remedies...)}}, startCacheMemory})
	seedsItsOwn[cacheMemory] = true
}

// cacheSyncTimeout is CacheMemoryBenchmark's SYNC_TIMEOUT: 100,000 Pods take minutes to sync.
const cacheSyncTimeout = 15 * time.Minute

// cacheMemoryTrial: CacheMemoryBenchmark, what an informer's cache of Pods, Secrets or ConfigMaps
// costs in memory and what each remedy saves. The trial seeds the kind's namespace in its shapes
// (fixtures.EnsureShapes) and reads object 0's JSON once; each iteration, as syncTrial's, builds the
// client untimed, weighs the heap, times a new informer from its start to HasSynced, and weighs the
// heap again with the informer synced: the difference is the cache. The informer syncs as client-go's
// do by default, by WatchList (its WatchListClient gate is on by default since 0.35, and this family
// has no sync param to set it by); api.list and api.watch say how each client synced.
type cacheMemoryTrial struct {
	env        *TrialEnv
	kind       fixtures.ObjectKind
	remedy     string
	namespace  string
	jsonBytes  int
	httpClient *http.Client
	cs         kubernetes.Interface
	md         metadata.Interface
	informer   *shapeInformer
	heapBefore uint64
	requests   accounting.Counts
}

func startCacheMemory(ctx context.Context, env *TrialEnv) (Trial, error) {
	kind, err := fixtures.KindOf(env.Params["kind"])
	if err != nil {
		return nil, err
	}
	t := &cacheMemoryTrial{env: env, kind: kind, remedy: env.Params["remedy"],
		namespace: fixtures.ShapesNamespace(env.Settings.RunID, kind, env.Objects)}
	seeder, err := cluster.SeedingClient(env.Config)
	if err != nil {
		return nil, err
	}
	names, err := cluster.NewMetadataClient(env.Config, cluster.ClientSpec{Unlimited: true})
	if err != nil {
		return nil, err
	}
	seeded, err := fixtures.EnsureShapes(ctx, seeder, names, env.Settings.RunID, env.Settings.Owner, t.namespace,
		kind, env.Objects, func(line string) { fmt.Println("# " + line) })
	if err != nil {
		return nil, fmt.Errorf("seeding: %w", err)
	}
	if seeded.Created > 0 {
		fmt.Printf("# seeded %s: created %d %s in %.1f s (%.0f/s), %d were there\n", t.namespace, seeded.Created,
			kind.Resource, seeded.Seconds, float64(seeded.Created)/seeded.Seconds, seeded.Existing)
	}
	// Object 0 as the server sends it to a client that asks for JSON (the Java clients' rawGet).
	raw, err := seeder.CoreV1().RESTClient().Get().AbsPath("/api/v1/namespaces", t.namespace, kind.Resource,
		kind.Name(0)).SetHeader("Accept", "application/json").DoRaw(ctx)
	if err != nil {
		return nil, fmt.Errorf("GET of %s/%s: %w", t.namespace, kind.Name(0), err)
	}
	t.jsonBytes = len(raw)
	return t, nil
}

// Before builds the client on a connection of its own (as syncTrial's; the metadata client, for
// METADATA_ONLY, on the same one) and opens it with one GET of the namespace, then weighs the heap.
func (t *cacheMemoryTrial) Before(ctx context.Context) error {
	cfg := rest.CopyConfig(t.env.Config)
	cfg.WrapTransport = accounting.Counted(nil, false, false)
	cs, hc, err := cluster.OnOwnConnection(cfg)
	if err != nil {
		return err
	}
	t.cs, t.httpClient = cs, hc
	if t.remedy == remedyMetadataOnly {
		if t.md, err = metadata.NewForConfigAndClient(cfg, hc); err != nil {
			return err
		}
	}
	if _, err := cs.CoreV1().Namespaces().Get(ctx, t.namespace, metav1.GetOptions{}); err != nil {
		return err
	}
	t.heapBefore = heapAfterGC()
	t.requests = accounting.Process.Snapshot()
	return nil
}

func (t *cacheMemoryTrial) Shot(ctx context.Context) error {
	inf, err := startShapeInformer(t.cs, t.md, t.namespace, t.kind, t.remedy)
	if err != nil {
		return err
	}
	t.informer = inf
	return pollUntil(ctx, cacheSyncTimeout, 100*time.Microsecond,
		"the "+t.kind.Resource+" informer on "+t.namespace+" to sync", inf.HasSynced)
}

// After fails the iteration when the cache holds another count than the remedy implies, so that no
// figure is of a half-filled cache, or an object not as the remedy leaves it; else it weighs the heap
// with the informer synced.
func (t *cacheMemoryTrial) After(ctx context.Context, m Secondaries) error {
	defer t.teardown()
	// With LIST and WATCH the WATCH follows the sync: let it be sent, so it is counted.
	if err := pollUntil(ctx, 10*time.Second, time.Millisecond, "the informer's WATCH",
		func() bool { return accounting.Process.Snapshot().Minus(t.requests).Watch >= 1 }); err != nil {
		return err
	}
	cached := len(t.informer.GetStore().ListKeys())
	if want := cachedUnder(t.remedy, t.env.Objects); cached != want {
		return fmt.Errorf("the %s informer on %s caches %d %s, expected %d", t.remedy, t.namespace, cached,
			t.kind.Resource, want)
	}
	first, _, _ := t.informer.GetStore().GetByKey(t.namespace + "/" + t.kind.Name(0)) // in every remedy's cache
	if err := showsRemedy(first, t.remedy); err != nil {
		return err
	}
	retained := float64(int64(heapAfterGC()) - int64(t.heapBefore))
	rss, err := residentBytes()
	if err != nil {
		return err
	}
	m.Average("heap.bytesPerObject", retained/float64(max(1, cached)), "bytes")
	m.Average("heap.retainedMiB", retained/(1024*1024), "MiB")
	m.Average("cache.objects", float64(cached), "objects")
	m.Average("object.jsonBytes", float64(t.jsonBytes), "bytes")
	m.Average("process.rssMiB", float64(rss)/(1024*1024), "MiB")
	managed, spec := held(first)
	m.Average("cache.managedFields", float64(managed), "entries")
	m.Average("cache.spec", spec, "flag")
	return nil
}

func (t *cacheMemoryTrial) teardown() {
	if t.informer != nil {
		t.informer.Close()
		t.informer = nil
	}
	if t.httpClient != nil {
		t.httpClient.CloseIdleConnections()
		t.httpClient, t.cs, t.md = nil, nil, nil
	}
}

func (t *cacheMemoryTrial) Close() { t.teardown() }

// residentBytes is this process's VmRSS (Linux), read as it is after the forced GCs: the runtime
// gives freed pages back to the OS in the background, so it holds what a controller's container is
// charged at that moment, not the live heap alone.
func residentBytes() (int64, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, fmt.Errorf("process.rssMiB: %w", err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if value, ok := strings.CutPrefix(lines.Text(), "VmRSS:"); ok {
			kib, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
			return kib * 1024, err
		}
	}
	return 0, fmt.Errorf("process.rssMiB: no VmRSS in /proc/self/status")
}
