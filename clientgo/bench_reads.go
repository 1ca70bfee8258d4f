package main

import (
	"context"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	listers "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/cluster"
)

func init() {
	register(
		Benchmark{pkg + "ListerGetBenchmark.lister_t1", "avgt", "ns/op", 1, []Param{clientParam, objects3}, startLister},
		Benchmark{pkg + "ListerGetBenchmark.lister_t2", "avgt", "ns/op", 2, []Param{clientParam, objects3}, startLister},
		Benchmark{pkg + "DirectGetBenchmark.unthrottled", "thrpt", "ops/s", 1, directGetParams, startUnthrottled},
		Benchmark{pkg + "DirectGetBenchmark.throttled", "thrpt", "ops/s", 1, directGetParams, startThrottled},
	)
}

var directGetParams = []Param{
	{"burst", []string{"10"}, positiveInt}, clientParam, objects3,
	{"qps", []string{"5"}, positiveNumber},
}

// configMapInformer is one namespace-scoped ConfigMap informer from a shared factory.
type configMapInformer struct {
	factory  informers.SharedInformerFactory
	informer cache.SharedIndexInformer
	lister   listers.ConfigMapNamespaceLister
	stop     chan struct{}
}

// startInformer starts it; HasSynced is polled by the caller (see waitSynced).
func startInformer(cs kubernetes.Interface, ns string) *configMapInformer {
	c, _ := startIndexedInformer(cs, ns, nil)
	return c
}

// startIndexedInformer starts it with custom indexers added first (the factory's informer has
// cache.NamespaceIndex already), as the Java clients add theirs before they start.
func startIndexedInformer(cs kubernetes.Interface, ns string, indexers cache.Indexers) (*configMapInformer, error) {
	f := informers.NewSharedInformerFactoryWithOptions(cs, 0, informers.WithNamespace(ns))
	cms := f.Core().V1().ConfigMaps()
	c := &configMapInformer{factory: f, informer: cms.Informer(), lister: cms.Lister().ConfigMaps(ns), stop: make(chan struct{})}
	if len(indexers) > 0 {
		if err := c.informer.AddIndexers(indexers); err != nil {
			return nil, err
		}
	}
	f.Start(c.stop)
	return c, nil
}

// startHandledInformer starts one with resync period resync and handlers added first, so that each
// gets the initial adds through its own listener (one goroutine each in client-go).
func startHandledInformer(cs kubernetes.Interface, ns string, resync time.Duration,
	handlers ...cache.ResourceEventHandler) (*configMapInformer, error) {
	f := informers.NewSharedInformerFactoryWithOptions(cs, resync, informers.WithNamespace(ns))
	cms := f.Core().V1().ConfigMaps()
	c := &configMapInformer{factory: f, informer: cms.Informer(), lister: cms.Lister().ConfigMaps(ns),
		stop: make(chan struct{})}
	for _, h := range handlers {
		if _, err := c.informer.AddEventHandler(h); err != nil {
			return nil, err
		}
	}
	f.Start(c.stop)
	return c, nil
}

// waitSynced polls HasSynced every 100 µs: cache.WaitForCacheSync polls every 100 ms,
// which would round every sync time up to that grain.
func (c *configMapInformer) waitSynced(ctx context.Context, timeout time.Duration) error {
	return pollUntil(ctx, timeout, 100*time.Microsecond, "the informer to sync", c.informer.HasSynced)
}

func (c *configMapInformer) Close() {
	close(c.stop)
	c.factory.Shutdown()
}

// listerTrial: ListerGetBenchmark, a Get from the synced informer's cache.
type listerTrial struct {
	*configMapInformer
	keys keyOrder
	kept [][8]*corev1.ConfigMap // per goroutine, padded apart: results kept, not shared
}

func startLister(ctx context.Context, env *TrialEnv) (Trial, error) {
	cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{})
	if err != nil {
		return nil, err
	}
	inf := startInformer(cs, env.Namespace)
	if err := inf.waitSynced(ctx, 10*time.Minute); err != nil {
		inf.Close()
		return nil, err
	}
	return &listerTrial{configMapInformer: inf, keys: newKeyOrder(env.Objects, 42), kept: make([][8]*corev1.ConfigMap, 2)}, nil
}

func (t *listerTrial) Op(worker int, i uint64) error {
	cm, err := t.lister.Get(t.keys.at(i))
	t.kept[worker][0] = cm
	return err
}

func (t *listerTrial) Close() {
	sink.Store(t.kept)
	t.configMapInformer.Close()
}

// directGetTrial: DirectGetBenchmark, one GET of a ConfigMap from the API server.
type directGetTrial struct {
	cs   *kubernetes.Clientset
	ns   string
	keys keyOrder
	kept *corev1.ConfigMap
}

// startUnthrottled: a limiter that never waits, and 429s returned rather than retried.
func startUnthrottled(_ context.Context, env *TrialEnv) (Trial, error) {
	cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{Unlimited: true})
	return &directGetTrial{cs: cs, ns: env.Namespace, keys: newKeyOrder(env.Objects, 42)}, err
}

// startThrottled: client-go's own token bucket, from rest.Config QPS and Burst.
func startThrottled(_ context.Context, env *TrialEnv) (Trial, error) {
	qps, _ := strconv.ParseFloat(env.Params["qps"], 32)
	burst, _ := strconv.Atoi(env.Params["burst"])
	cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{QPS: float32(qps), Burst: burst})
	return &directGetTrial{cs: cs, ns: env.Namespace, keys: newKeyOrder(env.Objects, 42)}, err
}

func (t *directGetTrial) Op(_ int, i uint64) error {
	cm, err := t.cs.CoreV1().ConfigMaps(t.ns).Get(context.Background(), t.keys.at(i), metav1.GetOptions{})
	if apierrors.IsTooManyRequests(err) {
		return nil // counted as api.429 by the transport; the op is over
	}
	t.kept = cm
	return err
}

func (t *directGetTrial) Close() { sink.Store(t.kept) }
